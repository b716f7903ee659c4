import { join } from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl } from '../../server/src/platform/embedded-postgres';
import type { ApsStandin } from '../../server/test/support/aps-standin';
import { connectToAcc, harbourTowerFiles, startAccInstallation } from './harness/acc';
import { signUpViaApi } from './harness/api';
import {
  expectHidden,
  expectVisible,
  launchBrowser,
  openPage,
  screenshot,
  uniqueEmail,
} from './harness/browser';
import type { RunningServer } from './harness/server';
import { DATA_DIR_PREFIX, serverPathLeaks } from './harness/server-paths';
import { until } from './harness/wait';
import { payWithCard, TEST_CARD } from './harness/wizard';

// Issue 12 acceptance 1–3 in Chromium: the wizard's ACC path and the project refresh's reconnect flow,
// against a loopback APS stand-in (its own server, as Autodesk's sign-in page is a real page the
// browser visits; harness/acc.ts). Names, sizes and versions expected here are the stand-in's.
const HOUR = 3_600_000;
/**
 * Waits on the server's state (a file's status, a database row) ask once a second rather than at
 * expect.poll's default tenth: each asking is a request or a database connection, and processing under
 * load takes many seconds, so a tighter poll only spends the CPU the processing waits for.
 */
const API_POLL = { interval: 1000 };

let standin: ApsStandin;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ standin, server } = await startAccInstallation());
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standin?.close();
});
beforeEach(async () => {
  ({ context, page } = await openPage(browser, server.baseUrl));
});
afterEach(async () => {
  await context?.close();
});

