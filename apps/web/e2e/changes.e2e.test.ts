/**
 * Issue 30's Changes view: v1 of the FZK house, then a v2 derived from it by known edits on the STEP
 * text (two walls given a Description, one wall's Name cleared). The view's counts and lists must
 * be exactly those edits: the expectations come from the edits, not from the server.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createProjectViaApi, signUpViaApi, uploadViaApi, waitForCompletedViaApi } from './harness/api';
import { browserPagePerTest, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { FZK_HOUSE_IFC, haveSamples, idsDocument, specification } from './harness/samples';

const baseUrl = inject('baseUrl');
const haveHouse = haveSamples('changes', FZK_HOUSE_IFC);

let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

const WALLS = 13; // IFCWALLSTANDARDCASE in the house; none has a Description, all have a Name
const IDS = idsDocument(
  'Wall data',
  specification('Walls have a description', 'IFCWALLSTANDARDCASE', 'Description'),
  specification('Walls have a name', 'IFCWALLSTANDARDCASE', 'Name'),
);
/** The two walls given a Description in v2 (resolved) and the one whose Name is cleared (new). */
const DESCRIBED = ['Wand-Int-ERDG-4', 'Wand-Int-ERDG-2'];
const UNNAMED = { name: 'Wand-Int-ERDG-1', globalId: '2ptk1k7qn8_Qk22vjh$0DE' };

function deriveV2(v1: string): string {
  let v2 = v1;
  for (const name of DESCRIBED) {
    const before = `,'${name}',$,`;
    expect(v2.split(before)).toHaveLength(2);
    v2 = v2.replace(before, `,'${name}','Described in v2',`);
  }
  const named = `'${UNNAMED.globalId}',#12,'${UNNAMED.name}',`;
  expect(v2.split(named)).toHaveLength(2);
  return v2.replace(named, `'${UNNAMED.globalId}',#12,$,`);
}

describe.skipIf(!haveHouse)('Changes view', () => {
  it('shows what v2 fixed and newly broke, per specification, with the elements', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('changes'),
      password: 'changes-checked-2026',
      fullName: 'Chris Changes',
    });
    const project = await createProjectViaApi(context.request, { name: 'House changes' });
    const base = `/api/v1/projects/${project.id}`;
    await uploadViaApi(context.request, `${base}/idsfiles`, {
      name: 'walls.ids',
      buffer: Buffer.from(IDS),
      mimeType: 'application/xml',
    });
    const v1 = readFileSync(FZK_HOUSE_IFC, 'latin1');
    const model = (text: string) => ({ name: 'AC20-FZK-Haus.ifc', buffer: Buffer.from(text, 'latin1') });
    const first = await uploadViaApi(context.request, `${base}/bimfiles`, model(v1));
    await waitForCompletedViaApi(context.request, project.id, first.bim_file.id);
    const second = await uploadViaApi(context.request, `${base}/bimfiles`, model(deriveV2(v1)));
    expect(second.bim_file.id).toBe(first.bim_file.id);
    await waitForCompletedViaApi(context.request, project.id, first.bim_file.id);

    await page.goto('/dashboard?tab=projects');
    await page.getByRole('button', { name: 'House changes', exact: true }).click();
    const files = page.getByRole('region', { name: 'Files of House changes' });
    await files.getByRole('button', { name: 'Changes of AC20-FZK-Haus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changes: AC20-FZK-Haus' });
    const table = dialog.getByRole('table', { name: 'Changes per specification' });
    await expectVisible(table);
    // Latest against previous by default.
    await expect.poll(() => dialog.getByLabel('From version').inputValue()).toBe(first.version.id);
    expect(await dialog.getByLabel('To version').inputValue()).toBe(second.version.id);

    const counts = async (spec: string) => {
      const row = table.getByRole('row').filter({ hasText: spec });
      const cell = (kind: string) => row.locator(`[data-kind="${kind}"]`).textContent();
      return {
        new: Number(await cell('new')),
        resolved: Number(await cell('resolved')),
        removed: Number(await cell('removed')),
        persisting: Number(await cell('persisting')),
      };
    };
    expect(await counts('Walls have a description')).toEqual({
      new: 0,
      resolved: DESCRIBED.length,
      removed: 0,
      persisting: WALLS - DESCRIBED.length,
    });
    expect(await counts('Walls have a name')).toEqual({ new: 1, resolved: 0, removed: 0, persisting: 0 });
    await screenshot(page, 'changes-dialog');

    await dialog.getByRole('button', { name: 'Elements of Walls have a description' }).click();
    const resolved = dialog.getByRole('table', { name: 'Resolved in Walls have a description' });
    await expectVisible(resolved);
    const resolvedRows = resolved.getByRole('row').filter({ hasText: 'IFCWALLSTANDARDCASE' });
    await expect.poll(() => resolvedRows.count()).toBe(DESCRIBED.length);
    const names = await resolvedRows.locator('td:first-child').allInnerTexts();
    expect(names.sort()).toEqual([...DESCRIBED].sort());
    expect(await resolvedRows.first().textContent()).toContain('Description');

    await dialog.getByRole('button', { name: 'Elements of Walls have a name' }).click();
    const fresh = dialog.getByRole('table', { name: 'New failures in Walls have a name' });
    await expectVisible(fresh);
    const freshRows = fresh.getByRole('row').filter({ hasText: 'IFCWALLSTANDARDCASE' });
    await expect.poll(() => freshRows.count()).toBe(1);
    // Its name is gone in v2: the list names it by GlobalId.
    expect(await freshRows.first().locator('td:first-child').textContent()).toBe(UNNAMED.globalId);
    expect(await freshRows.first().textContent()).toContain('Name');
    await screenshot(dialog, 'changes-view');
  }, 900_000);
});
