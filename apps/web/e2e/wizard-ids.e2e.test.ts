import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, waitForCompletedViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectHidden, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { haveSamples, idsDocument, SIMPLE_WALL_IFC, specification } from './harness/samples';
import { openWizard, payWithCard, TEST_CARD, waitForUploads } from './harness/wizard';

const baseUrl = e2eBaseUrl();
const haveWall = haveSamples('the wizard with IDS files', SIMPLE_WALL_IFC);
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** SimpleWall's one wall passes (it has a name), its one door fails (not the name required). */
const IDS = idsDocument(
  'Wall and door',
  specification('Walls have a name', 'IFCWALLSTANDARDCASE', 'Name'),
  specification('Doors carry the reference name', 'IFCDOOR', 'Name', 'No door has this name'),
);

/**
 * The expected figure from the model's text, not from the app: named walls comply, and every door is
 * applicable and fails; the card shows compliant over applicable, rounded (spec 1 §5).
 */
function expectedFigure() {
  const text = readFileSync(SIMPLE_WALL_IFC, 'utf8');
  const walls = text.match(/=\s*IFCWALLSTANDARDCASE\('[^']*',#\d+,'[^']+'/g)?.length ?? 0;
  const doors = text.match(/=\s*IFCDOOR\(/g)?.length ?? 0;
  const applicable = walls + doors;
  return { compliant: walls, applicable, percent: Math.round((walls / applicable) * 100) };
}

async function projectId(name: string): Promise<string> {
  const projects = (await (await context.request.get('/api/v1/projects')).json()).projects as Array<{
    id: string;
    name: string;
  }>;
  const found = projects.find((p) => p.name === name);
  if (!found) throw new Error(`no project ${name}`);
  return found.id;
}

async function waitForModel(id: string) {
  const files = (await (await context.request.get(`/api/v1/projects/${id}/bimfiles`)).json()).bim_files;
  await waitForCompletedViaApi(context.request, id, files[0].id);
}

/** Through the wizard to the Complete step, with these IDS files in the Files step. */
async function createProject(name: string, ids: Array<{ name: string; body: string }>) {
  const wizard = await openWizard(page);
  await wizard.getByRole('button', { name: /Upload IFC files from this computer/ }).click();
  await wizard.getByLabel('Project name').fill(name);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Choose IFC files').setInputFiles(SIMPLE_WALL_IFC);
  if (ids.length > 0) {
    await wizard
      .getByLabel('Choose IDS files')
      .setInputFiles(
        ids.map((file) => ({ name: file.name, mimeType: 'application/xml', buffer: Buffer.from(file.body) })),
      );
    await expectVisible(
      wizard.getByRole('list', { name: 'Selected IDS files' }).getByText(ids[0]?.name ?? ''),
    );
    await screenshot(page, 'wizard-files-with-ids');
  }
  await wizard.getByRole('button', { name: 'Next' }).click();
  await payWithCard(page, TEST_CARD);
  await expectVisible(wizard.getByText('Project created successfully'));
  await waitForUploads(page, 1 + ids.length);
  await screenshot(page, ids.length > 0 ? 'wizard-complete-with-ids' : 'wizard-complete');
  await wizard.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expectHidden(wizard);
  return wizard;
}

describe.skipIf(!haveWall)('IDS files in the create-project wizard (issue 35)', () => {
  it('adds an IDS file in the Files step: the project shows its compliance once the model is processed', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('wizard-ids'),
      password: 'wizard-ids-2026',
      fullName: 'Ida Spec',
    });
    await page.goto('/dashboard');
    await createProject('Checked Tower', [{ name: 'wall-and-door.ids', body: IDS }]);
    const id = await projectId('Checked Tower');
    const ids = (await (await context.request.get(`/api/v1/projects/${id}/idsfiles`)).json()).ids_files;
    expect(ids.map((f: { name: string; is_active: boolean }) => [f.name, f.is_active])).toEqual([
      ['wall-and-door.ids', true],
    ]);
    await waitForModel(id);

    // The Overview the wizard opened shows the figures with no further step.
    const expected = expectedFigure();
    expect(expected).toEqual({ compliant: 1, applicable: 2, percent: 50 });
    const card = page.getByRole('group', { name: 'IDS Compliance' });
    await expectVisible(card.getByText(`${expected.percent}%`));
    await expectVisible(
      card.getByText(`${expected.compliant} of ${expected.applicable} applicable elements`),
    );
    expect(await page.getByText('No IDS files yet').count()).toBe(0);
    await screenshot(page, 'wizard-ids-overview');
  });

  it('without IDS files, the Overview says so and leads to the IDS upload', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('wizard-no-ids'),
      password: 'wizard-no-ids-2026',
      fullName: 'Noah Rules',
    });
    await page.goto('/dashboard');
    await createProject('Unchecked Tower', []);
    await waitForModel(await projectId('Unchecked Tower'));

    await expectVisible(page.getByText('No IDS files yet'));
    await screenshot(page, 'overview-no-ids');
    await page.getByRole('button', { name: 'Add IDS files' }).click();
    // The Projects tab, the project's files open at its IDS upload.
    await expectVisible(page.getByRole('tab', { name: 'Projects', selected: true }));
    const files = page.getByRole('region', { name: 'Files of Unchecked Tower' });
    const idsSection = files.getByRole('region', { name: 'IDS files' });
    await expectVisible(idsSection.getByRole('button', { name: 'Upload IDS' }));
    await screenshot(page, 'overview-no-ids-led-to-upload');
    await idsSection.getByLabel('Choose IDS files').setInputFiles({
      name: 'wall-and-door.ids',
      mimeType: 'application/xml',
      buffer: Buffer.from(IDS),
    });
    await expectVisible(idsSection.getByText(/wall-and-door\.ids|Wall and door/));

    // The upload re-checks the model: the Overview shows the figure and no longer the prompt.
    await page.getByRole('tab', { name: 'Overview' }).click();
    const expected = expectedFigure();
    await expectVisible(
      page.getByRole('group', { name: 'IDS Compliance' }).getByText(`${expected.percent}%`),
    );
    await expectHidden(page.getByText('No IDS files yet'));
  });
});
