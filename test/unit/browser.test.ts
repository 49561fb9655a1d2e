/**
 * The browser finder (lib/local/browser.ts) used by the browser tests and the preflight: CHROME_PATH
 * first (and a wrong one is an error), then the usual Chromium/Chrome places on Linux and macOS,
 * then Playwright's own cache, newest revision first.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBrowser, isExecutableFile, requireBrowser, type BrowserSearch } from '../../lib/local/browser.ts';

/** A pretend machine: these files are executable, these directories list these entries. */
function machine(platform: NodeJS.Platform, executables: string[], env: NodeJS.ProcessEnv = {}, home = '/home/ada'): BrowserSearch {
  const files = new Set(executables);
  return {
    env, platform, home,
    isExecutable: (p) => files.has(p),
    list: (dir) => [...new Set(executables.filter((f) => f.startsWith(`${dir}/`)).map((f) => f.slice(dir.length + 1).split('/')[0]!))],
  };
}

describe('findBrowser', () => {
  it('takes CHROME_PATH first, before any usual location', () => {
    expect(findBrowser(machine('linux', ['/usr/bin/chromium', '/opt/my/chrome'], { CHROME_PATH: '/opt/my/chrome' })))
      .toEqual({ ok: true, path: '/opt/my/chrome', source: 'CHROME_PATH' });
  });

  it('refuses a CHROME_PATH that is not there instead of quietly using another browser', () => {
    const r = findBrowser(machine('linux', ['/usr/bin/chromium'], { CHROME_PATH: '/opt/typo/chrome' }));
    expect(r).toMatchObject({ ok: false, reason: expect.stringContaining('CHROME_PATH=/opt/typo/chrome') });
  });

  it.each([
    ['/usr/bin/chromium'], ['/usr/bin/chromium-browser'], ['/snap/bin/chromium'], ['/usr/bin/google-chrome'], ['/opt/google/chrome/chrome'],
  ])('finds %s on Linux', (path) => {
    expect(findBrowser(machine('linux', [path]))).toEqual({ ok: true, path, source: 'system' });
  });

  it('finds Chromium or Google Chrome in /Applications or ~/Applications on macOS', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(findBrowser(machine('darwin', [chrome], {}, '/Users/ada'))).toEqual({ ok: true, path: chrome, source: 'system' });
    const mine = '/Users/ada/Applications/Chromium.app/Contents/MacOS/Chromium';
    expect(findBrowser(machine('darwin', [mine], {}, '/Users/ada'))).toEqual({ ok: true, path: mine, source: 'system' });
  });

  it("falls back to Playwright's cache on Linux, newest revision first", () => {
    const old = '/home/ada/.cache/ms-playwright/chromium-1100/chrome-linux/chrome';
    const current = '/home/ada/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
    expect(findBrowser(machine('linux', [old, current]))).toEqual({ ok: true, path: current, source: 'playwright' });
    expect(findBrowser(machine('linux', [old]))).toEqual({ ok: true, path: old, source: 'playwright' });
  });

  it('prefers a full Chromium to a headless shell of the same revision, and takes the shell when it is all there is', () => {
    const shell = '/home/ada/.cache/ms-playwright/chromium_headless_shell-1255/chrome-headless-shell-linux64/chrome-headless-shell';
    const full = '/home/ada/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
    expect(findBrowser(machine('linux', [shell, full]))).toMatchObject({ path: full });
    expect(findBrowser(machine('linux', [shell]))).toMatchObject({ ok: true, path: shell });
  });

  it("uses ~/Library/Caches/ms-playwright on macOS, and XDG_CACHE_HOME or PLAYWRIGHT_BROWSERS_PATH when set", () => {
    const mac = '/Users/ada/Library/Caches/ms-playwright/chromium-1255/chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing';
    expect(findBrowser(machine('darwin', [mac], {}, '/Users/ada'))).toMatchObject({ ok: true, path: mac });
    const xdg = '/xdg/ms-playwright/chromium-1255/chrome-linux64/chrome';
    expect(findBrowser(machine('linux', [xdg], { XDG_CACHE_HOME: '/xdg' }))).toMatchObject({ ok: true, path: xdg });
    const shared = '/srv/browsers/chromium-1255/chrome-linux64/chrome';
    expect(findBrowser(machine('linux', [shared], { PLAYWRIGHT_BROWSERS_PATH: '/srv/browsers' }))).toMatchObject({ ok: true, path: shared });
  });

  it('says where it looked when there is nothing, and requireBrowser names the install commands', () => {
    const none = machine('linux', ['/usr/bin/firefox']);
    const r = findBrowser(none);
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.looked).toEqual(expect.arrayContaining(['/usr/bin/chromium', '/home/ada/.cache/ms-playwright/chromium-*']));
    expect(() => requireBrowser(none)).toThrow(/apt-get install -y chromium[\s\S]*brew install --cask chromium[\s\S]*npx playwright-core install chromium[\s\S]*CHROME_PATH/);
  });

  describe('on a real file system', () => {
    const home = mkdtempSync(join(tmpdir(), 'mailroom-browser-'));
    afterAll(() => rmSync(home, { recursive: true, force: true }));

    it('finds an executable in a Playwright cache and skips one that is not executable', () => {
      const cache = join(home, 'Library', 'Caches', 'ms-playwright');
      const exe = join(cache, 'chromium-1255', 'chrome-mac-x64', 'Google Chrome for Testing.app', 'Contents', 'MacOS', 'Google Chrome for Testing');
      const notExe = join(cache, 'chromium-1300', 'chrome-mac-x64', 'Google Chrome for Testing.app', 'Contents', 'MacOS', 'Google Chrome for Testing');
      for (const f of [exe, notExe]) { mkdirSync(dirname(f), { recursive: true }); writeFileSync(f, '#!/bin/sh\n'); }
      chmodSync(exe, 0o755);
      chmodSync(notExe, 0o644);
      // Real directory listing and permission checks, limited to this home so a browser installed
      // on the machine running the test does not answer first.
      const isExecutable = (p: string) => p.startsWith(home) && isExecutableFile(p);
      expect(isExecutableFile(notExe)).toBe(false);
      expect(findBrowser({ env: {}, platform: 'darwin', home, isExecutable })).toEqual({ ok: true, path: exe, source: 'playwright' });
    });
  });
});
