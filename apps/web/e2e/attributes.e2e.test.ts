import { readFileSync } from 'node:fs';
import type { ExtraAttributesResponse } from '@plumbline/contracts';
import { parseIds } from '@plumbline/ids';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uploadViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, downloadedBytes, expectVisible, screenshot } from './harness/browser';
import { projectWithModelViaApi } from './harness/project-with-model';
import { haveSamples, WOODEN_WINDOWS_IDS, WOODEN_WINDOWS_IFC } from './harness/samples';

const baseUrl = e2eBaseUrl();
const IFC = WOODEN_WINDOWS_IFC;
const IDS = WOODEN_WINDOWS_IDS;
const haveWindows = haveSamples('attributes', IFC, IDS);

let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** A project with the wooden-windows model processed against its IDS. */
async function processedProject(request: APIRequestContext) {
  const processed = await projectWithModelViaApi(request, {
    signUp: { prefix: 'attr', fullName: 'Ada Attributes' },
    name: 'Attribute Works',
    ids: { path: IDS },
    ifc: { path: IFC },
    fragments: false,
  });
  if (!processed.idsFile) throw new Error('the IDS upload returned no file');
  return { ...processed, idsFile: processed.idsFile };
}

describe.skipIf(!haveWindows)('attribute analysis screens', () => {
  it('changes a recommendation status, adds an attribute to a specification and exports it in the IDS', async () => {
    const { project, idsFile, fileId, versionId } = await processedProject(context.request);
    const analysis: ExtraAttributesResponse = await (
      await context.request.get(`/api/v1/projects/${project.id}/bimfiles/${fileId}/extra-attributes`)
    ).json();
    const gap = analysis.attributes
      .filter((a) => a.ids_coverage === 'not_covered')
      .sort((a, b) => b.occurrence - a.occurrence)[0];
    if (!gap) throw new Error('the sample has no uncovered attribute');
    const firstSpec = parseIds(readFileSync(IDS)).specifications[0]?.name as string;

    await page.goto(
      `/dashboard?tab=dashboard&fileTab=extra-attributes&project=${project.id}&file=${fileId}&version=${versionId}`,
    );
    const totals = page.getByRole('group', { name: 'Total Attributes' });
    await expectVisible(totals.getByText(String(analysis.summary.total_attributes), { exact: true }));
    await expectVisible(
      page.getByRole('button', {
        name: `Not Covered (${analysis.summary.not_covered.toLocaleString('en-GB')})`,
      }),
    );
    await screenshot(page, 'attributes-extra-tab');

    await page.getByRole('textbox', { name: 'Search attributes' }).fill(gap.name);
    await page
      .getByRole('row')
      .filter({ hasText: gap.property_set_name })
      .filter({ hasText: gap.name })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: gap.name });
    await expectVisible(dialog);
    // The dialog's priority is the table's: the server's suggestion_priority (decision 0178).
    const priorityWord = { high: 'High', medium: 'Medium', low: 'Low' }[gap.suggestion_priority];
    await expectVisible(dialog.getByText(`${priorityWord} priority`, { exact: true }));

    // Every change in the dialog is confirmed first.
    await dialog.getByRole('combobox', { name: 'Recommendation status' }).click();
    await page.getByRole('option', { name: 'Highly Recommended' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Status Change' });
    await expectVisible(confirm);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expectVisible(page.getByText('Status Updated'));
    await expectVisible(page.getByText('Status changed to Highly Recommended'));

    // Pick a specification, analyze, add.
    await dialog.getByRole('combobox', { name: 'Specification' }).click();
    await page.getByRole('option', { name: firstSpec, exact: true }).first().click();
    await dialog.getByRole('button', { name: 'Analyze' }).click();
    await expectVisible(dialog.getByRole('combobox', { name: 'Data type' }));
    await screenshot(page, 'attributes-detail-dialog');
    // The toast says what was written: this specification, with the requirement state chosen.
    const cardinality = ((await dialog.getByRole('combobox', { name: 'Cardinality' }).textContent()) ?? '')
      .trim()
      .toLowerCase();
    await dialog.getByRole('button', { name: 'Add to Specification' }).click();
    await expectVisible(page.getByText('Attribute Added to IDS'));
    await expectVisible(
      page.getByText(
        `${gap.property_set_name}.${gap.name} is now ${cardinality} in the specification ‘${firstSpec}’.`,
      ),
    );
    // The table refreshes: the attribute is now covered by the specification it was added to.
    const row = page
      .getByRole('row')
      .filter({ hasText: gap.property_set_name })
      .filter({ hasText: gap.name });
    await expectVisible(row.getByText('Covered', { exact: true }));
    await expectVisible(row.getByText(firstSpec));

    // Schema Attributes: choosing the specification filters its requirements, the new one among them.
    await page.goto(
      `/dashboard?tab=dashboard&fileTab=schema&project=${project.id}&file=${fileId}&version=${versionId}`,
    );
    await expectVisible(page.getByRole('heading', { name: 'IDS Specifications & Requirements' }));
    // The card is named by all it shows, beginning with the specification's name.
    const startsWithSpec = new RegExp(`^${firstSpec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    await page.getByRole('button', { name: startsWithSpec }).first().click();
    await expectVisible(page.getByText('Filtered by specification'));
    await expectVisible(page.getByRole('row').filter({ hasText: `${gap.property_set_name}.${gap.name}` }));
    await screenshot(page, 'attributes-schema-requirements');
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await expectVisible(page.getByRole('heading', { name: 'IDS Specifications & Requirements' }));

    // The Overview summarises coverage and recommends what is still missing.
    await page.goto(`/dashboard?tab=overview&project=${project.id}`);
    await expectVisible(page.getByText('Schema Analysis Summary'));
    await expectVisible(page.getByRole('list', { name: 'Top recommendations' }));
    expect(
      await page.getByRole('list', { name: 'Top recommendations' }).getByRole('listitem').count(),
    ).toBeLessThanOrEqual(4);
    await screenshot(page, 'attributes-overview');

    // The project's IDS file, downloaded from the Projects page, now carries the requirement.
    await page.goto('/dashboard?tab=projects');
    await page.getByRole('button', { name: project.name, exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: idsFile.name }).click(),
    ]);
    const xml = (await downloadedBytes(download)).toString('utf8');
    // The edit was a splice (decision 0162): every comment of the uploaded file is still there.
    const comments = readFileSync(IDS, 'utf8').match(/<!--[\s\S]*?-->/g) ?? [];
    expect(comments.length).toBeGreaterThan(0);
    for (const comment of comments) expect(xml).toContain(comment);
    const spec = parseIds(xml).specifications.find((s) => s.name === firstSpec);
    expect(spec?.requirements.at(-1)).toMatchObject({
      type: 'property',
      propertySet: { kind: 'simple', value: gap.property_set_name },
      baseName: { kind: 'simple', value: gap.name },
    });
  });
  it('asks before rewriting an IDS file it cannot edit in place, and adds only after the user confirms', async () => {
    const { project, fileId, versionId } = await processedProject(context.request);
    const latin = `<?xml version="1.0" encoding="ISO-8859-1"?>
<!-- a comment the rewrite will drop -->
<ids xmlns="http://standards.buildingsmart.org/IDS">
  <info><title>Latin windows</title></info>
  <specifications>
    <specification name="Latin windows" ifcVersion="IFC2X3 IFC4">
      <applicability><entity><name><simpleValue>IFCWINDOW</simpleValue></name></entity></applicability>
    </specification>
  </specifications>
</ids>
`;
    await uploadViaApi(context.request, `/api/v1/projects/${project.id}/idsfiles`, {
      name: 'latin.ids',
      buffer: Buffer.from(latin, 'latin1'),
      mimeType: 'application/xml',
    });
    const analysis: ExtraAttributesResponse = await (
      await context.request.get(`/api/v1/projects/${project.id}/bimfiles/${fileId}/extra-attributes`)
    ).json();
    const gap = analysis.attributes.sort((a, b) => b.occurrence - a.occurrence)[0];
    if (!gap) throw new Error('the sample has no attribute');

    await page.goto(
      `/dashboard?tab=dashboard&fileTab=extra-attributes&project=${project.id}&file=${fileId}&version=${versionId}`,
    );
    await page.getByRole('textbox', { name: 'Search attributes' }).fill(gap.name);
    await page
      .getByRole('row')
      .filter({ hasText: gap.property_set_name })
      .filter({ hasText: gap.name })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: gap.name });
    await dialog.getByRole('combobox', { name: 'Specification' }).click();
    await page.getByRole('option', { name: 'Latin windows', exact: true }).click();
    await dialog.getByRole('button', { name: 'Analyze' }).click();
    await dialog.getByRole('button', { name: 'Add to Specification' }).click();

    const warning = dialog.getByRole('alert', { name: 'The IDS file cannot be kept as written' });
    await expectVisible(warning.getByText('The file is encoded as ISO-8859-1', { exact: false }));
    await expectVisible(
      warning.getByText('comments, annotations and requirement descriptions', { exact: false }),
    );
    await screenshot(page, 'attributes-rewrite-warning');
    await warning.getByRole('button', { name: 'Rewrite the file and add' }).click();
    await expectVisible(page.getByText('Attribute Added to IDS'));
  });
});