describe('ACC import in the wizard (issue 12 acceptance 1, 3)', () => {
  it('connects, picks the ACC hub and a project, imports an IFC and an RVT, pays, and sees both processed', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('acc'),
      password: 'acc-import-2026',
      fullName: 'Alex Importer',
    });
    await page.goto('/dashboard');
    const wizard = await connectToAcc(page);
    // Valid: the last 8 characters of the stored session id, and Re-authenticate.
    const sessionId = await page.evaluate(() => sessionStorage.getItem('oauth_session_id'));
    expect(sessionId).toBeTruthy();
    await expectVisible(wizard.getByText((sessionId as string).slice(-8), { exact: true }));
    await expectVisible(wizard.getByRole('button', { name: 'Re-authenticate' }));
    await screenshot(page, 'acc-connect-valid');
    await wizard.getByRole('button', { name: 'Continue with Current Session' }).click();

    // Select Project: hubs with region and type; the project tab waits for a hub.
    await expectVisible(wizard.getByText('Step 2 of 6: Project'));
    expect(await wizard.getByRole('tab', { name: '2. Select Project' }).isDisabled()).toBe(true);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectVisible(wizard.getByText('Please select an Autodesk project'));
    await expectVisible(wizard.getByRole('radio', { name: 'Harbour Contractors' }).getByText('BIM 360'));
    await expectVisible(wizard.getByRole('radio', { name: 'Cornerstone Build' }).getByText('Region: EMEA'));
    await screenshot(page, 'acc-hubs');
    await wizard.getByRole('radio', { name: 'Cornerstone Build' }).click();
    await wizard.getByLabel('Search projects').fill('HARB');
    await expectVisible(wizard.getByRole('radio', { name: 'Harbour Tower' }));
    await expectHidden(wizard.getByRole('radio', { name: 'Empty Site' }));
    await wizard.getByLabel('Search projects').fill('no such project');
    await expectVisible(wizard.getByText('No projects found matching your search.'));
    await wizard.getByLabel('Search projects').fill('');

    // A project Autodesk refuses: the Details step's background check blocks with the 403 message.
    await wizard.getByRole('radio', { name: 'Restricted Works' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectVisible(
      wizard.getByText(
        'Access denied to the selected project. Please select a different project or reconnect to ACC.',
      ),
    );
    expect(await wizard.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await wizard.getByRole('button', { name: 'Back' }).click();

    // A project with no BIM files: the Files step says so.
    await wizard.getByRole('tab', { name: '2. Select Project' }).click();
    await wizard.getByRole('radio', { name: 'Empty Site' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Use ACC name' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectVisible(wizard.getByText('No BIM files (.rvt or .ifc) found in this ACC project.'));
    await wizard.getByRole('button', { name: 'Back' }).click();
    await wizard.getByRole('button', { name: 'Back' }).click();

    // Harbour Tower: Use ACC name, then its files with sizes, versions and type.
    await wizard.getByRole('tab', { name: '2. Select Project' }).click();
    await wizard.getByRole('radio', { name: 'Harbour Tower' }).click();
    await screenshot(page, 'acc-projects');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectVisible(wizard.getByText('Step 3 of 6: Details'));
    await wizard.getByRole('button', { name: 'Use ACC name' }).click();
    expect(await wizard.getByLabel('Project name').inputValue()).toBe('Harbour Tower');
    await wizard.getByRole('button', { name: 'Next' }).click();
    const files = wizard.getByRole('list', { name: 'ACC files' });
    await expectVisible(files.getByText('Harbour Structure.ifc'));
    const structure = files.getByRole('listitem').filter({ hasText: 'Harbour Structure.ifc' });
    await expectVisible(structure.getByText(/2 versions/));
    await expectVisible(
      files.getByRole('listitem').filter({ hasText: 'Harbour Architecture.rvt' }).getByText('rvt'),
    );
    await wizard.getByRole('checkbox', { name: 'Harbour Walls.ifc' }).check();
    await wizard.getByRole('checkbox', { name: 'Harbour Architecture.rvt' }).check();
    await expectVisible(wizard.getByText(/^2 of \d+ files selected$/));
    await screenshot(page, 'acc-files');
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expectVisible(wizard.getByText('Step 5 of 6: Payment'));
    await payWithCard(page, TEST_CARD);
    await expectVisible(wizard.getByText('Project created successfully'));
    const statuses = wizard.getByTestId('upload-status');
    await until(
      'both imports processed',
      async () => (await statuses.filter({ hasText: /^Processed$/ }).count()) >= 2,
      500,
    );
    await screenshot(page, 'acc-complete');
    // Processing done: the stored Autodesk session is cleared (spec 1 §4).
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('oauth_session_id'))).toBeNull();
    await wizard.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await expectHidden(wizard);

    // In the dashboard: both files processed; the RVT arrived as IFC (its elements were read).
    const projects = (await (await context.request.get('/api/v1/projects')).json()).projects as {
      id: string;
      name: string;
    }[];
    const project = projects.find((p) => p.name === 'Harbour Tower');
    expect(project).toBeTruthy();
    const bimFiles = (await (await context.request.get(`/api/v1/projects/${project?.id}/bimfiles`)).json())
      .bim_files as { name: string; status: string; elements_count: number }[];
    expect(bimFiles.map((f) => [f.name, f.status]).sort()).toEqual([
      ['Harbour Architecture.rvt', 'completed'],
      ['Harbour Walls.ifc', 'completed'],
    ]);
    expect(bimFiles.find((f) => f.name === 'Harbour Architecture.rvt')?.elements_count).toBeGreaterThan(50);
    await page.getByRole('tab', { name: 'Projects' }).click();
    await expectVisible(page.getByText('Harbour Tower').first());
  });

  it('shows the Connection Error toast when the Autodesk sign-in cannot be verified', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('acc-err'),
      password: 'acc-import-2026',
      fullName: 'Err Or',
    });
    await page.goto('/api/v1/acc/callback?code=forged&state=forged-state');
    await expectVisible(page.getByText('Connection Error'));
    await expectVisible(
      page.getByText('Failed to connect to Autodesk Construction Cloud. Please try again.'),
    );
    // An expired stored session: 'Session expired or invalid' with Re-authenticate. Stored as the next
    // page starts (as on coming back from Autodesk's sign-in): leaving this page cleans up what it
    // stored (spec 1 §4, page unload), so it is not set here.
    await page.addInitScript(() => {
      sessionStorage.setItem('oauth_session_id', 'an-old-session-id-0123456789');
      sessionStorage.setItem('oauth_flow_timestamp', String(Date.now()));
    });
    await page.goto('/dashboard?createProject=true');
    const wizard = page.getByRole('dialog', { name: 'Create New Project' });
    await expectVisible(wizard.getByText('Session expired or invalid'));
    await expectVisible(wizard.getByRole('button', { name: 'Re-authenticate' }));
    await screenshot(page, 'acc-connect-invalid');
  });

  it("says so when Autodesk fails, or has no hubs, or a hub has no projects; the session is deleted on the server when the wizard's page closes (spec 1 §4, issue 35)", async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('acc-empty'),
      password: 'acc-import-2026',
      fullName: 'Em Pty',
    });
    await page.goto('/dashboard');
    // The way to Autodesk and back unloads the page too: that hand-over keeps the session.
    const wizard = await connectToAcc(page);
    const sessionId = (await page.evaluate(() => sessionStorage.getItem('oauth_session_id'))) as string;
    expect(sessionId).toBeTruthy();
    expect(await sessionRows(sessionId)).toBe(1);
    standin.failNext(500);
    await wizard.getByRole('button', { name: 'Continue with Current Session' }).click();
    await expectVisible(page.getByText('Connection Error'));
    await expectVisible(
      page.getByText('Failed to connect to Autodesk Construction Cloud. Please try again.').first(),
    );
    await wizard.getByRole('button', { name: 'Back' }).click();

    standin.setEmpty('hubs');
    try {
      await wizard.getByRole('button', { name: 'Continue with Current Session' }).click();
      await expectVisible(
        wizard.getByText('No hubs found. Ensure your Autodesk account has access to BIM 360 or ACC hubs.'),
      );
    } finally {
      standin.setEmpty('hubs', false);
    }
    await wizard.getByRole('button', { name: 'Back' }).click();

    standin.setEmpty('projects');
    try {
      await wizard.getByRole('button', { name: 'Continue with Current Session' }).click();
      await wizard.getByRole('radio', { name: 'Harbour Contractors' }).click();
      await expectVisible(wizard.getByText('No projects in this hub, or you may lack permissions.'));
    } finally {
      standin.setEmpty('projects', false);
    }

    // The wizard's page closes: its ACC session goes on the server too.
    expect(await sessionRows(sessionId)).toBe(1);
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => sessionRows(sessionId), API_POLL).toBe(0);
  });
});

