import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { watchServerPaths } from './server-paths';
import { WAIT_MS } from './wait';

const CHROMIUM = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with everything that would reach the internet switched off. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it with apt-get install -y chromium.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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
