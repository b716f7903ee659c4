import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectVisible, screenshot } from './harness/browser';
import { projectWithModelViaApi } from './harness/project-with-model';
import { FZK_HOUSE_IFC, haveSamples } from './harness/samples';
import { waitForViewerReady } from './harness/viewer';

/**
 * Issue 17 point 1 (decision 0173): the figures a person reads off the IDS Compliance cards, the 3D
 * legend beside them and the Overview are the same numbers. A sample house checked against the demo
 * IDS (specifications that pass, warn, fail and apply to nothing).
 */
const baseUrl = e2eBaseUrl();
const DEMO_IDS = new URL('../../server/src/modules/demo/demo.ids', import.meta.url).pathname;
const haveHouse = haveSamples('figures', FZK_HOUSE_IFC);

let page: Page;
let request: import('playwright-core').APIRequestContext;
browserPagePerTest(baseUrl, (session) => {
  page = session.page;
  request = session.context.request;
});

const STATUSES = ['passed', 'warning', 'failed', 'not_applicable'] as const;
const LABELS = { passed: 'Passed', warning: 'Warning', failed: 'Failed', not_applicable: 'Not Applicable' };

/** The number a locator shows, as a person reads it ("1,234" is 1234). */
async function numberIn(locator: Locator): Promise<number> {
  const text = ((await locator.textContent()) ?? '').replace(/[^0-9]/g, '');
  expect(text, 'a number on screen').not.toBe('');
  return Number(text);
}

describe.skipIf(!haveHouse)('one figure on every screen', () => {
  it('the IDS Compliance cards, the 3D legend and the Overview show the same counts', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { selection, projectId } = await projectWithModelViaApi(request, {
      signUp: { prefix: 'figures', fullName: 'Fiona Figures' },
      name: 'FZK House figures',
      ids: { name: 'demo.ids', xml: readFileSync(DEMO_IDS, 'utf8') },
      ifc: { path: FZK_HOUSE_IFC },
    });

    await page.goto(`/dashboard?tab=metadata&${selection}`);
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    const view = page.getByTestId('ids-compliance-view');
    const viewer = view.getByRole('region', { name: 'IDS compliance 3D viewer' });
    await waitForViewerReady(viewer);
    const legend = viewer.getByRole('list', { name: 'Compliance colour legend' });
    await expectVisible(legend.locator('[data-count]'));

    const cards: Record<string, number> = {};
    const keys: Record<string, number> = {};
    for (const status of STATUSES) {
      cards[status] = await numberIn(view.getByRole('group', { name: LABELS[status], exact: true }));
      keys[status] = await numberIn(legend.locator(`li[data-status="${status}"] [data-count]`));
    }
    expect(keys).toEqual(cards);
    // The house has failing, passing and warning elements and ones no specification applies to.
    expect(cards.failed).toBeGreaterThan(0);
    expect(cards.not_applicable).toBeGreaterThan(0);
    // Elements without a shape (type objects, openings, storeys) are counted and said to be undrawn.
    await expectVisible(viewer.getByTestId('legend-undrawn'));
    await screenshot(view, 'figures-ids-compliance-1440');

    // The Overview's Elements card is the same population the four cards add up to.
    await page.goto(`/dashboard?tab=overview&project=${projectId}`);
    const elements = await numberIn(page.getByRole('group', { name: 'Elements', exact: true }));
    expect(elements).toBe(STATUSES.reduce((sum, s) => sum + (cards[s] ?? 0), 0));
    // Its IDS compliance card counts the same elements as passed, and as applicable.
    const passed = cards.passed ?? 0;
    const applicable = passed + (cards.warning ?? 0) + (cards.failed ?? 0);
    await expectVisible(
      page.getByText(
        `${passed.toLocaleString('en-US')} of ${applicable.toLocaleString('en-US')} applicable elements`,
      ),
    );
  });
});
