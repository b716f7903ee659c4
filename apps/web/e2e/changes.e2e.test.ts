/**
 * Issue 30's Changes view: v1 of the FZK house, then a v2 derived from it by known edits on the STEP
 * text (two walls given a Description, one wall's Name cleared). The view's counts and lists must
 * be exactly those edits: the expectations come from the edits, not from the server. They are also
 * compared with a second path that does not go through the history: each version's own per-element
 * results (the Compliance view's API), set against each other in the test. Then the assistant, asked
 * what changed since the last version, must give the view's figures. From the view: each list opens
 * v2 in 3D with the new failures red and the resolved ones green (legend with shapes and counts), the
 * BCF of v2's new failures downloads and validates against ../shared/bcf-xsd/ with one topic per new
 * failure, and the Overview's "since v1" line per specification has the view's counts.
 */
import { readFileSync } from 'node:fs';
import { bcfSchemaErrors, haveBcfSchemas } from '@plumbline/ids/testing/bcf-xsd';
import { unzipSync } from 'fflate';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
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
import { FZK_HOUSE_IFC, haveSamples, idsDocument, specification } from './harness/samples';
import {
  askAssistant,
  openExplorerWithViewer,
  settledPixelCounts,
  waitForViewerReady,
} from './harness/viewer';
import { until } from './harness/wait';

const baseUrl = e2eBaseUrl();
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

/** Waits until this version of the file is the one processed (the status names its version). */
async function waitForVersion(request: APIRequestContext, base: string, fileId: string, versionId: string) {
  await until(`version ${versionId} processed`, async () => {
    const status = await (await request.get(`${base}/bimfiles/${fileId}/status`)).json();
    if (status.status === 'failed') throw new Error(`processing: ${JSON.stringify(status)}`);
    return status.status === 'completed' && status.version_id === versionId;
  });
}

/**
 * The GlobalIds failing a specification in one version, from that version's own results (the
 * Compliance view's API), which the finding history does not compute.
 */
