/**
 * Issue 30 acceptance: a version published in ACC is fetched, checked and shown in the Changes view
 * without anyone pressing Refresh: through Autodesk's webhook where the installation has a public URL
 * (decision 0360), and at the next scheduled sync where it has none (polling). Each path has a server
 * of its own (configuration decides the path) and a loopback APS stand-in. The new version is derived
 * from the first by known edits on the STEP text, so the expected counts come from those edits.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccInstallation, harbourTowerFiles, startAccInstallation } from './harness/acc';
import { signUpViaApi } from './harness/api';
import {
  expectHidden,
  expectVisible,
  launchBrowser,
  openPage,
  screenshot,
  uniqueEmail,
} from './harness/browser';
import { haveSamples, idsDocument, SIMPLE_WALL_IFC, specification } from './harness/samples';
import { runScheduledJob, sqlOnServer } from './harness/scheduled-jobs';
import { until } from './harness/wait';
import { payWithCard, TEST_CARD } from './harness/wizard';

const DAY = 24 * 3_600_000;
/**
 * The server's state (processing, checking) is asked once a second: each asking is two requests, and
 * the work takes many seconds under load, so a tighter poll only spends the CPU the work waits for.
 */
const API_POLL_MS = 1000;
/** The stand-in's Harbour Walls.ifc is SimpleWall.ifc: one standard-case wall, named, no Description. */
const FILE = 'Harbour Walls.ifc';
const haveWall = haveSamples('ACC new versions', SIMPLE_WALL_IFC);

const DESCRIBED = 'Walls have a description';
const NAMED = 'Walls have a name';
const IDS = idsDocument(
  'Wall data',
  specification(DESCRIBED, 'IFCWALLSTANDARDCASE', 'Description'),
  specification(NAMED, 'IFCWALLSTANDARDCASE', 'Name'),
);

