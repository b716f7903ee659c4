import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectPath, expectVisible, screenshot } from './harness/browser';
import { focusIndicator, isFocused, tabTo } from './harness/focus';
import { sharedProjectWithModel } from './harness/project-with-model';
import { SIMPLE_WALL_IFC, wallsNamedIds } from './harness/samples';

// Issue 21, item 2: the main path by keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, Escape),
// asserting where focus is at each step and that every stop on the way shows a focus indicator of
// at least 3:1 (checked by tabTo at each press): sign in, pick project and file, open compliance,
// inspect an element and come back, export a report.

const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** One checked model for both tests (neither changes it): processed and converted once for the file. */
const keyboardHouse = sharedProjectWithModel(baseUrl, {
  signUp: { prefix: 'keys', fullName: 'Kim Keys' },
  name: 'Keyboard House',
  ids: { name: 'walls.ids', xml: wallsNamedIds() },
  ifc: { path: SIMPLE_WALL_IFC },
});

/** Asserts the focused element is `locator` and its focus is drawn at 3:1 or more. */
async function expectFocusOn(locator: Locator, what: string): Promise<void> {
  await expect.poll(() => isFocused(locator), { message: `focus on ${what}` }).toBe(true);
}

async function expectVisibleFocus(what: string): Promise<void> {
  const ring = await focusIndicator(page);
  expect(ring.contrast, `${what}: ${ring.element} ring ${ring.colour}`).toBeGreaterThanOrEqual(3);
}

/** Opens a focused select box with the keyboard and chooses `option` with the arrows and Enter. */
async function chooseWithKeyboard(trigger: Locator, option: string): Promise<void> {
  await page.keyboard.press('Space');
  const listbox = page.getByRole('listbox');
  await expectVisible(listbox);
  const target = listbox.getByRole('option', { name: option });
  for (let i = 0; i < 20 && !(await isFocused(target)); i += 1) await page.keyboard.press('ArrowDown');
  await expectFocusOn(target, option);
  await page.keyboard.press('Enter');
  await expect.poll(() => listbox.count()).toBe(0);
  // The select box keeps focus and shows the choice.
  await expectFocusOn(trigger, 'the select box');
  expect(await trigger.textContent()).toContain(option);
}

