import { join } from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl } from '../../server/src/platform/embedded-postgres';
import { expectHidden, expectVisible, launchBrowser, openPage, screenshot } from './harness/browser';
import { haveSamples, SIMPLE_WALL_IFC, wallsNamedIds } from './harness/samples';
import { type RunningServer, startServer } from './harness/server';

// Its own server, so that nothing but this test can change its database while the rows are counted.
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/**
 * The installation without billing (the second describe's) starts with this file's own, so it is
 * ready when the first test ends instead of starting then. Stopped after its tests, or at the end.
 */
let freeStart: Promise<RunningServer> | undefined;
let freeStopped = false;
async function stopFree(): Promise<void> {
  if (!freeStart || freeStopped) return;
  freeStopped = true;
  await (await freeStart.catch(() => undefined))?.stop();
}

beforeAll(async () => {
  freeStart = startServer({ env: { BILLING: 'off' } });
  // A start that fails is reported by the describe that awaits it.
  freeStart.catch(() => {});
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stopFree();
});
beforeEach(async () => {
  ({ context, page } = await openPage(browser, server.baseUrl));
});
afterEach(async () => {
  await context?.close();
});

/**
 * Rows of every table of the application's schema, read straight from the server's database (not
 * through the app): the demo must leave each count as it was.
 */
async function rowCounts(of: RunningServer = server): Promise<Record<string, number>> {
  const url = embeddedDatabaseUrl(join(of.dataDir, 'postgres'));
  if (!url) throw new Error('the server under test has no embedded database running');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const tables = await db.query<{ name: string }>(
      "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      counts[name] = Number((await db.query(`select count(*) as n from public.${name}`)).rows[0].n);
    }
    return counts;
  } finally {
    await db.end();
  }
}

describe('/demo: the create-project wizard (spec 1 §4, issue 35)', () => {
  it('runs every step with a simulated payment and creation, writes nothing and ends on /demo', async () => {
    if (!haveSamples('the demo wizard', SIMPLE_WALL_IFC)) return;
    const before = await rowCounts();
    // Every request the page makes that could change something: there must be none.
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.method() !== 'HEAD')
        writes.push(`${request.method()} ${request.url()}`);
    });

    await page.goto('/demo?tab=projects');
    await expectVisible(page.getByText('Demo mode'));
    await page.getByRole('button', { name: 'New Project' }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Create New Project' });
    await expectVisible(wizard.getByText('Step 1 of 6: Connect'));
    await screenshot(page, 'demo-wizard-1-connect');

    await wizard.getByRole('button', { name: /Upload IFC files from this computer/ }).click();
    await expectVisible(wizard.getByText('Step 3 of 6: Details'));
    await wizard.getByLabel('Project name').fill('Demo Harbour');
    // The installation's own plans (the popular one chosen), as a signed-in user sees them.
    await expectVisible(wizard.getByRole('radio', { name: /Cornerstone/, checked: true }));
    await screenshot(page, 'demo-wizard-3-details');
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expectVisible(wizard.getByText('Step 4 of 6: Files'));
    await wizard.getByLabel('Choose IFC files').setInputFiles(SIMPLE_WALL_IFC);
    await wizard.getByLabel('Choose IDS files').setInputFiles({
      name: 'walls-named.ids',
      mimeType: 'application/xml',
      buffer: Buffer.from(wallsNamedIds()),
    });
    await expectVisible(wizard.getByText('1 of 20 files selected'));
    await expectVisible(
      wizard.getByRole('list', { name: 'Selected IDS files' }).getByText('walls-named.ids'),
    );
    await screenshot(page, 'demo-wizard-4-files');
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expectVisible(wizard.getByText('Step 5 of 6: Payment'));
    await expectVisible(wizard.getByText('A$149.00 / month'));
    await expectVisible(wizard.getByText(/^Demo: no card is charged and nothing is saved/));
    await expectVisible(wizard.getByText('1 IDS file to upload after payment'));
    await screenshot(page, 'demo-wizard-5-payment');
    // The simulated payment and creation take 3 s, during which the button reads Processing...: a
    // page-side observer records it, so no wait of the test depends on how long that lasts.
    await page.evaluate(() => {
      const seen = window as unknown as { sawProcessing: boolean };
      seen.sawProcessing = false;
      new MutationObserver(() => {
        const buttons = [...document.querySelectorAll('[role="dialog"] button')];
        if (buttons.some((button) => button.textContent === 'Processing...')) seen.sawProcessing = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await wizard.getByRole('button', { name: 'Complete Payment' }).click();

    await expectVisible(wizard.getByText('Step 6 of 6: Complete'));
    await expectVisible(wizard.getByText('Project created successfully'));
    await expectVisible(wizard.getByText('This demo project was simulated: nothing was saved.'));
    await screenshot(page, 'demo-wizard-6-complete');
    expect(await page.evaluate(() => (window as unknown as { sawProcessing: boolean }).sawProcessing)).toBe(
      true,
    );
    await wizard.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await expectHidden(wizard);

    // The demo's dashboard, its query cleared; no sign-in page on the way.
    const url = new URL(page.url());
    expect(url.pathname).toBe('/demo');
    expect(url.search).toBe('');
    await expectVisible(page.getByText('Demo mode'));

    expect(writes).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('/demo on an installation that sells no plans (BILLING=off, issue 35)', () => {
  let free: RunningServer;
  let freeContext: BrowserContext;
  let freePage: Page;
  beforeAll(async () => {
    free = await (freeStart as Promise<RunningServer>);
  });
  afterAll(stopFree);
  beforeEach(async () => {
    ({ context: freeContext, page: freePage } = await openPage(browser, free.baseUrl));
  });
  afterEach(async () => {
    await freeContext?.close();
  });

  it('passes Details with no plan, simulates the creation on Files, writes nothing and ends on /demo', async () => {
    if (!haveSamples('the demo wizard without billing', SIMPLE_WALL_IFC)) return;
    const before = await rowCounts(free);
    const writes: string[] = [];
    freePage.on('request', (request) => {
      if (request.method() !== 'GET' && request.method() !== 'HEAD')
        writes.push(`${request.method()} ${request.url()}`);
    });

    await freePage.goto('/demo?tab=projects');
    await expectVisible(freePage.getByText('Demo mode'));
    await freePage.getByRole('button', { name: 'New Project' }).first().click();
    const wizard = freePage.getByRole('dialog', { name: 'Create New Project' });
    await wizard.getByRole('button', { name: /Upload IFC files from this computer/ }).click();
    await expectVisible(wizard.getByText('Step 3 of 6: Details'));
    await wizard.getByLabel('Project name').fill('Demo Harbour');
    // No plan to choose: the installation sells none, as a signed-in user's wizard shows it.
    await expectHidden(wizard.getByRole('radiogroup', { name: 'Plan' }));
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expectVisible(wizard.getByText('Step 4 of 6: Files'));
    await wizard.getByLabel('Choose IFC files').setInputFiles(SIMPLE_WALL_IFC);
    await expectVisible(wizard.getByText('1 of 15 files selected'));
    await screenshot(freePage, 'demo-wizard-no-billing-4-files');
    await wizard.getByRole('button', { name: 'Create Project' }).click();

    await expectVisible(wizard.getByText('Step 6 of 6: Complete'));
    await expectVisible(wizard.getByText('This demo project was simulated: nothing was saved.'));
    await wizard.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await expectHidden(wizard);
    const url = new URL(freePage.url());
    expect(url.pathname).toBe('/demo');
    expect(url.search).toBe('');

    expect(writes).toEqual([]);
    expect(await rowCounts(free)).toEqual(before);
  });
});
