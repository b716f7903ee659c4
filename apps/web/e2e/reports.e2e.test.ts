import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProjectViaApi, signUpViaApi, uploadViaApi, waitForCompletedViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectHidden, expectVisible, screenshot, uniqueEmail } from './harness/browser';

// Issue 13 acceptance 1: the Reports tab as a coordinator uses it. The project, its IDS and its model
// are arranged through the API; everything tested is done on the page.
const SHARED = new URL('../../../../shared/', import.meta.url).pathname;
const IFC = `${SHARED}ids-examples/IDS_wooden-windows_IFC.ifc`;
const IDS = `${SHARED}ids-examples/IDS_wooden-windows.ids`;

const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

async function processedProject(name: string) {
  await signUpViaApi(context.request, {
    email: uniqueEmail('reports'),
    password: 'reports-flow-2026',
    fullName: 'Rae Reports',
  });
  const project = await createProjectViaApi(context.request, { name });
  await uploadViaApi(context.request, `/api/v1/projects/${project.id}/idsfiles`, {
    name: 'IDS_wooden-windows.ids',
    buffer: readFileSync(IDS),
  });
  const uploaded = await uploadViaApi(context.request, `/api/v1/projects/${project.id}/bimfiles`, {
    name: 'IDS_wooden-windows_IFC.ifc',
    buffer: readFileSync(IFC),
  });
  await waitForCompletedViaApi(context.request, project.id, uploaded.bim_file.id);
  return project;
}

async function generate(type: RegExp, format?: 'PDF' | 'Excel (XLSX)', name?: string) {
  await page.getByRole('button', { name: type }).click();
  const dialog = page.getByRole('dialog');
  await expectVisible(dialog);
  if (name !== undefined) await dialog.getByLabel('Report name').fill(name);
  if (format) {
    await dialog.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: format }).click();
  }
  await dialog.getByRole('button', { name: 'Generate Report' }).click();
  await expectHidden(dialog);
}

describe('the Reports tab (issue 13)', () => {
  it('generates PDF, Excel and AI Insights reports, downloads them, deletes one, and holds the download for 30 s', async () => {
    await processedProject('Report Works');
    await page.goto('/dashboard?tab=reports');
    await expectVisible(page.getByText('No reports yet. Generate one above.'));

    // The dialog's own details (the default name, a blank name refused) are its component test's
    // (src/features/reports/generate-report-dialog.test.tsx).
    await generate(/Comprehensive Project Analysis/, 'PDF', 'Window package PDF');
    await expectVisible(page.getByText('Report generation started'));
    const table = page.getByRole('table', { name: 'Generated Reports' });
    const pdfRow = table.getByRole('row', { name: /Window package PDF/ });
    await expectVisible(pdfRow);
    // Its status moves on (polled every 6 s) until the success toast.
    await expectVisible(page.getByText('Report generated'));
    await expectVisible(page.getByText('Window package PDF is ready to download.'));
    await screenshot(page, 'reports-generated');

    const pdfDownload = page.waitForEvent('download');
    await pdfRow.getByRole('button', { name: 'Download Window package PDF' }).click();
    expect((await pdfDownload).suggestedFilename()).toBe('Window package PDF.pdf');
    // The 30 s cooldown: the button counts down and is disabled.
    const held = pdfRow.getByRole('button', { name: 'Download Window package PDF' });
    // Seconds left, whatever a loaded machine let pass since the click: a wait is no timed assertion.
    const left = (await held.textContent())?.trim() ?? '';
    expect(left).toMatch(/^\d+s$/);
    expect(Number.parseInt(left, 10)).toBeGreaterThan(0);
    expect(Number.parseInt(left, 10)).toBeLessThanOrEqual(30);
    expect(await held.isDisabled()).toBe(true);

    await generate(/Comprehensive Project Analysis/, 'Excel (XLSX)', 'Window package XLSX');
    const xlsxRow = table.getByRole('row', { name: /Window package XLSX/ });
    await expectVisible(xlsxRow.getByText('Excel'));
    await expectVisible(page.getByText('Window package XLSX is ready to download.'));
    const xlsxDownload = page.waitForEvent('download');
    await xlsxRow.getByRole('button', { name: 'Download Window package XLSX' }).click();
    expect((await xlsxDownload).suggestedFilename()).toBe('Window package XLSX.xlsx');

    await generate(/AI Insights & Recommendations/);
    await expectVisible(table.getByRole('row', { name: /AI Insights & Recommendations Report/ }));
    await expectVisible(page.getByText('AI Insights & Recommendations Report is ready to download.'));
    await expectVisible(page.getByRole('group', { name: 'Total Reports' }).getByText('3', { exact: true }));

    // Delete one, after confirming.
    await xlsxRow.getByRole('button', { name: 'Delete Window package XLSX' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectVisible(page.getByText('Report deleted'));
    await expectHidden(xlsxRow);
    await expectVisible(page.getByRole('group', { name: 'Total Reports' }).getByText('2', { exact: true }));
    await screenshot(page, 'reports-after-delete');
  });
});