describe('keyboard only', () => {
  it('signs in, picks project and file, opens compliance, inspects an element and exports a report', async () => {
    const { account } = await keyboardHouse(context.request);
    if (!account) throw new Error('the shared project has no account');
    // Signed out again: the sign-in below is the keyboard's.
    await context.clearCookies();
    const presses: Record<string, number> = {};

    // 1. Sign in: the skip link first, then the form.
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expectVisible(email);
    await page.keyboard.press('Tab');
    await expectFocusOn(page.getByRole('link', { name: 'Skip to main content' }), 'the skip link');
    await page.keyboard.press('Enter');
    await expectFocusOn(page.getByRole('main'), 'the main content');
    presses.email = await tabTo(page, email, 5);
    await page.keyboard.type(account.email);
    presses.password = await tabTo(page, page.getByLabel('Password'), 1);
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');

    // 2. After sign-in, focus is on the page's heading.
    await expectPath(page, '/dashboard');
    await expectFocusOn(page.getByRole('heading', { level: 1, name: 'Overview' }), 'the Overview heading');

    // 3. The dashboard's tab list is one Tab stop; the arrows move inside it, Enter opens a tab.
    const overviewTab = page.getByRole('tab', { name: 'Overview' });
    presses.tabList = await tabTo(page, overviewTab, 10, true);
    const explorerTab = page.getByRole('tab', { name: 'Metadata Explorer' });
    // One arrow at a time, the next only once the focus has moved (a loaded machine takes its time).
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    for (let i = 0; i < 9 && !(await isFocused(explorerTab)); i += 1) {
      const before = await focusedText();
      await page.keyboard.press('ArrowRight');
      await expect.poll(focusedText).not.toBe(before);
    }
    await expectFocusOn(explorerTab, 'the Metadata Explorer tab');
    await expectVisibleFocus('tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => explorerTab.getAttribute('aria-selected')).toBe('true');

    // 4. Project and file, chosen with Space, arrows and Enter; the version follows.
    const project = page.getByRole('combobox', { name: 'Project' });
    presses.project = await tabTo(page, project, 6);
    await chooseWithKeyboard(project, 'Keyboard House');
    const file = page.getByRole('combobox', { name: 'File' });
    // The file list arrives with the project: until then the select box is disabled (no Tab stop).
    await expect.poll(() => file.isEnabled()).toBe(true);
    presses.file = await tabTo(page, file, 2);
    await chooseWithKeyboard(file, 'SimpleWall.ifc');
    await expect.poll(() => page.getByRole('combobox', { name: 'Version' }).textContent()).toMatch(/V1|·/);

    // 5. Compliance: the sub-tab list, then the results.
    const complianceTab = page.getByRole('tab', { name: 'IDS Compliance' });
    const metadataTab = page.getByRole('tab', { name: 'Metadata', exact: true });
    presses.subTabs = await tabTo(page, metadataTab, 4);
    await page.keyboard.press('ArrowRight');
    await expectFocusOn(complianceTab, 'the IDS Compliance tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => complianceTab.getAttribute('aria-selected')).toBe('true');

    // 6. Inspect an element: the inspector takes focus, Escape gives it back to the row's button.
    const inspect = page.getByRole('button', { name: /^Inspect element #\d+$/ }).first();
    await expectVisible(inspect);
    presses.inspect = await tabTo(page, inspect, 40);
    await page.keyboard.press('Enter');
    const inspector = page.getByRole('complementary', { name: 'Element Inspector' });
    await expectVisible(inspector);
    await expectFocusOn(
      inspector.getByRole('heading', { name: 'Element Inspector' }),
      'the inspector heading',
    );
    await expectVisible(inspector.getByText('Viewer DB ID'));
    await screenshot(page, 'keyboard-inspector-open');
    presses.inspectorClose = await tabTo(page, inspector.getByRole('button', { name: 'Close inspector' }), 3);
    await page.keyboard.press('Escape');
    await expect.poll(() => inspector.count()).toBe(0);
    await expectFocusOn(inspect, 'the Inspect button after Escape');

    // 7. Export a report (BCF): reached backwards from the results, Enter downloads it, the toast is announced.
    const exportButton = page.getByRole('button', { name: 'Export BCF' });
    presses.export = await tabTo(page, exportButton, 12, true);
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toMatch(/\.bcf(zip)?$/);
    const toasts = page.locator('section[aria-live="polite"]');
    await expectVisible(toasts.getByText('BCF exported'));
    await screenshot(page, 'keyboard-exported');
    console.info(`keyboard main path, Tab presses per step: ${JSON.stringify(presses)}`);
  });

  it('makes each facet group of the Metadata Explorer one Tab stop, with the arrows inside and Space to tick', async () => {
    const { selection } = await keyboardHouse(context.request);
    await page.goto(`/dashboard?tab=metadata&${selection}`);
    const groups = page.locator('fieldset[data-testid^="filter-section-"]');
    await expectVisible(groups.first());
    // A group with at least two options.
    let group = groups.first();
    for (let i = 0; i < (await groups.count()); i += 1) {
      if ((await groups.nth(i).getByRole('checkbox').count()) >= 2) {
        group = groups.nth(i);
        break;
      }
    }
    const boxes = group.getByRole('checkbox');
    const count = await boxes.count();
    expect(count).toBeGreaterThanOrEqual(2);
    const tabStops = await boxes.evaluateAll(
      (els) => els.filter((el) => (el as HTMLElement).tabIndex === 0).length,
    );
    expect(tabStops).toBe(1);

    await tabTo(page, boxes.first(), 60);
    await page.keyboard.press('ArrowDown');
    await expectFocusOn(boxes.nth(1), 'the second option');
    await expectVisibleFocus('facet checkbox');
    await page.keyboard.press('Space');
    await expect.poll(() => boxes.nth(1).isChecked()).toBe(true);
    await page.keyboard.press('ArrowUp');
    await expectFocusOn(boxes.first(), 'the first option again');
    // Tab leaves the group at once: the next stop is not one of its checkboxes.
    await page.keyboard.press('Tab');
    expect(await boxes.evaluateAll((els) => els.includes(document.activeElement as HTMLElement))).toBe(false);
  });
});
