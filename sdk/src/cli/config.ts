/**
 * Where the CLI finds the API and the key: flags, then MAILROOM_API_URL / MAILROOM_API_KEY /
 * MAILROOM_INBOX, then a JSON file only the user can read (0600 in a 0700 directory) under the
 * user's config directory (XDG_CONFIG_HOME on Linux, Preferences on macOS, APPDATA on Windows).
 * MAILROOM_CONFIG names another file.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import envPaths from 'env-paths';

export interface StoredConfig {
  api_url?: string;
  api_key?: string;
  /** The inbox commands use when none is named. */
  inbox?: string;
  /**
   * Inbox keys by inbox id, kept when `inbox create` shows them (the only time they are shown):
   * the inbox-scoped routes (threads, drafts, one inbox's record) take only that inbox's key.
   */
  inbox_keys?: Record<string, string>;
}

export const configPath = (): string =>
  process.env.MAILROOM_CONFIG || join(envPaths('mailroom', { suffix: '' }).config, 'config.json');

export function readConfig(): StoredConfig {
  let text: string;
  try {
    text = readFileSync(configPath(), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${configPath()} is not a JSON object`);
  return parsed as StoredConfig;
}

type Settable = 'api_url' | 'api_key' | 'inbox';

/**
 * Merges `changes` (undefined removes a setting) and `inboxKeys` into the file and writes it
 * atomically, owner-only.
 */
export function writeConfig(changes: Partial<Record<Settable, string | undefined>>, inboxKeys: Record<string, string> = {}): StoredConfig {
  const next: StoredConfig = { ...readConfig() };
  for (const [k, v] of Object.entries(changes) as [Settable, string | undefined][]) {
    if (v === undefined) delete next[k];
    else next[k] = v;
  }
  if (Object.keys(inboxKeys).length) next.inbox_keys = { ...next.inbox_keys, ...inboxKeys };
  const file = configPath();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  return next;
}

export interface Resolved {
  apiUrl?: string;
  apiKey?: string;
  inbox?: string;
  /** Stored inbox keys; used for an inbox's own routes unless a key was given by flag or env. */
  inboxKeys: Record<string, string>;
  /** Where each value came from, for `config show`. */
  sources: Record<'apiUrl' | 'apiKey' | 'inbox', 'flag' | 'env' | 'file' | 'default'>;
}

export function resolveConfig(flags: { apiUrl?: string; apiKey?: string; inbox?: string }): Resolved {
  const file = readConfig();
  const pick = (flag: string | undefined, envName: string, fromFile: string | undefined) =>
    flag ? { v: flag, s: 'flag' as const } : process.env[envName] ? { v: process.env[envName], s: 'env' as const }
      : fromFile ? { v: fromFile, s: 'file' as const } : { v: undefined, s: 'default' as const };
  const url = pick(flags.apiUrl, 'MAILROOM_API_URL', file.api_url);
  const key = pick(flags.apiKey, 'MAILROOM_API_KEY', file.api_key);
  const inbox = pick(flags.inbox, 'MAILROOM_INBOX', file.inbox);
  return { apiUrl: url.v, apiKey: key.v, inbox: inbox.v, inboxKeys: file.inbox_keys ?? {}, sources: { apiUrl: url.s, apiKey: key.s, inbox: inbox.s } };
}

/** `mr_free_1234…cdef`: enough to tell keys apart, not enough to use one. */
export const maskKey = (key: string) => (key.length > 16 ? `${key.slice(0, 12)}…${key.slice(-4)}` : '…');
