import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from './harness/api';
import { type AxeFinding, describeFindings, seriousViolations } from './harness/axe';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { sharedProjectWithModel } from './harness/project-with-model';
import { SIMPLE_WALL_IFC, wallsNamedIds } from './harness/samples';
import { pageSettler } from './harness/settle';
import { waitForViewerReady } from './harness/viewer';
import { openWizard } from './harness/wizard';

// Issue 21 (accessibility), first pass (decision 0167): axe-core's WCAG 2.1 A/AA rules over every page
// and state reached below fail the run on any serious or critical violation, except the known ones
// listed in KNOWN_UNFIXED with the reason each is still open. Also: the skip link, a dialog returning
// focus to its trigger, no source maps served, and no request sure to fail on the public pages.

const DASHBOARD_TABS = [
  'overview',
  'dashboard',
  'metadata',
  'projects',
  'reports',
  'schema',
  'team',
  'subscriptions',
  'settings',
] as const;

/**
 * Violations seen and not yet fixed, by state and rule, each with why it is still open. Anything not
 * listed here fails the suite. Remove an entry when its fix lands.
 */
const KNOWN_UNFIXED: { state: string; rule: string; reason: string }[] = [];

const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;
let settle: () => Promise<void>;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
  settle = pageSettler(page);
});

// One checked model for every test below that only reads it: processed and converted once per file
// rather than once per test; each test's own browser context signs in as its account.
const narrowHouse = sharedProjectWithModel(baseUrl, {
  signUp: { prefix: 'reflow', fullName: 'Re Flow' },
  name: 'Narrow House',
  ids: { name: 'walls.ids', xml: wallsNamedIds() },
  ifc: { path: SIMPLE_WALL_IFC },
});

const audited: string[] = [];
const allFindings: AxeFinding[] = [];
afterAll(() => {
  // The run's record for decision 0167 and the issue: what was audited and what it found.
  console.info(
    `axe-core audited ${audited.length} pages/states; ${allFindings.length} serious/critical violations:\n${describeFindings(allFindings)}`,
  );
});

/** Audits the page once it has settled under `state`; returns the findings not on the known list. */
async function audit(state: string): Promise<AxeFinding[]> {
  await settle();
  const findings = await seriousViolations(page, state);
  audited.push(state);
  allFindings.push(...findings);
  return findings.filter((f) => !KNOWN_UNFIXED.some((k) => k.state === f.state && k.rule === f.rule));
}

const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 320, height: 800 };

/**
 * Reflow (WCAG 1.4.10): the state on screen, narrowed to 320 px as a 400 % zoom of 1280 narrows it,
 * must not scroll sideways; then back to the audit's width. Returns what sticks out, if anything.
 * `atNarrow` checks more while the page is narrow.
 */
async function reflow(state: string, atNarrow?: () => Promise<void>): Promise<string[]> {
  await page.setViewportSize(NARROW);
  await settle();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const tooWide: string[] = [];
  if (width > NARROW.width) {
    // What sticks out, for the message: the outermost elements wider than the viewport.
    const culprits = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > 321 && el.getBoundingClientRect().width > 0)
        // Inside a box that scrolls or clips (a tab strip, a table): not what widens the page.
        .filter((el) => {
          for (let up = el.parentElement; up; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== 'visible') return false;
          }
          return true;
        })
        .slice(-3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')}`),
    );
    tooWide.push(`${state} at 320 px: ${width}px (${culprits.join(', ')})`);
  }
  await atNarrow?.();
  await page.setViewportSize(WIDE);
  return tooWide;
}

/** Opens a dashboard tab as a person does, from the tab strip: the app stays loaded. */
async function openTab(id: string): Promise<void> {
  const tab = page.locator(`[role="tab"][data-tab-id="${id}"]`);
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expectVisible(page.locator(`[role="tab"][data-tab-id="${id}"][aria-selected="true"]`));
}

/** Opens a File Inspector sub-tab (Compliance, Schema Attributes, Extra Attributes) by its name. */
async function openFileTab(name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expectVisible(page.getByRole('tab', { name, exact: true, selected: true }));
}

