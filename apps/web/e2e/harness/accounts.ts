import type { Page } from 'playwright-core';
import { expectPath, expectVisible } from './browser';
import { verificationLinkFor } from './mail';

/**
 * After 'Create account' on /signup: the page asks to check the mailbox; the test opens the link from
 * the caught mail, sees the address verified, and signs in through /login to the dashboard.
 */
export async function verifyAndSignInThroughPages(
  page: Page,
  email: string,
  password: string,
): Promise<void> {
  await expectVisible(page.getByRole('heading', { name: 'Check your e-mail' }));
  const link = await verificationLinkFor(email);
  if (!link) throw new Error(`no verification mail reached ${email}`);
  await page.goto(link);
  await expectVisible(page.getByRole('heading', { name: 'E-mail address verified' }));
  await page.getByRole('link', { name: 'Continue to Plumbline' }).click();
  await expectPath(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectPath(page, '/dashboard');
}
