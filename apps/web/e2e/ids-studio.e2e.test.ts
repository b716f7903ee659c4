import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProjectViaApi, signUpViaApi, uploadViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { idsDocument, specification } from './harness/samples';

const baseUrl = e2eBaseUrl();

let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

// IFC4X3 deprecates IfcDoorStandardCase: the linter warns (the upload keeps it) and offers IFCDOOR.
const ORIGINAL = idsDocument(
  'Doors',
  specification('Doors have a name', 'IFCDOORSTANDARDCASE', 'Name').replace(
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
    const project = await createProjectViaApi(context.request, { name: 'Studio Doors' });
    await uploadViaApi(context.request, `/api/v1/projects/${project.id}/idsfiles`, {
      name: 'doors.ids',
      buffer: Buffer.from(ORIGINAL),
    });

    await page.goto('/dashboard?tab=projects');
    await page.getByRole('button', { name: 'Studio Doors', exact: true }).click();
    const files = page.getByRole('region', { name: 'Files of Studio Doors' });
    await files.getByRole('button', { name: 'Open doors.ids in the Studio' }).click();
    const studio = page.getByRole('dialog', { name: 'IDS Studio: doors.ids' });
    const sentence = studio.getByTestId('specification-sentence');
    await expectVisible(sentence);
    expect(await sentence.textContent()).toContain('(IFCDOORSTANDARDCASE) must have');

    // The linter runs on its worker and lists the warning with its fix.
    const problems = studio.getByRole('list', { name: 'Problems' });
    const warning = problems.getByRole('listitem').filter({ hasText: 'entity-deprecated' });
    await expectVisible(warning);
    await screenshot(page, 'ids-studio-1366');
    await warning.getByRole('button', { name: 'Replace with IFCDOOR' }).click();
    await expectVisible(studio.getByText('The linter finds nothing to report.'));
    expect(await sentence.textContent()).toContain('(IFCDOOR) must have');

    // A field by keyboard: the specification's name.
    const name = studio.getByLabel('Name', { exact: true });
    await name.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Every door is named');
    await expectVisible(studio.getByRole('heading', { name: 'Specification 1: Every door is named' }));

    // The edited file: exactly the two changes, every other byte as uploaded.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      studio.getByRole('link', { name: 'Download edited file' }).click(),
    ]);
    const edited = readFileSync(await download.path()).toString('utf8');
    expect(edited).toBe(
      ORIGINAL.replace('IFCDOORSTANDARDCASE', 'IFCDOOR').replace(
        'name="Doors have a name"',
        'name="Every door is named"',
      ),
    );

    await page.setViewportSize({ width: 320, height: 800 });
    await screenshot(page, 'ids-studio-320');
  });
});
