import { existsSync, readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProjectViaApi, signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectHidden, expectVisible, screenshot, uniqueEmail } from './harness/browser';

const baseUrl = e2eBaseUrl();
const SHARED = new URL('../../../../shared/', import.meta.url).pathname;
const SIMPLE_WALL = `${SHARED}ifc-samples/SimpleWall.ifc`;
const VALID_IDS = `${SHARED}ids-examples/IDS_SimpleBIM_examples.ids`;
const haveSamples = existsSync(SIMPLE_WALL) && existsSync(VALID_IDS);
if (!haveSamples) console.warn(`files e2e skipped: the samples under ${SHARED} are missing`);

let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

type Chosen = string | { name: string; mimeType: string; buffer: Buffer };

/** Clicks an upload button and picks the file in the browser's file chooser, as a person would. */
async function upload(region: Locator, button: string, file: Chosen): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await region.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

async function openProjectFiles(projectName: string): Promise<Locator> {
  await page.goto('/dashboard?tab=projects');
  await page.getByRole('button', { name: projectName, exact: true }).click();
  const region = page.getByRole('region', { name: `Files of ${projectName}` });
  await expectVisible(region);
  return region;
}

describe.skipIf(!haveSamples)('uploading files into a project', () => {
  it('uploads an IFC that processes to completed, refuses bad files, and lists an active IDS', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('files'),
      password: 'files-editor-2026',
      fullName: 'Fiona Files',
    });
    await createProjectViaApi(context.request, { name: 'Wall Test' });
    const region = await openProjectFiles('Wall Test');
    await expectVisible(region.getByText('No files yet'));
    await expectVisible(region.getByText('No IDS files yet'));

    // A file that is not STEP is refused by its header, whatever its name says.
    await upload(region, 'Upload IFC', {
      name: 'not-a-model.ifc',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('PK\u0003\u0004 this is a zip archive, not a model'),
    });
    await expectVisible(region.getByText('not-a-model.ifc: The file is not an IFC (STEP) file'));

    // The real model, sent over a slowed-down link so the progress bar has time to move.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 16 * 1024,
    });
    // Every value the bar shows is recorded in the page as it changes, so the test waits on the bar
    // leaving rather than reading it in a loop (a read begun just as the bar left waited out the page's
    // whole guard, 300 s, under load).
    await recordProgress('Upload of SimpleWall.ifc');
    await upload(region, 'Upload IFC', SIMPLE_WALL);
    const bar = region.getByRole('progressbar', { name: 'Upload of SimpleWall.ifc' });
    await expectVisible(bar);
    await expectHidden(bar);
    const seen = await recordedProgress();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(seen.some((percent) => percent > 0 && percent < 100)).toBe(true);
    // Listed at once, then processed; the table polls until it is completed.
    await screenshot(page, 'files-after-upload');
    await expectHidden(region.getByText('The file is not an IFC (STEP) file'));
    const fileRow = region.getByRole('table', { name: 'IFC files of Wall Test' }).getByRole('row', {
      name: /SimpleWall/,
    });
    await expectVisible(fileRow.getByText('v1', { exact: true }));
    await expectVisible(fileRow.getByText('Completed', { exact: true }));
    // Screen readers hear the processing finish through the app's polite region (issue 21).
    const announcer = page.getByTestId('announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => announcer.textContent()).toMatch(/SimpleWall\.ifc: Completed/);
    await screenshot(page, 'files-completed');
    const cells = await fileRow.getByRole('cell').allTextContents();
    const elements = Number((cells[3] ?? '').replace(/[^\d]/g, ''));
    expect(elements).toBeGreaterThan(0);
    // The number the server computed for this version.
    const listed = await context.request.get(`/api/v1/projects/${await projectId('Wall Test')}/bimfiles`);
    const [file] = (await listed.json()).bim_files;
    expect(file.elements_count).toBe(elements);
    expect(cells[2]).toMatch(/KB|B$/);
    // Once processing settles, the project's own row shows the element count too.
    const projectRow = page.getByRole('row', { name: /Wall Test/ }).first();
    await expectVisible(projectRow.getByRole('cell', { name: String(elements), exact: true }));

    // An invalid IDS: the server's reasons, with their line numbers.
    await upload(region, 'Upload IDS', {
      name: 'broken.ids',
      mimeType: 'application/xml',
      buffer: Buffer.from(
        '<?xml version="1.0"?>\n<ids xmlns="http://standards.buildingsmart.org/IDS">\n  <info/>\n</ids>\n',
      ),
    });
    const idsFailure = region.getByRole('alert', { name: 'Upload IDS failed' });
    await expectVisible(idsFailure.getByText(/broken\.ids: The file is not a valid IDS 1\.0 file\./));
    await expectVisible(idsFailure.getByRole('listitem').getByText(/^Line \d+/));
    await screenshot(page, 'files-invalid-ids');

    // A valid IDS is listed and active; switching it off is kept.
    await upload(region, 'Upload IDS', VALID_IDS);
    await expectVisible(page.getByText('IDS_SimpleBIM_examples.ids uploaded'));
    await expectHidden(idsFailure);
    const idsSwitch = region.getByRole('switch', { name: 'IDS_SimpleBIM_examples.ids active' });
    expect(await idsSwitch.getAttribute('aria-checked')).toBe('true');
    await expectVisible(
      region.getByRole('listitem').filter({ hasText: 'IDS_SimpleBIM_examples.ids' }).getByText('Active'),
    );
    // The IDS re-checks the model; it settles again.
    await expectVisible(fileRow.getByText('Completed', { exact: true }));
    await screenshot(page, 'files-uploaded');

    await idsSwitch.click();
    await expectVisible(page.getByText('IDS_SimpleBIM_examples.ids deactivated'));
    expect(await idsSwitch.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    const reopened = await openProjectFiles('Wall Test');
    const reloadedSwitch = reopened.getByRole('switch', { name: 'IDS_SimpleBIM_examples.ids active' });
    await expectVisible(reloadedSwitch);
    expect(await reloadedSwitch.getAttribute('aria-checked')).toBe('false');

    // The same name again is a new version of the same file.
    await upload(reopened, 'Upload IFC', {
      name: 'SimpleWall.ifc',
      mimeType: 'application/octet-stream',
      buffer: readFileSync(SIMPLE_WALL),
    });
    const again = reopened.getByRole('row', { name: /SimpleWall/ });
    await expectVisible(again.getByText('v2', { exact: true }));
    expect(await reopened.getByRole('row', { name: /SimpleWall/ }).count()).toBe(1);
    await expectVisible(again.getByText('Completed', { exact: true }));

    // A STEP header over a broken body passes the upload and fails in processing, with the reader's
    // reason on the file; the other file is left alone.
    await upload(reopened, 'Upload IFC', {
      name: 'Broken.ifc',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('ISO-10303-21;\nHEADER;\nthis is not a STEP header at all\n'),
    });
    const broken = reopened.getByRole('row', { name: /Broken/ });
    await expectVisible(broken.getByText('Failed', { exact: true }));
    const reason = (await broken.getByRole('cell').nth(4).textContent()) ?? '';
    expect(reason.replace('Failed', '').trim().length).toBeGreaterThan(0);
    await expectVisible(again.getByText('Completed', { exact: true }));
    await screenshot(page, 'files-failed');
  });

  it('takes several IFC files dropped at once, each with its own progress, and counts them against the plan', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('files-drop'),
      password: 'files-drop-2026',
      fullName: 'Dora Drop',
    });
    const project = await createProjectViaApi(context.request, { name: 'Drop Site' });
    const region = await openProjectFiles('Drop Site');
    const counter = region.getByRole('status', { name: 'File limit' });
    await expectVisible(counter.getByText('0 of 15 files', { exact: true }));

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 32 * 1024,
    });
    const bytes = readFileSync(SIMPLE_WALL).toString('base64');
    const dataTransfer = await page.evaluateHandle((base64) => {
      const transfer = new DataTransfer();
      const content = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      for (const name of ['North Wall.ifc', 'South Wall.ifc', 'notes.txt']) {
        transfer.items.add(new File([content], name, { type: 'application/octet-stream' }));
      }
      return transfer;
    }, bytes);
    const zone = region.getByText('Drop IFC files here or choose them');
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    // One bar per file, both listed at once; the one not an IFC is turned away by name.
    await expectVisible(region.getByRole('progressbar', { name: 'Upload of North Wall.ifc' }));
    await expectVisible(region.getByRole('progressbar', { name: 'Upload of South Wall.ifc' }));
    await expectVisible(region.getByText('notes.txt: Only .ifc files go here.'));
    await screenshot(page, 'files-multi-drop-progress');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const table = region.getByRole('table', { name: 'IFC files of Drop Site' });
    await expectVisible(table.getByRole('row', { name: /North Wall/ }));
    await expectVisible(table.getByRole('row', { name: /South Wall/ }));
    // The counter is the server's count after the uploads.
    const limits = await (await context.request.get(`/api/v1/projects/${project.id}/limits`)).json();
    expect(limits.usage.files).toBe(2);
    await expectVisible(counter.getByText('2 of 15 files', { exact: true }));
    await screenshot(page, 'files-multi-drop-done');
  });
});