/** v2: the wall gets a Description (it is resolved in DESCRIBED) and loses its Name (new in NAMED). */
function deriveV2(v1: string): string {
  const wall = /(=\s*IFCWALLSTANDARDCASE\('[^']*',#\d+,)'[^']*',\$,/;
  expect(v1.match(new RegExp(wall, 'g'))).toHaveLength(1);
  return v1.replace(wall, (_, head: string) => `${head}$,'Described in v2',`);
}
const EXPECTED = {
  [DESCRIBED]: { new: 0, resolved: 1, removed: 0, persisting: 0 },
  [NAMED]: { new: 1, resolved: 0, removed: 0, persisting: 0 },
};

interface FileRow {
  id: string;
  name: string;
  status: string;
  version_count: number;
  rechecking: boolean;
}

/** One installation under test: its server, its stand-in, a browser page signed in as the owner. */
interface Installation extends AccInstallation {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

async function startInstallation(options: { publicUrl: boolean }): Promise<Installation> {
  // With a public URL (its own address) the server subscribes to Autodesk's webhooks; without, it polls.
  const { standin, server } = await startAccInstallation(options);
  const browser = await launchBrowser();
  const { context, page } = await openPage(browser, server.baseUrl);
  return { standin, server, browser, context, page };
}

async function stopInstallation(installation: Partial<Installation>) {
  await installation.context?.close();
  await installation.browser?.close();
  await installation.server?.stop();
  await installation.standin?.close();
}

/**
 * Signs up, then through the wizard: connects to the stand-in's Autodesk, picks Harbour Tower, names
 * the project, selects Harbour Walls.ifc with the IDS file, pays, and waits until the import is
 * processed and checked against both specifications. Returns the project's id and the file row.
 */
async function importFromAcc(at: Installation, projectName: string) {
  const { page, context } = at;
  await signUpViaApi(context.request, {
    email: uniqueEmail('acc-versions'),
    password: 'acc-versions-2026',
    fullName: 'Vera Versions',
  });
  await page.goto('/dashboard');
  const wizard = await harbourTowerFiles(page, projectName);
  await wizard.getByRole('checkbox', { name: FILE }).check();
  await wizard
    .getByLabel('Choose IDS files')
    .setInputFiles({ name: 'walls.ids', mimeType: 'application/xml', buffer: Buffer.from(IDS) });
  await expectVisible(wizard.getByRole('list', { name: 'Selected IDS files' }).getByText('walls.ids'));
  await wizard.getByRole('button', { name: 'Next' }).click();
  await payWithCard(page, TEST_CARD);
  await expectVisible(wizard.getByText('Project created successfully'));
  await expectVisible(wizard.getByText('Processed', { exact: true }));
  await wizard.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expectHidden(wizard);

  const projects = (await (await context.request.get('/api/v1/projects')).json()).projects as {
    id: string;
    name: string;
  }[];
  const projectId = projects.find((p) => p.name === projectName)?.id;
  if (!projectId) throw new Error(`no project ${projectName}`);
  // The IDS file arrives after the import started: wait until version 1 is checked against it.
  const first = await until(
    'version 1 processed and checked against both specifications',
    async () => {
      const file = await walls(at, projectId);
      if (file?.status !== 'completed' || file.rechecking) return false;
      return (await checkedSpecifications(at, projectId, file.id)) === 2 && file;
    },
    API_POLL_MS,
  );
  expect(first.version_count).toBe(1);
  return { projectId, file: first };
}

async function walls(at: Installation, projectId: string): Promise<FileRow | undefined> {
  const answer = await at.context.request.get(`/api/v1/projects/${projectId}/bimfiles`);
  return ((await answer.json()).bim_files as FileRow[]).find((f) => f.name === FILE);
}

/** How many of the project's specifications carry a compliance summary on the file's latest version. */
async function checkedSpecifications(at: Installation, projectId: string, fileId: string) {
  const answer = await at.context.request.get(
    `/api/v1/projects/${projectId}/ids/specifications?fileId=${fileId}`,
  );
  const specifications = (await answer.json()).specifications as { compliance_summary: unknown }[];
  return specifications.filter((s) => s.compliance_summary !== null).length;
}

/** Waits until the file's version 2 is processed and checked (nobody clicks anything meanwhile). */
async function secondVersionChecked(at: Installation, projectId: string) {
  return until(
    'version 2 fetched, processed and checked',
    async () => {
      const file = await walls(at, projectId);
      return file?.version_count === 2 && file.status === 'completed' && !file.rechecking && file;
    },
    API_POLL_MS,
  );
}

/** Opens the file's Changes view from the project's files and reads the counts per specification. */
async function changesView(at: Installation, projectName: string, shot: string) {
  const { page } = at;
  await page.goto('/dashboard?tab=projects');
  await page.getByRole('button', { name: projectName, exact: true }).click();
  const files = page.getByRole('region', { name: `Files of ${projectName}` });
  await files.getByRole('button', { name: `Changes of ${FILE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Changes: ${FILE}` });
  const table = dialog.getByRole('table', { name: 'Changes per specification' });
  await expectVisible(table);
  // Latest against the one before, by default.
  const chosen = (label: string) => dialog.getByLabel(label).locator('option:checked').textContent();
  await expect.poll(() => chosen('From version')).toMatch(/^v1\b/);
  expect(await chosen('To version')).toMatch(/^v2\b/);
  const counts = async (name: string) => {
    const row = table.getByRole('row').filter({ hasText: name });
    const cell = async (kind: string) => Number(await row.locator(`[data-kind="${kind}"]`).textContent());
    return {
      new: await cell('new'),
      resolved: await cell('resolved'),
      removed: await cell('removed'),
      persisting: await cell('persisting'),
    };
  };
  const shown = { [DESCRIBED]: await counts(DESCRIBED), [NAMED]: await counts(NAMED) };
  await screenshot(dialog, shot);
  return shown;
}

describe.skipIf(!haveWall)('a new ACC version without a click (issue 30)', () => {
  describe('webhook path: the installation has a public URL', () => {
    let at: Partial<Installation> = {};
    beforeAll(async () => {
      at = await startInstallation({ publicUrl: true });
    });
    afterAll(() => stopInstallation(at));

    it('Autodesk calls back on the published version; it is fetched, checked and compared', async () => {
      const installation = at as Installation;
      const { standin, server } = installation;
      const { projectId } = await importFromAcc(installation, 'Harbour Hooked');
      // Linking the file subscribed one signed hook on its folder, calling back this server.
      const [hook] = await until('the webhook registered with its secret', () => {
        const hooks = standin.hooks();
        return hooks.length === 1 && hooks[0]?.token ? hooks : false;
      });
      expect(hook?.callbackUrl).toBe(`${server.baseUrl}/api/v1/acc/aps-events`);

      const v1 = readFileSync(SIMPLE_WALL_IFC, 'latin1');
      await standin.publishVersion(FILE, Buffer.from(deriveV2(v1), 'latin1'));
      // Autodesk's callback was accepted (its signature verified) …
      expect(standin.callbacks()).toEqual([{ hookId: hook?.hookId, status: 200 }]);
      // … and the new version arrives and is checked with no Refresh.
      await secondVersionChecked(installation, projectId);
      expect(await changesView(installation, 'Harbour Hooked', 'acc-new-version-webhook')).toEqual(EXPECTED);
    });
  });

  describe('polling path: no public URL', () => {
    let at: Partial<Installation> = {};
    beforeAll(async () => {
      at = await startInstallation({ publicUrl: false });
    });
    afterAll(() => stopInstallation(at));

    it('the next scheduled sync fetches the published version; it is checked and compared', async () => {
      const installation = at as Installation;
      const { standin, server } = installation;
      const { projectId } = await importFromAcc(installation, 'Harbour Polled');
      expect(standin.hooks()).toEqual([]);

      const v1 = readFileSync(SIMPLE_WALL_IFC, 'latin1');
      await standin.publishVersion(FILE, Buffer.from(deriveV2(v1), 'latin1'));
      expect(standin.callbacks()).toEqual([]);
      // Time passes: the project's last sync is a week back, longer than any plan's refresh period …
      await sqlOnServer(server, 'update acc_project_links set last_synced_at = $1 where project_id = $2', [
        new Date(Date.now() - 7 * DAY - 3_600_000).toISOString(),
        projectId,
      ]);
      // … and the sync's next scheduled run comes (the job its cron sends, sent now).
      expect(await runScheduledJob(server, 'acc.sync')).toBe('7 * * * *');
      await secondVersionChecked(installation, projectId);
      expect(await changesView(installation, 'Harbour Polled', 'acc-new-version-polled')).toEqual(EXPECTED);
    });
  });
});
