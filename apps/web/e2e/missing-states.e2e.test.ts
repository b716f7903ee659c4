import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createProjectViaApi, signUpViaApi } from './harness/api';
import { browserPagePerTest, expectVisible, screenshot, uniqueEmail } from './harness/browser';

/**
 * Issue 17 point 2: the states a person meets on the way that used to say nothing or the wrong thing.
 */
const baseUrl = inject('baseUrl');
let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

describe('missing states (issue 17)', () => {
  it('a stale project id says Project Not Found, forgets it, and never opens another project instead', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('stale'),
      password: 'stale-project-2026',
      fullName: 'Sol Stale',
    });
    await createProjectViaApi(context.request, { name: 'Still Here' });
    // A remembered selection of the gone project must not come back either.
    await page.goto('/dashboard');
    const gone = '00000000-0000-4000-8000-000000000000';
    await page.evaluate(
      (id) => localStorage.setItem('plumbline:selection:metadata', JSON.stringify({ project: id })),
      gone,
    );
    await page.goto(`/dashboard?tab=overview&project=${gone}`);
    await expectVisible(page.getByText('Project Not Found', { exact: true }));
    await expectVisible(page.getByText('The selected project is no longer available.'));
    // The URL still names the missing project: nothing switched silently.
    expect(new URL(page.url()).searchParams.get('project')).toBe(gone);
    expect(await page.evaluate(() => localStorage.getItem('plumbline:selection:metadata'))).toBeNull();
    await screenshot(page, 'project-not-found');
    await page.getByRole('button', { name: 'Open Still Here' }).click();
    await expectVisible(page.getByRole('group', { name: 'Elements', exact: true }));
  });

  it('/contact is a page, not a 404', async () => {
    await page.goto('/contact');
    await expectVisible(page.getByRole('heading', { name: 'Contact us' }));
    await expectVisible(page.getByRole('heading', { name: 'Enterprise plans and larger limits' }));
    expect(await page.getByText('Page not found').count()).toBe(0);
  });
});
