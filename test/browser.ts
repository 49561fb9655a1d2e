/**
 * A real headless Chromium for the page tests (test/e2e/pages.test.ts, test/sandbox/pages.test.ts),
 * found by lib/local/browser.ts, and fresh profiles that record what a page makes the browser do.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { requireBrowser } from '../lib/local/browser.ts';

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export interface RecordingBrowser {
  /** A fresh profile recording every request, every dialog (dismissed) and every page the content opened. */
  open(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Awaited<ReturnType<BrowserContext['newPage']>>; requests: string[]; dialogs: string[]; popups: string[] }>;
  close(): Promise<void>;
}

export async function launchRecordingBrowser(): Promise<RecordingBrowser> {
  const browser: Browser = await chromium.launch({
    executablePath: requireBrowser(), // throws naming what it searched and the install commands
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const contexts: BrowserContext[] = [];
  return {
    async open(options = DESKTOP) {
      const context = await browser.newContext(options);
      contexts.push(context);
      const requests: string[] = [];
      const dialogs: string[] = [];
      const popups: string[] = [];
      context.on('request', (r) => requests.push(r.url()));
      const page = await context.newPage();
      // Registered after our own page opened: any page from now on is one the content opened.
      context.on('page', (p) => popups.push(p.url()));
      page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
      return { context, page, requests, dialogs, popups };
    },
    async close() {
      for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
      await browser.close();
    },
  };
}