async function projectId(name: string): Promise<string> {
  const response = await context.request.get('/api/v1/projects');
  const { projects } = (await response.json()) as { projects: { id: string; name: string }[] };
  const project = projects.find((p) => p.name === name);
  if (!project) throw new Error(`project ${name} not found`);
  return project.id;
}

/**
 * Starts recording, in the page, every `aria-valuenow` the progress bar named `name` shows (its
 * attribute changes, and the bar appearing), until recordedProgress() reads them.
 */
async function recordProgress(name: string): Promise<void> {
  await page.evaluate((label) => {
    const seen: number[] = [];
    const read = () => {
      const bar = document.querySelector(`[role="progressbar"][aria-label="${label}"]`);
      const value = bar?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined) seen.push(Number(value));
    };
    const observer = new MutationObserver(read);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
    (window as unknown as { progressSeen: { seen: number[]; observer: MutationObserver } }).progressSeen = {
      seen,
      observer,
    };
  }, name);
}

/** The values recordProgress() saw, and stops recording. */
async function recordedProgress(): Promise<number[]> {
  return page.evaluate(() => {
    const recording = (window as unknown as { progressSeen: { seen: number[]; observer: MutationObserver } })
      .progressSeen;
    recording.observer.disconnect();
    return recording.seen;
  });
}
