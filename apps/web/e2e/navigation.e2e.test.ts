import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMemberViaApi, createProjectViaApi, signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectPath, expectVisible, screenshot, uniqueEmail } from './harness/browser';

const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

async function tabCookie(): Promise<string | undefined> {
  const cookies = await context.cookies();
  return cookies.find((cookie) => cookie.name === 'dashboard_active_tab')?.value;
}

describe('routes and the dashboard shell', () => {
  it('sends a visitor without a session from /dashboard to /login', async () => {
    await page.goto('/dashboard?tab=projects');
    await expectPath(page, '/login');
    await expectVisible(page.getByRole('heading', { name: 'Sign in to Plumbline' }));
  });

  it('opens the public pages signed out without asking /auth/me or logging an error', async () => {
    const asked: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/auth/me') asked.push(page.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const [path, heading] of [
      ['/login', 'Sign in to Plumbline'],
      ['/signup', 'Create your account'],
      ['/contact', 'Contact'],
    ] as const) {
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { name: heading }).first());
    }
    await page.goto('/demo');
    await expectVisible(page.getByText('Demo mode'));
    // Let late effects (queries started after the first paint) run before counting.
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens /demo without an account, read-only, with settings hidden', async () => {
    await page.goto('/demo');
    await expectVisible(page.getByText('Demo mode'));
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual([
      'Overview',
      'File Inspector',
      'Metadata Explorer',
      'Projects',
      'Reports',
      'IDS Schemas',
      'Team Members',
      'Subscriptions',
    ]);
    await expectVisible(page.getByRole('link', { name: 'Sign in' }));
    await screenshot(page, 'demo');

    await page.getByRole('tab', { name: 'Projects' }).click();
    await expectVisible(page.getByText('No Active Projects'));
    // The wizard runs in the demo, its payment and creation simulated (wizard-demo.e2e.test.ts).
    expect(await page.getByRole('button', { name: 'New Project' }).first().isDisabled()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/demo');
  });

  it('selects the tab named by ?tab=, remembers it in a cookie, and follows the dashboard:tab event', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('tabs'),
      password: 'tab-memory-2026',
      fullName: 'Tab Tester',
    });

    await page.goto('/dashboard?tab=projects');
    await expectVisible(page.getByRole('tab', { name: 'Projects', selected: true }));
    await expectVisible(page.getByRole('heading', { name: 'Projects', level: 1 }));
    expect(await tabCookie()).toBe('projects');

    // Without ?tab= the cookie decides.
    await page.goto('/dashboard');
    await expectVisible(page.getByRole('tab', { name: 'Projects', selected: true }));

    // A tab name the dashboard does not have is ignored.
    await page.goto('/dashboard?tab=billing');
    await expectVisible(page.getByRole('tab', { name: 'Projects', selected: true }));

    // Any code can switch tabs with the window event; URL and cookie follow.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('dashboard:tab', { detail: 'reports' })));
    await expectVisible(page.getByRole('tab', { name: 'Reports', selected: true }));
    await expectVisible(
      page.getByRole('heading', { name: 'Generated Reports' }).or(page.getByText('No projects yet')),
    );
    expect(new URL(page.url()).searchParams.get('tab')).toBe('reports');
    expect(await tabCookie()).toBe('reports');

    // Clicking a tab does the same.
    await page.getByRole('tab', { name: 'IDS Schemas' }).click();
    await expectVisible(page.getByRole('heading', { name: 'IDS Schemas', level: 1 }));
    expect(new URL(page.url()).searchParams.get('tab')).toBe('schema');
    expect(await tabCookie()).toBe('schema');
  });

  it('opens the create dialog on the Projects tab from the Overview prompt', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('first'),
      password: 'first-project-2026',
      fullName: 'Fay First',
    });
    await page.goto('/dashboard?tab=overview');
    await expectVisible(page.getByText('Create your first project'));
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await expectVisible(dialog);
    // The one-shot parameter is removed, so a reload does not reopen the dialog.
    await page.waitForURL(
      (url) => url.searchParams.get('tab') === 'projects' && !url.searchParams.has('createProject'),
    );
    await dialog.getByRole('button', { name: 'Close wizard' }).click();
    await expectVisible(page.getByRole('tab', { name: 'Projects', selected: true }));
    await expectVisible(page.getByText('No Active Projects'));
  });

  it('shows the error page for an unknown route, with Go to Home and Refresh Page', async () => {
    await page.goto('/no/such/page');
    await expectVisible(page.getByRole('heading', { name: 'Page not found' }));
    await expectVisible(page.getByRole('button', { name: 'Refresh Page' }));
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expectPath(page, '/login');
  });

  it('lets a Viewer see a project but not edit it', async () => {
    const viewerEmail = uniqueEmail('viewer');
    // The viewer's account, then the owner's (whose session the context keeps for the set-up calls).
    await signUpViaApi(context.request, {
      email: viewerEmail,
      password: 'viewer-pass-2026',
      fullName: 'Vera Viewer',
    });
    await context.clearCookies();
    await signUpViaApi(context.request, {
      email: uniqueEmail('owner'),
      password: 'owner-pass-2026',
      fullName: 'Owen Owner',
    });
    const project = await createProjectViaApi(context.request, {
      name: 'Shared Depot',
      description: 'Owned by Owen',
    });
    await addMemberViaApi(context.request, project.id, { email: viewerEmail, role: 'Viewer' });
    await context.clearCookies();

    await page.goto('/login');
    await page.getByLabel('Email').fill(viewerEmail);
    await page.getByLabel('Password').fill('viewer-pass-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, '/dashboard');
    await page.getByRole('tab', { name: 'Projects' }).click();
    const edit = page.getByRole('button', { name: 'Edit Shared Depot' });
    await expectVisible(edit);
    expect(await edit.isDisabled()).toBe(true);
    expect(await edit.getAttribute('title')).toBe('Viewers cannot edit this project. Ask an Admin.');
    await expectVisible(
      page.getByRole('group', { name: 'Unique Team Members' }).getByText('2', { exact: true }),
    );
  });

  it('returns to /login when the session ends while the dashboard is open', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('expiry'),
      password: 'expiry-pass-2026',
      fullName: 'Ed Expiry',
    });
    await page.goto('/dashboard?tab=projects');
    await expectVisible(page.getByText('No Active Projects'));

    // The session is revoked behind the page's back (as when it expires or is signed out elsewhere).
    const logout = await context.request.post('/api/v1/auth/logout');
    expect(logout.status()).toBe(204);

    // The wizard's first request (the Connect step asks whether ACC is set up) finds the session gone.
    await page.getByRole('button', { name: 'New Project' }).first().click();
    await expectPath(page, '/login');
  });
});
