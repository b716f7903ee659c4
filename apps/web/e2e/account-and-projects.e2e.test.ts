import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { verifyAndSignInThroughPages } from './harness/accounts';
import { e2eBaseUrl } from './harness/base-url';
import {
  browserPagePerTest,
  expectHidden,
  expectPath,
  expectVisible,
  screenshot,
  uniqueEmail,
} from './harness/browser';
import { createProjectThroughWizard, openWizard } from './harness/wizard';

/** A small sample model (shared/ifc-samples) for the project the wizard creates. */
const SIMPLE_WALL = new URL('../../../../shared/ifc-samples/SimpleWall.ifc', import.meta.url).pathname;
const baseUrl = e2eBaseUrl();
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ page } = session);
});

describe('an account and its projects (acceptance)', () => {
  it('signs up, signs out, signs in, creates a project, renames it and signs out', async () => {
    const email = uniqueEmail('ada');
    const password = 'analytical-engine-1843';

    // Sign up.
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await verifyAndSignInThroughPages(page, email, password);
    await expectVisible(page.getByRole('tab', { name: 'Overview', selected: true }));
    await expectVisible(page.getByRole('button', { name: 'Ada Lovelace, account menu' }));
    await expectVisible(page.getByText('Create your first project'));
    await screenshot(page, 'dashboard-overview-empty');

    // Sign out from Settings.
    await page.getByRole('tab', { name: 'Settings' }).click();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'settings');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectPath(page, '/login');

    // A wrong password is refused with the server's message; the right one gets in.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
    await screenshot(page, 'login-error');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, '/dashboard');

    // Create a project through the wizard; a blank name is refused first.
    await page.getByRole('tab', { name: 'Projects' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Projects', level: 1 }));
    await expectVisible(page.getByText('No Active Projects'));
    const wizard = await openWizard(page);
    await wizard.getByRole('button', { name: /Upload IFC files from this computer/ }).click();
    await wizard.getByLabel('Project name').focus();
    await wizard.getByLabel('Description').focus();
    await expectVisible(wizard.getByText('Project name is required'));
    expect(await wizard.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await wizard.getByRole('button', { name: 'Close wizard' }).click();
    await expectHidden(wizard);
    await createProjectThroughWizard(page, {
      name: 'Harbour Tower',
      description: 'Residential high-rise, IFC4 models from Revit',
      files: [SIMPLE_WALL],
    });

    // It is in the Project List, and the summary counts it.
    await page.getByRole('tab', { name: 'Projects' }).click();
    const table = page.getByRole('table');
    await expectVisible(table.getByRole('button', { name: 'Harbour Tower', exact: true }));
    await expectVisible(table.getByText('Residential high-rise, IFC4 models from Revit'));
    await expectVisible(page.getByRole('group', { name: 'Total Projects' }).getByText('1', { exact: true }));

    // Its row expands to show its files: the one chosen in the wizard.
    await table.getByRole('button', { name: 'Harbour Tower', exact: true }).click();
    await expectVisible(
      page.getByRole('region', { name: 'Files of Harbour Tower' }).getByText('SimpleWall.ifc'),
    );
    await screenshot(page, 'projects-tab');

    // Edit: a blank name is refused, a new name is saved and shown.
    await table.getByRole('button', { name: 'Edit Harbour Tower' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Project' });
    await expectVisible(editDialog);
    expect(await editDialog.getByLabel('Project name').inputValue()).toBe('Harbour Tower');
    await editDialog.getByLabel('Project name').fill('   ');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(editDialog.getByText('Project name is required'));
    await screenshot(page, 'edit-dialog');
    await editDialog.getByLabel('Project name').fill('Harbour Tower East');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectHidden(editDialog);
    await expectVisible(table.getByRole('button', { name: 'Harbour Tower East', exact: true }));

    // The new name was stored: it survives a reload, and the Projects tab is still the active one.
    await page.reload();
    await expectVisible(page.getByRole('tab', { name: 'Projects', selected: true }));
    await expectVisible(
      page.getByRole('table').getByRole('button', { name: 'Harbour Tower East', exact: true }),
    );

    // Search matches case-insensitively and says when nothing matches.
    const search = page.getByRole('searchbox', { name: 'Search projects' });
    await search.fill('tower EAST');
    await expectVisible(
      page.getByRole('table').getByRole('button', { name: 'Harbour Tower East', exact: true }),
    );
    await search.fill('hospital');
    await expectVisible(page.getByText('No projects match "hospital"'));

    // The Overview selects the project automatically and shows its figures.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expectVisible(
      page.getByRole('combobox', { name: 'Project' }).filter({ hasText: 'Harbour Tower East' }),
    );
    await expectVisible(page.getByText('Storage Used'));
    await expectVisible(page.getByText('No compliance trend data available'));
    await screenshot(page, 'dashboard-overview-project');

    // Sign out from the account menu.
    await page.getByRole('button', { name: 'Ada Lovelace, account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectPath(page, '/login');
    await screenshot(page, 'login');
  });
});