async function failingIn(
  request: APIRequestContext,
  base: string,
  fileId: string,
  versionId: string,
  specificationId: string,
): Promise<Set<string>> {
  const query = new URLSearchParams({ versionId, specificationId, status: 'failed', limit: '200' });
  const response = await request.get(`${base}/bimfiles/${fileId}/compliance/results?${query}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { total: number; results: { global_id: string | null }[] };
  expect(body.results).toHaveLength(body.total);
  return new Set(body.results.map((row) => row.global_id ?? ''));
}

const minus = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x)).sort();

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
    const fileId = first.bim_file.id as string;
    await waitForVersion(context.request, base, fileId, first.version.id);
    const second = await uploadViaApi(context.request, `${base}/bimfiles`, model(deriveV2(v1)));
    expect(second.bim_file.id).toBe(fileId);
    await waitForVersion(context.request, base, fileId, second.version.id);

    // The second path: each version's failing walls per specification, set against each other here.
    const specifications = (
      (await (await context.request.get(`${base}/ids/specifications`)).json()) as {
        specifications: { id: string; name: string }[];
      }
    ).specifications;
    const specificationId = (name: string) => {
      const found = specifications.find((s) => s.name === name);
      expect(found, name).toBeDefined();
      return found?.id ?? '';
    };
    const perElement = async (name: string) => {
      const id = specificationId(name);
      const before = await failingIn(context.request, base, fileId, first.version.id, id);
      const after = await failingIn(context.request, base, fileId, second.version.id, id);
      // No element is deleted between the versions and no GlobalId changes: set difference is exact.
      return {
        new: minus(after, before),
        resolved: minus(before, after),
        persisting: after.size - minus(after, before).length,
      };
    };
    const described = await perElement('Walls have a description');
    const named = await perElement('Walls have a name');
    // The two paths first agree with the edits themselves.
    expect(described.new).toEqual([]);
    expect(described.resolved).toHaveLength(DESCRIBED.length);
    expect(described.persisting).toBe(WALLS - DESCRIBED.length);
    expect(named).toEqual({ new: [UNNAMED.globalId], resolved: [], persisting: 0 });

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
    // …and with the versions' own per-element results.
    for (const [name, expected] of [
      ['Walls have a description', described],
      ['Walls have a name', named],
    ] as const) {
      const shown = await counts(name);
      expect({ new: shown.new, resolved: shown.resolved, persisting: shown.persisting }, name).toEqual({
        new: expected.new.length,
        resolved: expected.resolved.length,
        persisting: expected.persisting,
      });
    }
    const shownTotals = {
      new: (await counts('Walls have a description')).new + (await counts('Walls have a name')).new,
      resolved:
        (await counts('Walls have a description')).resolved + (await counts('Walls have a name')).resolved,
    };
    await screenshot(page, 'changes-dialog');

    await dialog.getByRole('button', { name: 'Elements of Walls have a description' }).click();
    const resolved = dialog.getByRole('table', { name: 'Resolved in Walls have a description' });
    await expectVisible(resolved);
    const resolvedRows = resolved.getByRole('row').filter({ hasText: 'IFCWALLSTANDARDCASE' });
    await expect.poll(() => resolvedRows.count()).toBe(DESCRIBED.length);
    const names = await resolvedRows.locator('td:first-child').allInnerTexts();
    expect(names.sort()).toEqual([...DESCRIBED].sort());
    // The same walls the per-element results name (each row's name cell carries its GlobalId).
    const resolvedIds = await resolvedRows
      .locator('td:first-child')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? ''));
    expect(resolvedIds.sort()).toEqual(described.resolved);
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

    // Each list opens v2 in 3D: new failures red, resolved ones green, the rest pale; the legend
    // names them with their shapes and counts (the non-colour cue).
    const threeD = async (spec: string, expected: { new: number; resolved: number }) => {
      await dialog.getByRole('button', { name: `Show in 3D: ${spec}` }).click();
      const viewer = dialog.getByRole('region', { name: `Changes of ${spec} in 3D` });
      await waitForViewerReady(viewer);
      const legend = viewer.getByRole('list', { name: 'Changes colour legend' });
      const count = (mark: string) => legend.locator(`[data-mark="${mark}"] [data-count]`).textContent();
      expect({ new: Number(await count('new')), resolved: Number(await count('resolved')) }).toEqual(
        expected,
      );
      await until('the changes painted', async () => {
        const painted = (await viewer.getAttribute('data-viewer-painted')) ?? '';
        return painted === `${expected.new}:${expected.resolved}`;
      });
      // Settled once every colour is as expected: tiles still in the model's own colours (the house's
      // red roof) land pale some frames after the paint, so a first green sample can still show red.
      const pixels = await settledPixelCounts(
        viewer,
        (p) =>
          (expected.new > 0 ? p.red > 0 : p.red === 0) &&
          (expected.resolved > 0 ? p.green > 0 : p.green === 0),
      );
      if (expected.new > 0) expect(pixels.red).toBeGreaterThan(0);
      else expect(pixels.red).toBe(0);
      if (expected.resolved > 0) expect(pixels.green).toBeGreaterThan(0);
      else expect(pixels.green).toBe(0);
      await screenshot(viewer, `changes-3d-${expected.new}-${expected.resolved}`);
      await dialog.getByRole('button', { name: `Hide 3D: ${spec}` }).click();
    };
    // Expected from the versions' own per-element results (and those from the edits, above).
    await threeD('Walls have a description', {
      new: described.new.length,
      resolved: described.resolved.length,
    });
    await threeD('Walls have a name', { new: named.new.length, resolved: named.resolved.length });

    // The BCF of v2's new failures: every member valid against the official XSDs, one topic per
    // new failure of the per-element results, each naming its wall.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'BCF of new failures' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.bcf$/);
    const bytes = new Uint8Array(await downloadedBytes(file));
    if (haveBcfSchemas()) expect(await bcfSchemaErrors([{ name: 'new failures.bcf', bytes }])).toEqual([]);
    const members = Object.entries(unzipSync(bytes));
    const newFailures = [...described.new, ...named.new].sort();
    expect(members.filter(([name]) => name.endsWith('/markup.bcf'))).toHaveLength(newFailures.length);
    const selected = new Set(
      members
        .filter(([name]) => name.endsWith('.bcfv'))
        .flatMap(([, data]) =>
          [...new TextDecoder().decode(data).matchAll(/IfcGuid="([^"]+)"/g)].map((m) => m[1]),
        ),
    );
    expect([...selected].sort()).toEqual(newFailures);

    // The assistant, on v2, asked what changed: the same figures as the view.
    await page.keyboard.press('Escape');
    await openExplorerWithViewer(page, `project=${project.id}&file=${fileId}&version=${second.version.id}`);
    const panel = page.getByRole('region', { name: 'AI Assistant' });
    await askAssistant(panel, 'What changed since the last version?');
    const answer = panel.getByRole('article', { name: 'Assistant message' }).last();
    await expectVisible(answer.getByText(/Since v1: \d+ new failed requirement checks? and \d+ resolved\./));
    const figures = /Since v1: (\d+) new failed requirement checks? and (\d+) resolved\./.exec(
      (await answer.textContent()) ?? '',
    );
    expect({ new: Number(figures?.[1]), resolved: Number(figures?.[2]) }).toEqual(shownTotals);
    expect(shownTotals).toEqual({ new: 1, resolved: DESCRIBED.length });
    await screenshot(page, 'changes-assistant');

    // The Overview, per specification: "since v1: X new, Y resolved", the per-element results'.
    await page.goto(`/dashboard?tab=overview&project=${project.id}`);
    const since = page.getByRole('region', { name: 'Changes of AC20-FZK-Haus' });
    await expectVisible(since);
    for (const [name, expected] of [
      ['Walls have a description', described],
      ['Walls have a name', named],
    ] as const) {
      const line = since.getByRole('listitem').filter({ hasText: name });
      expect((await line.textContent())?.replace(/\s+/g, ' ')).toContain(
        `since v1: ${expected.new.length} new, ${expected.resolved.length} resolved`,
      );
    }
    await screenshot(page, 'changes-overview');
  }, 900_000);
});
