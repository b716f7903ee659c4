import type { BrowserContext, Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { browserPagePerTest, expectVisible, screenshot } from './harness/browser';
import { projectWithModelViaApi } from './harness/project-with-model';
import { haveSamples, SIMPLE_WALL_IFC } from './harness/samples';

const baseUrl = inject('baseUrl');
const haveWall = haveSamples('validity', SIMPLE_WALL_IFC);

let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

describe.skipIf(!haveWall)('model validity in the File Inspector (issue 38)', () => {
  it('shows the counts, the failing rules in words and, on request, their elements', async () => {
    const ids = await projectWithModelViaApi(context.request, {
      signUp: { prefix: 'validity', fullName: 'Vera Lidity' },
      name: 'Validity Works',
      ifc: { path: SIMPLE_WALL_IFC },
      fragments: false,
    });
    await page.goto(
      `/dashboard?tab=dashboard&fileTab=validity&project=${ids.projectId}&file=${ids.fileId}&version=${ids.versionId}`,
    );
    await expectVisible(page.getByRole('heading', { name: /buildingSMART normative rules · IFC2X3/ }));
    // SimpleWall's property sets on its types: PSE001 fails (the samples test computes the same from the raw file).
    await expectVisible(page.getByText(/Property sets named Pset_ are buildingSMART's/));
    await page.getByRole('button', { name: 'Show 4 findings' }).click();
    await expectVisible(page.getByText('Attached to IfcWallType (#261); the set applies to: IfcProduct.'));
    await screenshot(page, 'validity-tab');
  });
});
