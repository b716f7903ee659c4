import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProjectViaApi, signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import {
  browserPagePerTest,
  downloadedBytes,
  expectVisible,
  screenshot,
  uniqueEmail,
} from './harness/browser';
import { sharedProjectWithModel } from './harness/project-with-model';
import { haveSamples, WOODEN_WINDOWS_IFC } from './harness/samples';

const baseUrl = e2eBaseUrl();
const IFC = WOODEN_WINDOWS_IFC;
const haveWindows = haveSamples('metadata', IFC);

let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/**
 * A project with the model processed; resolves with the ids the explorer's query parameters take. Made
 * once for the file's tests, which only read it (each signs in to it in its own browser context).
 */
const processedModel = sharedProjectWithModel(baseUrl, {
  signUp: { prefix: 'meta', fullName: 'Meta Data' },
  name: 'Window Factory',
  ifc: { path: IFC, name: 'windows.ifc' },
  fragments: false,
});

describe.skipIf(!haveWindows)('metadata explorer', () => {
  it('searches, filters, sorts, pages, shows details and exports CSV with a cooldown', async () => {
    const ids = await processedModel(context.request);
    const api = async (query: string) =>
      (
        await context.request.get(
          `/api/v1/projects/${ids.projectId}/bimfiles/${ids.fileId}/metadata?versionId=${ids.versionId}&${query}`,
        )
      ).json();
    const totalText = (n: number) => `${n.toLocaleString('en-US')} rows`;

    await page.goto(
      `/dashboard?tab=metadata&project=${ids.projectId}&file=${ids.fileId}&version=${ids.versionId}`,
    );
    const table = page.getByRole('table', { name: 'Element Metadata' });
    await expectVisible(table);
    const headers = await table.locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual([
      'OBJECT ID',
      'CATEGORY',
      'IFC CLASS',
      'PROPERTY SET',
      'ATTRIBUTE',
      'VALUE',
      'ACTIONS',
    ]);
    const all = await api('page_size=100');
    const total = page.getByTestId('metadata-total');
    await expectVisible(total.getByText(totalText(all.total)));
    expect(await table.locator('tbody tr').count()).toBe(Math.min(100, all.total));
    await screenshot(page, 'metadata-explorer');

    // Paging: the next page, then sorting goes back to page 1.
    await page.getByRole('button', { name: 'Next' }).click();
    await expectVisible(page.getByText(`Page 2 of ${all.total_pages}`));
    await table.getByRole('button', { name: 'VALUE' }).click();
    await expectVisible(page.getByText(`Page 1 of ${all.total_pages}`));
    expect(await table.locator('th[aria-sort="ascending"]').textContent()).toBe('VALUE');
    const byValue = await api('sort=value&order=asc');
    await expectVisible(table.locator('tbody tr').first().getByText(byValue.rows[0].object_id));
    await table.getByRole('button', { name: 'VALUE' }).click();
    expect(await table.locator('th[aria-sort="descending"]').textContent()).toBe('VALUE');

    // Search (debounced), then a category filter on top of it.
    const named = byValue.rows.find((r: { attribute: string }) => r.attribute.length >= 5);
    if (!named) throw new Error('the sample has no attribute name of 5 characters or more');
    const term = (named.attribute as string).slice(0, 5).toLowerCase();
    await page.getByRole('textbox', { name: 'Search metadata' }).fill(term);
    const searched = await api(`search=${encodeURIComponent(term)}`);
    await expectVisible(total.getByText(totalText(searched.total)));
    const category = searched.rows[0].category as string;
    await page
      .getByTestId('filter-section-category')
      .getByRole('checkbox', { name: new RegExp(category) })
      .check();
    const filtered = await api(`search=${encodeURIComponent(term)}&category=${encodeURIComponent(category)}`);
    await expectVisible(total.getByText(totalText(filtered.total)));

    // Element details.
    const firstRow = table.locator('tbody tr').first();
    await firstRow.getByRole('button', { name: /^Details of / }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('Viewer ID'));
    await page.keyboard.press('Escape');

    // CSV export of exactly the filtered rows, then the 30-second cooldown.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const csv = (await downloadedBytes(file)).toString('utf8').replace(/^\ufeff/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toContain('OBJECT ID,OBJECT NAME,CATEGORY,IFC CLASS');
    expect(lines).toHaveLength(filtered.total + 1);
    await expectVisible(page.getByRole('button', { name: 'Export XLSX' }).getByText(/XLSX \(\d+s\)/));
    await page.getByRole('button', { name: 'Export XLSX' }).click();
    await expectVisible(
      page.getByText(/Export Rate Limited: Please wait \d+ seconds before exporting again\./),
    );

    // Preferences come back after a reload (saved one second after the last change): once stored.
    await expect
      .poll(() =>
        page.evaluate(
          ([search, chosen]) =>
            Object.entries(localStorage).some(
              ([key, value]) =>
                key.startsWith('plumbline:metadata-explorer:') &&
                value.includes(`"search":${JSON.stringify(search)}`) &&
                value.includes(JSON.stringify(chosen)),
            ),
          [term, category],
        ),
      )
      .toBe(true);
    await page.reload();
    await expectVisible(page.getByTestId('metadata-total').getByText(totalText(filtered.total)));
    expect(await page.getByRole('textbox', { name: 'Search metadata' }).inputValue()).toBe(term);

    // The 3D viewer (two thirds) beside the assistant (one third), above the table.
    await page.getByRole('switch', { name: '3D Viewer & AI Assistant' }).click();
    const panels = page.getByTestId('viewer-and-chat');
    await expectVisible(panels);
    const [viewerBox, chatBox] = await Promise.all([
      panels.locator(':scope > div').nth(0).boundingBox(),
      panels.locator(':scope > div').nth(1).boundingBox(),
    ]);
    expect(Math.round((viewerBox?.width ?? 0) / (chatBox?.width ?? 1))).toBe(2);
    await screenshot(page, 'metadata-viewer');
  });

  it('narrows the rows by a numeric range and counts the facets under it', async () => {
    const ids = await processedModel(context.request);
    const base = `/api/v1/projects/${ids.projectId}/bimfiles/${ids.fileId}/metadata`;
    const api = async (path: string, query: string) =>
      (await context.request.get(`${base}${path}?versionId=${ids.versionId}&${query}`)).json();
    const facets = await api('/facets', '');
    const property = facets.numeric_properties.find((p: { min: number; max: number }) => p.min < p.max);
    if (!property) throw new Error('the sample has no numeric property with two values');
    const to = (property.min + property.max) / 2;
    const query = `range_property_set=${encodeURIComponent(property.property_set)}&range_attribute=${encodeURIComponent(property.attribute)}&range_from=${property.min}&range_to=${to}`;
    const narrowed = await api('', query);
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThan(facets.total_rows);

    await page.goto(
      `/dashboard?tab=metadata&project=${ids.projectId}&file=${ids.fileId}&version=${ids.versionId}`,
    );
    const total = page.getByTestId('metadata-total');
    await expectVisible(total.getByText(`${facets.total_rows.toLocaleString('en-US')} rows`));
    const attributeCount = page
      .getByTestId('filter-section-attribute')
      .locator('label')
      .filter({ has: page.locator(`span[title=${JSON.stringify(property.attribute)}]`) })
      .locator('span.tabular-nums');
    await page
      .getByRole('combobox', { name: 'Numeric property' })
      .selectOption({ label: `${property.attribute} (${property.property_set})` });
    const max = page.getByRole('spinbutton', { name: `${property.attribute} maximum` });
    await max.fill(String(to));
    await max.press('Enter');
    await expectVisible(total.getByText(`${narrowed.total.toLocaleString('en-US')} rows`));
    // The attribute section is counted under the range: the property's rows in range, the rest none.
    await expect
      .poll(() => attributeCount.first().textContent())
      .toBe(narrowed.total.toLocaleString('en-US'));
    await screenshot(page, 'metadata-range');
  });

  it('asks for a selection first and remembers the IDS Compliance sub-tab', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('meta'),
      password: 'metadata-2026',
      fullName: 'M',
    });
    // Without any project the explorer offers to create one (issue 17); with one, it asks for a choice.
    await page.goto('/dashboard?tab=metadata');
    await expectVisible(page.getByText('No projects yet'));
    await createProjectViaApi(context.request, { name: 'Nothing Chosen' });
    await page.goto('/dashboard?tab=metadata');
    await expectVisible(page.getByText('Please select a project, file and version'));
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    await page.reload();
    await expectVisible(page.getByRole('tab', { name: 'IDS Compliance', selected: true }));
  });
});
