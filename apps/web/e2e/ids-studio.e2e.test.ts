import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProjectViaApi, signUpViaApi, uploadViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import {
  browserPagePerTest,
  downloadedBytes,
  expectVisible,
  screenshot,
  uniqueEmail,
} from './harness/browser';
import { idsDocument, specification } from './harness/samples';

const baseUrl = e2eBaseUrl();

let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

// IFC4X3 deprecates IfcWallStandardCase: the linter warns (the upload keeps the file) and offers IFCWALL.
const ORIGINAL = idsDocument(
  'Walls',
  specification('Walls have a name', 'IFCWALLSTANDARDCASE', 'Name').replace(
    'ifcVersion="IFC4"',
    'ifcVersion="IFC4X3_ADD2"',
  ),
);

describe('the IDS Studio', () => {
  it('opens a project IDS, says it in plain language, fixes a lint warning with its quick fix and keeps the rest of the file', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('studio'),
      password: 'studio-editor-2026',
      fullName: 'Stella Studio',
    });
    const project = await createProjectViaApi(context.request, { name: 'Studio Walls' });
    await uploadViaApi(context.request, `/api/v1/projects/${project.id}/idsfiles`, {
      name: 'walls.ids',
      buffer: Buffer.from(ORIGINAL),
    });

    await page.goto('/dashboard?tab=projects');
    await page.getByRole('button', { name: 'Studio Walls', exact: true }).click();
    const files = page.getByRole('region', { name: 'Files of Studio Walls' });
    await files.getByRole('button', { name: 'Open walls.ids in the Studio' }).click();
    const studio = page.getByRole('dialog', { name: 'IDS Studio: walls.ids' });
    const sentence = studio.getByTestId('specification-sentence');
    await expectVisible(sentence);
    expect(await sentence.textContent()).toContain('(IFCWALLSTANDARDCASE) must have');

    // The linter runs on its worker and lists the warning with its fix.
    const problems = studio.getByRole('list', { name: 'Problems' });
    const warning = problems.getByRole('listitem').filter({ hasText: 'entity-deprecated' });
    await expectVisible(warning);
    await screenshot(page, 'ids-studio-1366');
    await warning.getByRole('button', { name: 'Replace with IFCWALL' }).click();
    await expectVisible(studio.getByText('The linter finds nothing to report.'));
    expect(await sentence.textContent()).toContain('(IFCWALL) must have');

    // A field by keyboard: the specification's name.
    const name = studio.getByLabel('Name', { exact: true });
    await name.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Every wall is named');
    await expectVisible(studio.getByRole('heading', { name: 'Specification 1: Every wall is named' }));

    // The edited file: exactly the two changes, every other byte as uploaded.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      studio.getByRole('link', { name: 'Download edited file' }).click(),
    ]);
    const edited = (await downloadedBytes(download)).toString('utf8');
    expect(edited).toBe(
      ORIGINAL.replace('IFCWALLSTANDARDCASE', 'IFCWALL').replace(
        'name="Walls have a name"',
        'name="Every wall is named"',
      ),
    );

    await page.setViewportSize({ width: 320, height: 800 });
    await screenshot(page, 'ids-studio-320');
  });
});