describe('axe-core, WCAG 2.1 A and AA, and reflow at 320 px', () => {
  // The signed-out pages need no model: the server processes it while they are audited.
  beforeAll(() => narrowHouse.start());

  it('finds no serious or critical violation on the signed-out pages, none scrolls sideways at 320 px, each offers the skip link first, and none makes a request sure to fail', async () => {
    const unexpected: AxeFinding[] = [];
    const tooWide: string[] = [];
    // Public pages, signed out, make no request that is sure to fail (no /auth/me answered 401): every
    // answer of their first load, up to the page settled, is read.
    const failed: string[] = [];
    let watching = false;
    page.on('response', (response) => {
      if (watching && response.status() >= 400) {
        failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
      }
    });
    const firstLoad = async (path: string, watch: boolean) => {
      watching = watch;
      await page.goto(path);
      await settle();
      watching = false;
    };
    for (const path of ['/login', '/signup', '/help/acc-integration', '/no-such-page']) {
      await firstLoad(path, path === '/login' || path === '/signup');
      unexpected.push(...(await audit(path)));
      tooWide.push(...(await reflow(path)));
      // Keyboard: "Skip to main content" is the first stop, and it moves focus to the main content.
      await expectVisible(page.getByRole('heading', { level: 1 }));
      if (path === '/help/acc-integration') {
        // The address the wizard's help link opens serves the ACC help page (issue 12 acceptance 5).
        await expectVisible(
          page.getByRole('heading', { level: 1, name: 'Autodesk Construction Cloud integration' }),
        );
      }
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      expect(await skip.evaluate((el) => el === document.activeElement), `${path}: skip link first`).toBe(
        true,
      );
      await page.keyboard.press('Enter');
      expect(await page.getByRole('main').evaluate((el) => el === document.activeElement), path).toBe(true);
    }
    // The demo, tab by tab from its tab strip (the tabs it hides are not there to open).
    await firstLoad('/demo', true);
    // Once the app has drawn its tab strip (the demo opens on its overview).
    await expectVisible(page.locator('[role="tab"][data-tab-id="overview"][aria-selected="true"]'));
    await expectVisible(page.getByRole('heading', { level: 1 }).first());
    const demoTabs = await page
      .locator('[role="tab"][data-tab-id]')
      .evaluateAll((tabs) => tabs.map((tab) => (tab as HTMLElement).dataset.tabId as string));
    expect(demoTabs).toContain('overview');
    for (const tab of demoTabs) {
      await openTab(tab);
      unexpected.push(...(await audit(`/demo?tab=${tab}`)));
      tooWide.push(
        ...(await reflow(`/demo?tab=${tab}`, async () => {
          // The header and the banner keep their sign-in link within the narrow width.
          if (tab === 'overview') await expectVisible(page.getByRole('link', { name: 'Sign in' }));
        })),
      );
    }
    expect(failed).toEqual([]);

    // A link moves focus to the heading of the page it opens.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/signup');
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);

    // Error states: the forms sent empty (the sign-up form is the one the link opened), a verification
    // link without its token.
    for (const [path, submit] of [
      ['/signup', 'Create account'],
      ['/login', 'Sign in'],
    ] as const) {
      if (path === '/login') await page.goto(path);
      await page.getByRole('button', { name: submit, exact: true }).click();
      await expectVisible(page.locator('[aria-invalid="true"]'));
      unexpected.push(...(await audit(`${path} with errors`)));
    }
    await page.goto('/verify-email');
    unexpected.push(...(await audit('/verify-email without a token')));
    expect(describeFindings(unexpected)).toBe('');
    expect(tooWide.join('\n')).toBe('');
  });

  it('finds no serious or critical violation on any dashboard tab of a processed project, or in its dialogs, no sideways scroll at 320 px, and a closed dialog gives focus back to its button', async () => {
    const { selection } = await narrowHouse(context.request);
    const unexpected: AxeFinding[] = [];
    const tooWide: string[] = [];
    await page.goto(`/dashboard?tab=overview&${selection}`);
    for (const tab of DASHBOARD_TABS) {
      await openTab(tab);
      unexpected.push(...(await audit(`dashboard ${tab}`)));
      tooWide.push(...(await reflow(`dashboard ${tab}`)));
    }

    await openTab('dashboard');
    for (const [fileTab, name] of [
      ['schema', 'Schema Attributes'],
      ['extra-attributes', 'Extra Attributes'],
    ] as const) {
      await openFileTab(name);
      unexpected.push(...(await audit(`dashboard File Inspector ${fileTab}`)));
      tooWide.push(...(await reflow(`File Inspector ${fileTab}`)));
    }
    await openTab('metadata');
    await page.getByLabel('3D Viewer & AI Assistant').click();
    await page.locator('[data-viewer-state="ready"]').first().waitFor();
    unexpected.push(...(await audit('dashboard metadata with 3D viewer and assistant')));
    tooWide.push(...(await reflow('metadata with viewer and assistant')));
    // The assistant's conversation is a polite log: a finished answer is announced once.
    const conversation = page
      .getByRole('region', { name: 'AI Assistant' })
      .getByRole('log', { name: 'Conversation' });
    await conversation.waitFor({ state: 'attached' });
    expect(await conversation.getAttribute('aria-live')).toBe('polite');
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    await page.locator('[data-viewer-state="ready"]').first().waitFor();
    unexpected.push(...(await audit('dashboard metadata IDS Compliance')));
    tooWide.push(...(await reflow('metadata IDS Compliance')));

    const wizard = await openWizard(page);
    unexpected.push(...(await audit('dialog Create New Project')));
    await wizard.getByRole('button', { name: 'Close wizard' }).click();
    await expect.poll(() => wizard.count()).toBe(0);

    await openTab('team');
    // As a person does: once the page has loaded its members (the button is drawn again then).
    await expectVisible(page.getByRole('cell', { name: 'Re Flow' }).first());
    const addMemberButton = page.getByRole('button', { name: 'Add Member' });
    await addMemberButton.click();
    const addMember = page.getByRole('dialog', { name: 'Add Team Member' });
    await expectVisible(addMember);
    unexpected.push(...(await audit('dialog Add Team Member')));
    // Keyboard: a dialog closed by Escape, or by its Cancel button, returns focus to the button that
    // opened it (Radix gives focus back in a task after the dialog has gone).
    await page.keyboard.press('Escape');
    await expect.poll(() => addMember.count()).toBe(0);
    await expect.poll(() => addMemberButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await addMemberButton.click();
    await expectVisible(addMember);
    await addMember.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => addMember.count()).toBe(0);
    await expect.poll(() => addMemberButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: /account menu/ }).click();
    await expectVisible(page.getByRole('menu'));
    unexpected.push(...(await audit('account menu open')));
    expect(describeFindings(unexpected)).toBe('');
    expect(tooWide.join('\n')).toBe('');
  });

  it('finds no serious or critical violation in the other dialogs, side panels, popovers and empty states, and the dashboard offers the skip link first', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('axe-more'),
      password: 'axe-checked-2026',
      fullName: 'Ada Auditor',
    });
    const unexpected: AxeFinding[] = [];
    const tooWide: string[] = [];
    // A new account with no project: the dashboard's empty state.
    await page.goto('/dashboard?tab=overview');
    unexpected.push(...(await audit('dashboard overview, no project yet')));
    // Keyboard: "Skip to main content" is the dashboard's first stop too, and moves focus to the main
    // content; the next Tab lands inside it, past the header and the tab strip.
    await expectVisible(page.getByRole('tab', { name: 'Projects' }));
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectVisible(skip);
    await page.keyboard.press('Enter');
    expect(await page.getByRole('main').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.getByRole('main').evaluate((el) => el.contains(document.activeElement))).toBe(true);

    // Then the account of the checked model (the project's Admin).
    const { selection } = await narrowHouse(context.request);
    const closeDialog = async (state: string) => {
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog);
      unexpected.push(...(await audit(state)));
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
    };

    await page.goto(`/dashboard?tab=projects&${selection}`);
    await page.getByRole('button', { name: 'Narrow House', exact: true }).click();
    await expectVisible(page.getByRole('region', { name: 'Files of Narrow House' }));
    unexpected.push(...(await audit('projects, a row expanded with its files')));
    tooWide.push(...(await reflow('projects, a row expanded')));
    await screenshot(page, 'reflow-320-projects-expanded');
    await page.getByRole('button', { name: 'Edit Narrow House' }).click();
    await closeDialog('dialog Edit project');
    await page.getByRole('button', { name: 'Manage files of Narrow House' }).click();
    await closeDialog('dialog Manage files');

    await openTab('schema');
    await page.getByRole('button', { name: 'View Details' }).first().click();
    await closeDialog('dialog Specification details');

    await openTab('metadata');
    await page
      .getByRole('button', { name: /^Details of / })
      .first()
      .click();
    await closeDialog('dialog Element details');

    await openTab('reports');
    await page
      .getByRole('button', { name: /Compliance/ })
      .first()
      .click();
    await closeDialog('dialog Generate report');

    await openTab('dashboard');
    await openFileTab('Compliance');
    unexpected.push(...(await audit('dashboard File Inspector compliance')));
    tooWide.push(
      ...(await reflow('File Inspector compliance', async () => {
        await expectVisible(page.getByRole('tab', { name: 'Detailed Analysis' }));
      })),
    );

    // The IDS compliance view: its viewer's key help open, then the element inspector beside it.
    await openTab('metadata');
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    const viewer = page.getByRole('region', { name: 'IDS compliance 3D viewer' });
    await waitForViewerReady(viewer);
    await viewer.getByRole('button', { name: 'Keyboard controls' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Keyboard controls' }));
    unexpected.push(...(await audit('viewer keyboard controls popover')));
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^Inspect element #\d+$/ })
      .first()
      .click();
    await expectVisible(
      page.getByRole('complementary', { name: 'Element Inspector' }).getByText('Viewer DB ID'),
    );
    unexpected.push(...(await audit('element inspector open over IDS compliance')));
    expect(describeFindings(unexpected)).toBe('');
    expect(tooWide.join('\n')).toBe('');
  });
});

describe('source maps', () => {
  it('are not served: the map of a shipped script answers 404', async () => {
    const html = await (await context.request.get('/')).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const bundle = await (await context.request.get(script as string)).text();
    expect(bundle).not.toContain('sourceMappingURL');
    expect((await context.request.get(`${script}.map`)).status()).toBe(404);
  });
});
