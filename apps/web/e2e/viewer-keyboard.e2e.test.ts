import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectVisible, screenshot } from './harness/browser';
import { focusIndicator, isFocused, tabTo } from './harness/focus';
import { projectWithModelViaApi } from './harness/project-with-model';
import { FZK_HOUSE_IFC, haveSamples, idsDocument, WALLS_FAIL } from './harness/samples';
import { waitForViewerReady } from './harness/viewer';
import { until } from './harness/wait';

// Issue 21: the 3D viewer by keyboard (orbit, pan, zoom, reset, next/previous failing element, a help
// popover listing the keys), its canvas named, the selected element announced and labelled in words
// and shape, not by colour alone.
const baseUrl = e2eBaseUrl();
const haveHouse = haveSamples('viewer keyboard', FZK_HOUSE_IFC);

let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** The canvas's pixels as a data URL: changes when the camera moves. */
function picture(canvas: Locator): Promise<string> {
  return canvas.evaluate((el: HTMLCanvasElement) => el.toDataURL('image/png'));
}

/** Waits until the canvas shows something other than `before` (frames land a little after the key). */
async function pictureChangesFrom(canvas: Locator, before: string, key: string): Promise<void> {
  await until(`${key} to move the view`, async () => (await picture(canvas)) !== before, 200);
}

describe.skipIf(!haveHouse)('3D viewer by keyboard', () => {
  it('orbits, pans, zooms, resets and steps through failing elements from the focused canvas, announcing each', async () => {
    const { selection } = await projectWithModelViaApi(context.request, {
      signUp: { prefix: 'viewer-keys', fullName: 'Key Viewer' },
      name: 'Keyboard House',
      ids: { name: 'walls.ids', xml: idsDocument('Walls named', WALLS_FAIL) },
      ifc: { path: FZK_HOUSE_IFC },
    });
    // The failing walls, independently of the viewer: the compliance API.
    await page.goto(`/dashboard?tab=metadata&${selection}`);
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    const viewer = page.getByRole('region', { name: 'IDS compliance 3D viewer' });
    await waitForViewerReady(viewer);
    const legend = viewer.getByRole('list', { name: 'Compliance colour legend' });
    const failedItem = legend.getByRole('listitem').filter({ hasText: 'Failed' });
    // The counts appear once the model's elements are coloured.
    await expect.poll(async () => /\d/.test((await failedItem.textContent()) ?? '')).toBe(true);
    const failedCount = Number(((await failedItem.textContent()) ?? '').match(/\d+/)?.[0]);
    expect(failedCount).toBeGreaterThan(1);

    // A named, keyboard-operated canvas, described by its keys, reached with Shift+Tab from the toolbar.
    const canvas = viewer.getByRole('application', { name: 'IDS compliance 3D model' });
    expect(await canvas.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      await canvas.evaluate(
        (el) =>
          el.getAttribute('aria-describedby') &&
          document.getElementById(el.getAttribute('aria-describedby') as string)?.textContent,
      ),
    ).toContain('orbit around the model');
    await viewer.getByRole('button', { name: 'Clear selection and show all' }).focus();
    await tabTo(page, canvas, 2, true);
    const ring = await focusIndicator(page);
    expect(ring.contrast, `canvas focus ring ${ring.colour}`).toBeGreaterThanOrEqual(3);

    for (const key of ['ArrowLeft', 'ArrowUp', 'Shift+ArrowRight', '+', 'PageDown', 'Home']) {
      const before = await picture(canvas);
      await page.keyboard.press(key);
      await pictureChangesFrom(canvas, before, key);
    }
    expect(await isFocused(canvas)).toBe(true);

    // N and P: the next and previous failing element, in words and shape, and announced.
    const label = viewer.getByTestId('viewer-selection-label');
    const announcement = viewer.getByRole('status').filter({ hasText: 'Selected' });
    await page.keyboard.press('n');
    await expectVisible(label);
    expect(await label.textContent()).toMatch(
      new RegExp(`^Failed: element \\d+, 1 of ${failedCount} failing$`),
    );
    expect(await label.locator('[data-status-icon="failed"]').count()).toBe(1);
    expect(await announcement.textContent()).toContain(`1 of ${failedCount} failing`);
    const first = await label.textContent();
    await page.keyboard.press('n');
    await expect.poll(() => label.textContent()).toContain(`2 of ${failedCount} failing`);
    await page.keyboard.press('p');
    await expect.poll(() => label.textContent()).toBe(first);
    await page.keyboard.press('p');
    await expect.poll(() => label.textContent()).toContain(`${failedCount} of ${failedCount} failing`);
    // Stepping opens the element in the inspector, but the canvas keeps focus.
    await expectVisible(page.getByRole('complementary', { name: 'Element Inspector' }));
    expect(await isFocused(canvas)).toBe(true);
    await screenshot(page, 'viewer-keyboard-stepping');

    // The keys are listed in a help popover on the toolbar.
    const help = viewer.getByRole('button', { name: 'Keyboard controls' });
    await help.focus();
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'Keyboard controls' });
    await expectVisible(popover);
    for (const does of [
      'Orbit around the model',
      'Pan',
      'Zoom in / out',
      'Reset the view',
      'Next failing element',
    ]) {
      await expectVisible(popover.getByText(does, { exact: true }));
    }
    await screenshot(page, 'viewer-keyboard-help');
    await page.keyboard.press('Escape');
    await expect.poll(() => popover.count()).toBe(0);
    expect(await isFocused(help)).toBe(true);
  });
});
