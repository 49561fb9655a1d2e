/**
 * `<data dir>/stack.json`: what a running local stack tells the commands run beside it
 * (`npm run replay -- --local`): where its emulator is, the keys to sign with, its resources, and
 * the inputs of `functionEnvironment()` (lib/local/functions-host.ts), so a command can run a
 * handler in-process with exactly the environment the stack gives that function. Written at every
 * start (the keys change at every start), removed at a clean stop.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalCredentials } from './iam.ts';
import type { LocalResources } from './resources.ts';

export const STACK_FILE = 'stack.json';

export interface LocalStackFile {
  /** The process that runs the stack (npm start). */
  pid: number;
  startedAt: string;
  apiUrl: string;
  mailDomain: string;
  aws: {
    endpoint: string;
    region: string;
    /** The stand-ins' admin identity (everything allowed); with IAM enforced, the only keys that may empty a queue. */
    credentials: LocalCredentials;
    /** Whether the emulator checks IAM (lib/local/iam.ts). */
    iamEnforced: boolean;
  };
  /** functionEnvironment()'s inputs: application values, local knobs, and per-function keys when IAM is enforced. */
  functions: {
    values: Record<string, string>;
    localValues: Record<string, string>;
    credentials?: { ingest: LocalCredentials };
  };
  resources: LocalResources & { ingestDlqUrl: string };
}

export function writeStackFile(dataDir: string, f: LocalStackFile): void {
  const path = join(dataDir, STACK_FILE);
  // Atomic (a reader never sees half a file); owner-only: it holds the emulator's keys.
  writeFileSync(`${path}.tmp`, `${JSON.stringify(f, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

export function removeStackFile(dataDir: string): void {
  rmSync(join(dataDir, STACK_FILE), { force: true });
}

/** The file of the stack running on `dataDir`; throws a message that says what to do when there is none. */
export function readStackFile(dataDir: string): LocalStackFile {
  const path = join(dataDir, STACK_FILE);
  if (!existsSync(path)) {
    throw new Error(`${path} does not exist: no local stack is running on the data directory ${dataDir}. `
      + 'Start it with `npm start` (an --in-memory stack or one on your own AWS_ENDPOINT_URL has no data directory), '
      + 'or point --data-dir / MAILROOM_DATA_DIR at the directory it uses.');
  }
  const f = JSON.parse(readFileSync(path, 'utf8')) as LocalStackFile;
  if (!f.aws?.endpoint || !f.resources?.ingestDlqUrl || !f.functions?.values) {
    throw new Error(`${path} is not a stack file this version wrote: restart the local stack (npm start)`);
  }
  return f;
}