// The ACC help page (issue 12 acceptance 5): its link in the Connect step opens a new tab at
// /help/acc-integration (the link's target and address: connectToAcc, harness/acc.ts); the page's content
// is checked in src/features/help/acc-integration-page.test.tsx, the served page in accessibility.e2e.

describe('refreshing an ACC project (issue 12 acceptance 2, 3)', () => {
  it('brings a new version in as version 2, recovers from a 401 by token refresh, and re-authorises when refused', async () => {
    const email = uniqueEmail('acc-sync');
    await signUpViaApi(context.request, { email, password: 'acc-import-2026', fullName: 'Sam Sync' });
    await page.goto('/dashboard');
    const wizard = await harbourTowerFiles(page, 'Harbour Sync');
    await wizard.getByRole('checkbox', { name: 'Harbour Walls.ifc' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await payWithCard(page, TEST_CARD);
    await expectVisible(wizard.getByText('Processed', { exact: true }));
    await wizard.getByRole('button', { name: 'Continue to Dashboard' }).click();
    const projectId = (
      (await (await context.request.get('/api/v1/projects')).json()).projects as {
        id: string;
        name: string;
      }[]
    ).find((p) => p.name === 'Harbour Sync')?.id as string;

    // Manage files lists the ACC project's other BIM files, not imported yet.
    await page.goto('/dashboard?tab=projects');
    await page.getByRole('button', { name: 'Manage files of Harbour Sync' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Files' });
    await expectVisible(manage.getByText('Harbour Structure.ifc'));
    await expectVisible(manage.getByText(/in ACC, not imported yet/).first());
    await screenshot(page, 'acc-manage-files');
    await manage.getByRole('button', { name: 'Cancel' }).click();

    // A day passes (the refresh cooldown), and Autodesk gets a second version of the file.
    standin.addVersion('Harbour Walls.ifc');
    await dayPasses(projectId);
    await page.goto('/dashboard?tab=projects');
    const refresh = page.getByRole('button', { name: 'Refresh Harbour Sync' });
    await expectVisible(refresh);
    standin.failNext(401);
    await refresh.click();
    await expectVisible(page.getByText('Authentication Issue Detected'));
    await expectVisible(page.getByText('Connection Fixed'));
    await expectVisible(page.getByText('Project Refresh Initiated'));
    await screenshot(page, 'acc-refresh-recovered');
    const walls = async () =>
      (
        (await (await context.request.get(`/api/v1/projects/${projectId}/bimfiles`)).json()).bim_files as {
          name: string;
          version_count: number;
          status: string;
          source_version_tag: string;
        }[]
      ).filter((f) => f.name === 'Harbour Walls.ifc');
    await expect.poll(async () => (await walls())[0]?.version_count, API_POLL).toBe(2);
    expect(await walls()).toHaveLength(1);
    expect((await walls())[0]?.source_version_tag).toBe('v2');

    // Another day: the next call fails with 401 and the refresh token is refused too → re-authorise.
    standin.addVersion('Harbour Walls.ifc');
    await expect.poll(async () => (await walls())[0]?.status, API_POLL).toBe('completed');
    await dayPasses(projectId);
    await page.goto('/dashboard?tab=projects');
    standin.failNext(401);
    standin.refuseRefresh(true);
    try {
      await page.getByRole('button', { name: 'Refresh Harbour Sync' }).click();
      await expectVisible(page.getByText('Authentication Issue Detected'));
      await expectVisible(page.getByText('Redirecting to Autodesk'));
      await expectVisible(
        page.getByText(
          'Authentication could not be restored. The project may need to be reconnected to Autodesk ACC manually.',
        ),
      );
      await expectVisible(page.getByRole('heading', { name: 'Sign in to Autodesk (stand-in)' }));
      await screenshot(page, 'acc-reauthorise');
    } finally {
      standin.refuseRefresh(false);
    }
    // Allowing it stores fresh tokens on the project and comes back to the Projects tab.
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    const tokens = await context.request.post(`/api/v1/projects/${projectId}/acc/refresh-tokens`);
    expect(tokens.status()).toBe(200);

    // The token refresh works but Autodesk still answers 401: the refresh gives up with the spec's text.
    standin.failNext(401, 2);
    await page.getByRole('button', { name: 'Refresh Harbour Sync' }).click();
    await expectVisible(page.getByText('Connection Fixed'));
    await expectVisible(page.getByText('Smart Refresh Error'));
    await expectVisible(
      page.getByText('Failed to refresh project. Connection to Autodesk ACC may need to be re-established.'),
    );
  });
});

describe('a failed RVT translation (issue 35)', () => {
  it("shows the translation's error on the file row, keeps it after Refresh, and no answer holds a server path", async () => {
    const cause = 'Revit file is damaged and could not be opened (TranslationWorker-InternalFailure).';
    await signUpViaApi(context.request, {
      email: uniqueEmail('acc-rvt'),
      password: 'acc-import-2026',
      fullName: 'Rita Revit',
    });
    await page.goto('/dashboard');
    const wizard = await harbourTowerFiles(page, 'Harbour Damaged');
    await wizard.getByRole('checkbox', { name: 'Harbour Walls.ifc' }).check();
    await wizard.getByRole('checkbox', { name: 'Damaged Services.rvt' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await payWithCard(page, TEST_CARD);
    await expectVisible(wizard.getByText('Project created successfully'));
    const projectId = (
      (await (await context.request.get('/api/v1/projects')).json()).projects as {
        id: string;
        name: string;
      }[]
    ).find((p) => p.name === 'Harbour Damaged')?.id as string;
    const damaged = async () =>
      (
        (await (await context.request.get(`/api/v1/projects/${projectId}/bimfiles`)).json()).bim_files as {
          name: string;
          status: string;
          error: string | null;
        }[]
      ).find((f) => f.name === 'Damaged Services.rvt');
    await expect.poll(async () => (await damaged())?.status, API_POLL).toBe('failed');
    expect((await damaged())?.error).toBe(cause);

    const fileRow = async () => {
      await page.goto('/dashboard?tab=projects');
      await page.getByRole('button', { name: 'Harbour Damaged', exact: true }).click();
      const files = page.getByRole('table', { name: 'IFC files of Harbour Damaged' });
      return files.getByRole('row').filter({ hasText: 'Damaged Services.rvt' });
    };
    const before = await fileRow();
    await expectVisible(before.getByText(cause));
    await screenshot(page, 'acc-rvt-failed');

    // A day on, with a new version of the IFC to bring: Refresh translates the RVT again. The IFC's
    // processing ends first: finishing after the day passed, it would restart the 24-hour cooldown
    // (spec 2 §4, 'after the last processing') and Refresh would rightly be refused.
    const walls = async () =>
      (
        (await (await context.request.get(`/api/v1/projects/${projectId}/bimfiles`)).json()).bim_files as {
          name: string;
          status: string;
        }[]
      ).find((f) => f.name === 'Harbour Walls.ifc');
    await expect.poll(async () => (await walls())?.status, API_POLL).toBe('completed');
    standin.addVersion('Harbour Walls.ifc');
    await dayPasses(projectId);
    const translations = () =>
      standin.requests.filter((r) => r.path === '/modelderivative/v2/designdata/job').length;
    const translated = translations();
    await page.goto('/dashboard?tab=projects');
    await page.getByRole('button', { name: 'Refresh Harbour Damaged' }).click();
    await expectVisible(page.getByText('Project Refresh Initiated'));
    await expect.poll(translations).toBeGreaterThan(translated);
    await expect.poll(async () => (await damaged())?.status, API_POLL).toBe('failed');
    expect((await damaged())?.error).toBe(cause);

    const after = await fileRow();
    await expectVisible(after.getByText(cause));
    expect(await after.textContent()).not.toMatch(/ENOENT/);
    expect(await page.locator('body').textContent()).not.toContain(DATA_DIR_PREFIX);
    await screenshot(page, 'acc-rvt-failed-after-refresh');
    // The file's answers (and every other one this file saw) were recorded: none held the data directory.
    const { leaks, inspected } = await serverPathLeaks();
    expect(inspected).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  });
});

/** How many rows the ACC session has in the server's database. */
async function sessionRows(sessionId: string): Promise<number> {
  const url = embeddedDatabaseUrl(join(server.dataDir, 'postgres'));
  if (!url) throw new Error('the server under test has no embedded database running');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const result = await db.query('select count(*)::int as n from acc_sessions where id = $1', [sessionId]);
    return result.rows[0].n as number;
  } finally {
    await db.end();
  }
}

/** Moves the project's last processing 25 hours back (the spec's 24-hour refresh cooldown), in its database. */
async function dayPasses(projectId: string) {
  const url = embeddedDatabaseUrl(join(server.dataDir, 'postgres'));
  if (!url) throw new Error('the server under test has no embedded database running');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('update projects set last_processed_at = $1 where id = $2', [
      new Date(Date.now() - 25 * HOUR).toISOString(),
      projectId,
    ]);
  } finally {
    await db.end();
  }
}
