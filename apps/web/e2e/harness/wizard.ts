import type { Page } from 'playwright-core';
import { expectHidden, expectVisible } from './browser';
import { until } from './wait';

export const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
export const DECLINED_CARD = { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };

/** Opens the Create New Project wizard from the Projects tab and chooses local files (spec 1 §2.1). */
export async function openWizard(page: Page) {
  await page.getByRole('tab', { name: 'Projects' }).click();
  await page.getByRole('button', { name: 'New Project' }).first().click();
  const wizard = page.getByRole('dialog', { name: 'Create New Project' });
  await expectVisible(wizard);
  return wizard;
}

/**
 * The whole wizard as a person goes through it: local files, name, plan (default), files, card payment,
 * Complete, Continue to Dashboard. Used where creating a project is a step, not the subject, of a test.
 */
export async function createProjectThroughWizard(
  page: Page,
  project: { name: string; description?: string; files: string[]; voucher?: string },
) {
  const wizard = await openWizard(page);
  await wizard.getByRole('button', { name: /Upload IFC files from this computer/ }).click();
  await wizard.getByLabel('Project name').fill(project.name);
  if (project.description) await wizard.getByLabel('Description').fill(project.description);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Choose IFC files').setInputFiles(project.files);
  await wizard.getByRole('button', { name: 'Next' }).click();
  if (project.voucher) {
    await wizard.getByLabel('Voucher code').fill(project.voucher);
    await wizard.getByRole('button', { name: 'Apply' }).click();
    await expectVisible(page.getByText('Voucher applied!'));
  }
  await payWithCard(page, TEST_CARD);
  await expectVisible(wizard.getByText('Project created successfully'));
  await waitForUploads(page, project.files.length);
  await wizard.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expectHidden(wizard);
  // The new project opens on its Overview (issue 17: the results without hunting for a button).
  await expectVisible(page.getByRole('tab', { name: 'Overview', selected: true }));
}

export async function payWithCard(page: Page, card: { number: string; expiry: string; cvc: string }) {
  const wizard = page.getByRole('dialog', { name: 'Create New Project' });
  await wizard.getByLabel(/^Card number/).fill(card.number);
  await wizard.getByLabel('Expiry').fill(card.expiry);
  await wizard.getByLabel('CVC').fill(card.cvc);
  await wizard.getByRole('button', { name: 'Complete Payment' }).click();
}

/** Waits until every file of the Complete step has reached the server (uploaded, processing or done). */
export async function waitForUploads(page: Page, count: number) {
  const done = page
    .getByRole('dialog', { name: 'Create New Project' })
    .getByTestId('upload-status')
    .filter({ hasText: /^(Uploaded|Processing\.\.\.|Processed|Processing failed)$/ });
  await until(`${count} uploads`, async () => (await done.count()) >= count, 200);
}
