import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, openPage, screenshot } from './harness/browser';
import { type RunningServer, startServer } from './harness/server';
import { until } from './harness/wait';

// Its own server, started as `npm start` starts on a fresh data directory: DEMO_SEED is on, so the
// Demo Office is generated and processed in the background after the server listens.
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

interface DemoProject {
  id: string;
  name: string;
  elementsCount: number;
}

beforeAll(async () => {
  server = await startServer({ env: { DEMO_SEED: 'true' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  ({ context, page } = await openPage(browser, server.baseUrl));
});
afterEach(async () => {
  await context?.close();
});

/** The demo project as the public API lists it, once it exists. */
async function demoProject(): Promise<DemoProject> {
  return until(
    'the demo project',
    async () => {
      const response = await page.request.get('/api/v1/demo/projects');
      return ((await response.json()).projects as DemoProject[])[0];
    },
    1000,
  );
}

/** Waits (anonymously, through the public routes) until every version of the demo model is processed. */
async function waitForProcessedVersions(projectId: string): Promise<Array<{ version_tag: string }>> {
  return until(
    'the demo versions processed',
    async () => {
      const files = (await (await page.request.get(`/api/v1/projects/${projectId}/bimfiles`)).json())
        .bim_files;
      if (files.length !== 1) return null;
      const url = `/api/v1/projects/${projectId}/bimfiles/${files[0].id}/versions`;
      const versions = (await (await page.request.get(url)).json()).versions as Array<{
        version_tag: string;
        status: string;
      }>;
      if (versions.some((v) => v.status === 'failed')) throw new Error(`a demo version failed: ${url}`);
      return versions.length === 3 && versions.every((v) => v.status === 'completed') ? versions : null;
    },
    2000,
  );
}

const statCard = (label: string, value: string) =>
  page.getByRole('group', { name: label }).getByText(value, { exact: true });

describe('/demo', () => {
  it('shows the seeded Demo Office without an account, its three versions processed', async () => {
    const project = await demoProject();
    expect(project.name).toBe('Demo Office');

    await page.goto('/demo?tab=projects');
    await expectVisible(page.getByText('Demo mode'));
    await page.getByRole('button', { name: 'Demo Office', exact: true }).click();
    const files = page.getByRole('region', { name: 'Files of Demo Office' });
    await expectVisible(files.getByText('DemoOffice_ARC.ifc'));
    await expectVisible(files.getByText('DemoOffice_Stage4.ids'));

    const versions = await waitForProcessedVersions(project.id);
    expect(versions.map((v) => v.version_tag)).toEqual(['v3', 'v2', 'v1']);
    // The panel polls while processing: the latest version ends up shown as completed.
    const modelRow = files.getByRole('row', { name: /DemoOffice_ARC\.ifc/ });
    await expectVisible(modelRow.getByText('v3'));
    await expectVisible(modelRow.getByText('Completed'));
    await screenshot(page, 'demo-projects');

    // The File Inspector offers the three versions and shows the latest one's checks.
    await page.getByRole('tab', { name: 'File Inspector' }).click();
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Demo Office' }).click();
    await page.getByRole('combobox', { name: 'File' }).click();
    await page.getByRole('option', { name: 'DemoOffice_ARC.ifc' }).click();
    await page.getByRole('combobox', { name: 'Version' }).click();
    const labels = await page.getByRole('option').allTextContents();
    expect(labels.map((text) => text.split(' ')[0])).toEqual(['v3', 'v2', 'v1']);
    // Each version shows the day it was issued (three weeks apart), not the day it was processed.
    expect(new Set(labels.map((text) => text.split(' · ')[1])).size).toBe(3);
    await page.getByRole('option').first().click();
    await expectVisible(page.getByText('Walls have an EN 13501 fire rating'));
    await expectVisible(page.getByText('Every door states its fire rating'));
    await screenshot(page, 'demo-inspector');
  });

  it('shows the demo numbers on the Overview and Projects tabs', async () => {
    const project = await demoProject();
    await waitForProcessedVersions(project.id);
    const refreshed = await demoProject();
    expect(refreshed.elementsCount).toBeGreaterThan(2000);
    const elements = refreshed.elementsCount.toLocaleString('en-GB');

    await page.goto('/demo');
    await expectVisible(page.getByRole('heading', { name: 'Overview' }));
    await expectVisible(statCard('BIM Files', '1'));
    await expectVisible(statCard('Elements', elements));
    await expectVisible(statCard('Team Members', '1'));
    await screenshot(page, 'demo-overview');

    await page.getByRole('tab', { name: 'Projects' }).click();
    await expectVisible(statCard('Total Projects', '1'));
    await expectVisible(statCard('Total BIM Files', '1'));
    await expectVisible(statCard('Total Elements', elements));
    await expectVisible(statCard('Unique Team Members', '1'));
    expect(new URL(page.url()).pathname).toBe('/demo');
  });

  it('blocks every change with the demo message', async () => {
    await demoProject();
    await page.goto('/demo?tab=projects');
    const edit = page.getByRole('button', { name: 'Edit Demo Office' });
    await expectVisible(edit);
    expect(await edit.isDisabled()).toBe(true);
    expect(await edit.getAttribute('title')).toBe('Demo data cannot be modified.');
    // The wizard runs in the demo, its payment and creation simulated (wizard-demo.e2e.test.ts).
    expect(await page.getByRole('button', { name: 'New Project' }).isDisabled()).toBe(false);

    await page.getByRole('button', { name: 'Demo Office', exact: true }).click();
    const files = page.getByRole('region', { name: 'Files of Demo Office' });
    await expectVisible(
      files.getByText('Uploads and IDS changes are disabled in the demo.', { exact: false }),
    );
    expect(await files.getByRole('button', { name: 'Upload IFC' }).isDisabled()).toBe(true);
    expect(await files.getByRole('button', { name: 'Upload IDS' }).isDisabled()).toBe(true);
    expect(await files.getByRole('switch', { name: 'DemoOffice_Stage4.ids active' }).isDisabled()).toBe(true);

    await page.getByRole('tab', { name: 'Team Members' }).click();
    await expectVisible(page.getByRole('row', { name: /Plumbline Demo/ }));
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expectVisible(page.getByText('Access Denied'));
    await expectVisible(page.getByText('Demo data cannot be modified.').first());
    await screenshot(page, 'demo-blocked');

    // Reports: generating is refused with the same message (spec 2 §5: blocked in demo mode).
    await page.getByRole('tab', { name: 'Reports' }).click();
    // The report type's card, not the download buttons of the sample reports once they exist.
    await page
      .getByRole('button', { name: /^Comprehensive Project Analysis Compliance per specification/ })
      .click();
    await expectVisible(page.getByText('Access Denied').first());
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The demo's sample reports, generated once its versions are processed, download without an account.
    const { id } = await demoProject();
    await until(
      'the demo report',
      async () => {
        const listed = (await (await page.request.get(`/api/v1/projects/${id}/reports`)).json())
          .reports as Array<{
          name: string;
          status: string;
        }>;
        const pdf = listed.find((r) => r.name === 'Comprehensive Project Analysis Report');
        if (pdf?.status === 'failed')
          throw new Error(`demo report: ${JSON.stringify(pdf)}\n${server.output()}`);
        return pdf?.status === 'completed';
      },
      2000,
    );
    await page.reload();
    const sample = page
      .getByRole('table', { name: 'Generated Reports' })
      .getByRole('row', { name: /Comprehensive Project Analysis Report/ });
    await expectVisible(sample);
    await screenshot(page, 'demo-reports');
    const download = page.waitForEvent('download');
    await sample.getByRole('button', { name: 'Download Comprehensive Project Analysis Report' }).click();
    expect((await download).suggestedFilename()).toBe('Comprehensive Project Analysis Report.pdf');
  });
});
