import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { verifyAndSignInThroughPages } from './harness/accounts';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectHidden, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { until } from './harness/wait';
import { openWizard, payWithCard, TEST_CARD } from './harness/wizard';

/**
 * Issue 17 acceptance 2: a new user's way through, as a person does it on a clean start: sign up,
 * create a project, drop three IFC files at once, watch each file's own progress, and land on the
 * processed results without looking for a button.
 */
const baseUrl = e2eBaseUrl();
const SAMPLES = new URL('../../../../shared/ifc-samples/', import.meta.url).pathname;
const FILES = ['SimpleWall.ifc', 'wall_door_columnt_rgb4x3.ifc', 'LargeBuilding.ifc'].map((f) => SAMPLES + f);

let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ page } = session);
});

/** Drops files on a drop zone the way a browser does: one drop event carrying all of them. */
async function dropFiles(target: import('playwright-core').Locator, paths: string[]): Promise<void> {
  const files = paths.map((path) => ({
    name: basename(path),
    base64: readFileSync(path).toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: 'application/octet-stream' }));
    }
    return transfer;
  }, files);
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

describe('a new user’s path (issue 17 acceptance 2)', () => {
  it('signs up, creates a project, drops three IFC files at once and sees each processed', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Nora Newcomer');
    const email = uniqueEmail('newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('newcomer-path-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await verifyAndSignInThroughPages(page, email, 'newcomer-path-2026');

    const wizard = await openWizard(page);
    await wizard.getByRole('button', { name: /Upload IFC files from this computer/ }).click();
    await wizard.getByLabel('Project name').fill('Dropped Three');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await dropFiles(wizard.getByText('Drop IFC files here or choose them'), FILES);
    await expectVisible(wizard.getByText('3 of 20 files selected'));
    for (const path of FILES) await expectVisible(wizard.getByText(basename(path)).first());
    await screenshot(page, 'new-user-dropped');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await payWithCard(page, TEST_CARD);
    await expectVisible(wizard.getByText('Project created successfully'));

    // Each file has its own progress bar and its own status, up to Processed, on this screen.
    const uploads = wizard.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    expect(await uploads.count()).toBe(3);
    for (const path of FILES) {
      await expectVisible(wizard.getByRole('progressbar', { name: `Upload of ${basename(path)}` }));
    }
    const statuses = wizard.getByTestId('upload-status');
    await until(
      'three files processed',
      async () => (await statuses.filter({ hasText: /^Processed$/ }).count()) >= 3,
      500,
    );
    await screenshot(page, 'new-user-processed');

    // One click on the only button there is, and the project's results are on screen.
    await wizard.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await expectHidden(wizard);
    await expectVisible(page.getByRole('tab', { name: 'Overview', selected: true }));
    await expectVisible(page.getByText('Dropped Three').first());
    const filesCard = page.getByRole('group', { name: 'BIM Files', exact: true });
    await expectVisible(filesCard.getByText('3', { exact: true }));
    for (const path of FILES) await expectVisible(page.getByText(basename(path)).first());
    const elements = page.getByRole('group', { name: 'Elements', exact: true });
    const shown = Number(((await elements.textContent()) ?? '').replace(/[^0-9]/g, ''));
    expect(shown).toBeGreaterThan(0);
    await screenshot(page, 'new-user-overview');
  });
});
