import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProjectViaApi, signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectHidden, expectVisible, uniqueEmail } from './harness/browser';

const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** The project-name buttons of the visible rows (one per row). */
const rowNames = () => page.getByRole('table').locator('button[aria-expanded]');

describe('the Project List', () => {
  it('pages 12 projects 10 at a time, changes the page size, and expands one row at a time', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('pager'),
      password: 'paging-pass-2026',
      fullName: 'Pat Pager',
    });
    const names = Array.from({ length: 12 }, (_, i) => `Site ${String(i + 1).padStart(2, '0')}`);
    for (const name of names)
      await createProjectViaApi(context.request, { name, description: `Block ${name}` });

    await page.goto('/dashboard?tab=projects');
    await expectVisible(page.getByRole('group', { name: 'Total Projects' }).getByText('12', { exact: true }));
    await expectVisible(page.getByText('Rows per page'));
    expect(await rowNames().count()).toBe(10);
    await expectVisible(page.getByText('Page 1 of 2'));
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await expectVisible(page.getByText('Page 2 of 2'));
    expect(await rowNames().count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Last' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'First' }).click();
    await expectVisible(page.getByText('Page 1 of 2'));

    // 25 rows per page fit all twelve: the paging bar goes away.
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expectHidden(page.getByText('Rows per page'));
    expect(await rowNames().count()).toBe(12);

    // A search that leaves few rows shows them without paging.
    await page.getByRole('searchbox', { name: 'Search projects' }).fill('site 1');
    await expectVisible(page.getByRole('button', { name: 'Site 12', exact: true }));
    expect((await rowNames().allTextContents()).sort()).toEqual(['Site 10', 'Site 11', 'Site 12']);

    // Only one row is expanded at a time.
    await page.getByRole('button', { name: 'Site 10', exact: true }).click();
    await expectVisible(page.getByRole('region', { name: 'Files of Site 10' }).getByText('No files yet'));
    await page.getByRole('button', { name: 'Site 11', exact: true }).click();
    await expectVisible(page.getByRole('region', { name: 'Files of Site 11' }));
    await expectHidden(page.getByRole('region', { name: 'Files of Site 10' }));
    expect(
      await page.getByRole('button', { name: 'Site 10', exact: true }).getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('reports an Update Error when the project was deleted while its edit dialog was open', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('gone'),
      password: 'update-error-2026',
      fullName: 'Gus Gone',
    });
    const project = await createProjectViaApi(context.request, { name: 'Temporary Works' });

    await page.goto('/dashboard?tab=projects');
    await page.getByRole('button', { name: 'Edit Temporary Works' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Project' });
    await dialog.getByLabel('Project name').fill('Temporary Works Phase 2');

    const removed = await context.request.delete(`/api/v1/projects/${project.id}`);
    expect(removed.ok()).toBe(true);

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(page.getByText('Update Error'));
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectVisible(page.getByText('No Active Projects'));
  });
});
