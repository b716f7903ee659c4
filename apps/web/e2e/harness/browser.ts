import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { e2eBrowserEndpoint } from './base-url';
import { connectChromium, launchChromium } from './chromium';
import { watchServerPaths } from './server-paths';
import { WAIT_MS } from './wait';

/**
 * The browser of this file: the Chromium of its worker slot (started by the global setup, reused by the
 * files that run one after another in the slot), connected to; or, run outside the global setup, a
 * Chromium of its own. Each file's contexts are its own either way, and closing it leaves the slot's.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = e2eBrowserEndpoint();
  return endpoint ? connectChromium(endpoint) : launchChromium();
}

/** A fresh context (no cookies, no storage) and page pointed at the server under test. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 } });
  // Every locator wait, navigation and request of the page: a guard against a hang (harness/wait.ts).
  context.setDefaultTimeout(WAIT_MS);
  // Every API answer is checked for a server path at the end of the file (harness/server-paths.setup.ts).
  watchServerPaths(context);
  const page = await context.newPage();
  return { context, page };
}

/** Waits until the locator is visible (fails the test with the locator in the message otherwise). */
export async function expectVisible(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export async function expectHidden(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Waits for the URL's path (and optionally a query parameter) to match. */
export async function expectPath(page: Page, pathname: string, timeout = WAIT_MS): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/** Saves a screenshot when E2E_SCREENSHOT_DIR is set (for looking at the app, not for assertions). */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  // A page as the window shows it (fixed headers and side sheets where a person sees them);
  // a locator, one panel of a long page, alone at full size.
  await target.screenshot({ path });
}

/**
 * The bytes of a download. The browser is a connected one (the slot's), for which Playwright keeps no
 * local path (`download.path()` refuses): the file is copied here, read, and removed.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-e2e-download-'));
  try {
    const path = join(dir, 'download');
    await download.saveAs(path);
    return readFileSync(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A unique e-mail address per call, so tests never collide in the shared server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface BrowserSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * The lifecycle every end-to-end file wants: one browser per file, a fresh context and page per
 * test (closed after it). `onOpen` receives them before each test.
 */
export function browserPagePerTest(baseUrl: string, onOpen: (session: BrowserSession) => void): void {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('the browser did not start');
    const opened = await openPage(browser, baseUrl);
    context = opened.context;
    onOpen({ browser, ...opened });
  });
  afterEach(async () => {
    await context?.close();
  });
}
