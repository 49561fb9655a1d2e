/**
 * Finds the Chromium/Chrome the browser tests drive through playwright-core, in this order:
 * 1. `CHROME_PATH` (when set it must work: a wrong value is an error, not a silent fallback);
 * 2. the usual Chromium / Chrome locations on Linux and macOS;
 * 3. Playwright's own browser cache (`npx playwright-core install chromium`): PLAYWRIGHT_BROWSERS_PATH,
 *    else ~/.cache/ms-playwright (Linux, or $XDG_CACHE_HOME) / ~/Library/Caches/ms-playwright (macOS).
 * Used by the browser tests and by the preflight.
 */
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface BrowserSearch {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
  /** Whether `path` is an executable file (injectable for tests). */
  isExecutable?: (path: string) => boolean;
  /** The entries of a directory, [] when it does not exist (injectable for tests). */
  list?: (dir: string) => string[];
}

export type BrowserResult =
  | { ok: true; path: string; source: 'CHROME_PATH' | 'system' | 'playwright' }
  | { ok: false; reason: string; looked: string[] };

const LINUX = [
  '/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/lib/chromium/chromium',
  '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome',
];
const MAC_APPS = [
  'Chromium.app/Contents/MacOS/Chromium',
  'Google Chrome.app/Contents/MacOS/Google Chrome',
  'Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
];

/** Executables inside one Playwright cache entry (chromium-<rev>, chromium_headless_shell-<rev>), old and new layouts. */
const PLAYWRIGHT_LAYOUTS: Record<'linux' | 'darwin', string[]> = {
  linux: [
    'chrome-linux64/chrome', 'chrome-linux-arm64/chrome', 'chrome-linux/chrome',
    'chrome-headless-shell-linux64/chrome-headless-shell', 'chrome-headless-shell-linux-arm64/chrome-headless-shell', 'chrome-linux/headless_shell',
  ],
  darwin: [
    'chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
    'chrome-mac-x64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
    'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
    'chrome-headless-shell-mac-arm64/chrome-headless-shell', 'chrome-headless-shell-mac-x64/chrome-headless-shell', 'chrome-mac/headless_shell',
  ],
};

/** The commands that install a browser the finder will pick up. */
export const BROWSER_INSTALL = {
  debian: 'sudo apt-get install -y chromium   (Ubuntu: sudo snap install chromium)',
  macos: 'brew install --cask chromium   (or install Google Chrome)',
  any: 'npx playwright-core install chromium   (into Playwright\'s cache, no root needed)',
};

/** An existing file (symlinks followed) that this user may execute. */
export function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function defaultList(dir: string): string[] {
  try { return readdirSync(dir); } catch { return []; }
}

/** Where Playwright keeps its browsers on this platform. */
export function playwrightCacheDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (env.PLAYWRIGHT_BROWSERS_PATH && env.PLAYWRIGHT_BROWSERS_PATH !== '0') return env.PLAYWRIGHT_BROWSERS_PATH;
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'ms-playwright');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'ms-playwright');
}

/** Newest revision first: a full chromium before a headless shell of the same revision. */
function cacheEntries(names: string[]): string[] {
  const rev = (n: string) => Number(/-(\d+)$/.exec(n)?.[1] ?? -1);
  return names
    .filter((n) => /^(chromium|chromium_headless_shell)-\d+$/.test(n))
    .sort((a, b) => rev(b) - rev(a) || (a.startsWith('chromium_headless') ? 1 : 0) - (b.startsWith('chromium_headless') ? 1 : 0));
}

export function findBrowser(search: BrowserSearch = {}): BrowserResult {
  const env = search.env ?? process.env;
  const platform = search.platform ?? process.platform;
  const home = search.home ?? homedir();
  const isExecutable = search.isExecutable ?? isExecutableFile;
  const list = search.list ?? defaultList;

  if (env.CHROME_PATH) {
    return isExecutable(env.CHROME_PATH)
      ? { ok: true, path: env.CHROME_PATH, source: 'CHROME_PATH' }
      : { ok: false, reason: `CHROME_PATH=${env.CHROME_PATH} is not an executable file`, looked: [env.CHROME_PATH] };
  }

  const looked: string[] = [];
  const system = platform === 'darwin'
    ? [...MAC_APPS.map((a) => join('/Applications', a)), ...MAC_APPS.map((a) => join(home, 'Applications', a)), '/opt/homebrew/bin/chromium', '/usr/local/bin/chromium']
    : LINUX;
  for (const p of system) {
    looked.push(p);
    if (isExecutable(p)) return { ok: true, path: p, source: 'system' };
  }

  const cache = playwrightCacheDir(env, platform, home);
  const layouts = PLAYWRIGHT_LAYOUTS[platform === 'darwin' ? 'darwin' : 'linux'];
  looked.push(`${cache}/chromium-*`);
  for (const entry of cacheEntries(list(cache))) {
    for (const layout of layouts) {
      const p = join(cache, entry, layout);
      if (isExecutable(p)) return { ok: true, path: p, source: 'playwright' };
    }
  }
  return { ok: false, reason: 'no Chromium or Chrome found (CHROME_PATH is not set)', looked };
}

/** The browser's path, or an error naming what was searched and how to install one. */
export function requireBrowser(search: BrowserSearch = {}): string {
  const found = findBrowser(search);
  if (found.ok) return found.path;
  throw new Error([
    `The browser tests need Chromium or Chrome: ${found.reason}.`,
    `Looked at: ${found.looked.join(', ')}.`,
    'Install one:',
    `  Debian/Ubuntu: ${BROWSER_INSTALL.debian}`,
    `  macOS:         ${BROWSER_INSTALL.macos}`,
    `  either:        ${BROWSER_INSTALL.any}`,
    'or set CHROME_PATH to its executable.',
  ].join('\n'));
}
