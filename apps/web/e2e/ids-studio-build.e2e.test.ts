import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkModel, parseIds } from '@plumbline/ids';
import { readIfc } from '@plumbline/ifc';
import { generateIfc } from '@plumbline/ifc-gen';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectHidden, expectVisible, screenshot } from './harness/browser';
import { projectWithModelViaApi } from './harness/project-with-model';
import { idsDocument, SLABS_PASS } from './harness/samples';
import { until, WAIT_MS } from './harness/wait';

const baseUrl = e2eBaseUrl();

let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

// The Demo Office as the demo project generates it (same seed and storeys), smaller: a few of its
// doors carry Pset_DoorCommon.FireRating (EI30, and a mistyped E30), most have none.
let dir = '';
let modelPath = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plumbline-e2e-studio-'));
  modelPath = join(dir, 'DemoOffice_ARC.ifc');
  await generateIfc({
    targetBytes: 400_000,
    seed: 2024,
    storeys: 4,
    projectName: 'Demo Office',
    out: modelPath,
  });
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const SPEC_NAME = 'Doors have a fire rating';

/** The new specification as IDS, written here by hand: what the engine is asked for the expected counts. */
function doorsSpecification(values: readonly string[] | null): string {
  const requirement =
    values === null
      ? ''
      : `<ids:requirements>
        <ids:property dataType="IFCLABEL">
          <ids:propertySet><ids:simpleValue>Pset_DoorCommon</ids:simpleValue></ids:propertySet>
          <ids:baseName><ids:simpleValue>FireRating</ids:simpleValue></ids:baseName>
          <ids:value><xs:restriction base="xs:string">${values
            .map((v) => `<xs:enumeration value="${v}"/>`)
            .join('')}</xs:restriction></ids:value>
        </ids:property>
      </ids:requirements>`;
  return `    <ids:specification ifcVersion="IFC4" name="${SPEC_NAME}">
      <ids:applicability minOccurs="1" maxOccurs="unbounded">
        <ids:entity><ids:name><ids:simpleValue>IFCDOOR</ids:simpleValue></ids:name></ids:entity>
      </ids:applicability>
      ${requirement}
    </ids:specification>`;
}

/** The engine's applicable, passed and failed counts of the doors specification on the model. */
function engineCounts(values: readonly string[] | null) {
  const model = readIfc(new Uint8Array(readFileSync(modelPath)));
  try {
    const report = checkModel(model, parseIds(idsDocument('Expected', doorsSpecification(values))));
    const spec = report.specifications[0];
    if (!spec) throw new Error('the engine reported no specification');
    return { applicable: spec.applicableCount, passed: spec.passedCount, failed: spec.failedCount };
  } finally {
    model.dispose();
  }
}

const liveText = (counts: { applicable: number; passed: number; failed: number }) =>
  `Applies to ${counts.applicable} · passes ${counts.passed} · fails ${counts.failed}`;

/** Moves the focus with Tab until `target` has it (the order is the page's, not assumed here). */
async function tabTo(target: Locator): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('no element to tab to');
  for (let presses = 0; presses < 60; presses++) {
    if (await handle.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

/** Presses ArrowDown on a focused native select until it shows `value` (the keyboard's way through a list). */
async function arrowTo(select: Locator, value: string): Promise<void> {
  await expect.poll(() => select.evaluate((el) => el === document.activeElement)).toBe(true);
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const target = values.indexOf(value);
  expect(target, `${value} is offered`).toBeGreaterThanOrEqual(0);
  const at = values.indexOf(await select.inputValue());
  for (let i = Math.max(at, 0); i < target; i++) await page.keyboard.press('ArrowDown');
  await expect.poll(() => select.inputValue()).toBe(value);
}

describe('the IDS Studio, building a specification', () => {
  it('builds a door fire-rating specification from the lists, counts it live, fixes a lint error, saves a revision the project checks', async () => {
    const { projectId, fileId, versionId, selection } = await projectWithModelViaApi(context.request, {
      signUp: { prefix: 'studio-build', fullName: 'Bea Builder' },
      name: 'Studio Office',
      ids: { name: 'office.ids', xml: idsDocument('Office', SLABS_PASS) },
      ifc: { path: modelPath },
      fragments: false,
    });
    const applyOnly = engineCounts(null);
    expect(applyOnly.applicable).toBeGreaterThan(0);

    await page.goto('/dashboard?tab=projects');
    await page.getByRole('button', { name: 'Studio Office', exact: true }).click();
    const files = page.getByRole('region', { name: 'Files of Studio Office' });
    await files.getByRole('button', { name: 'Open office.ids in the Studio' }).click();
    const studio = page.getByRole('dialog', { name: 'IDS Studio: office.ids' });
    // The project's processed model is the one the pickers and live counts read.
    await expect.poll(() => studio.getByLabel('Model for choices and live counts').inputValue()).toBe(fileId);
    await expectVisible(studio.getByTestId('live-count').first());

    // A new specification, by keyboard: Tab to "Add specification", Enter, then the class list.
    await studio.getByLabel('Title', { exact: true }).focus();
    const add = studio.getByRole('button', { name: 'Add specification' });
    await tabTo(add);
    await page.keyboard.press('Enter');
    const classList = studio.getByLabel('IFC class', { exact: true });
    await expectVisible(classList);
    // The model's classes come first with their counts; IfcDoor is among them.
    await expect
      .poll(() => classList.locator('optgroup').first().locator('option[value="IFCDOOR"]').count())
      .toBe(1);
    await tabTo(classList);
    await arrowTo(classList, 'IFCDOOR');
    await tabTo(studio.getByRole('button', { name: 'Apply' }));
    await page.keyboard.press('Enter');

    const card = studio.getByRole('region', { name: 'Specification 2: New specification' });
    await expectVisible(card);
    await expectVisible(card.getByTestId('live-count').getByText(liveText(applyOnly)));

    // Its name, typed.
    const name = card.getByLabel('Name', { exact: true });
    await name.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(SPEC_NAME);
    const spec = studio.getByRole('region', { name: `Specification 2: ${SPEC_NAME}` });
    await expectVisible(spec);

    // A requirement: Pset_DoorCommon.FireRating from the lists, with values the model has.
    await spec.getByRole('button', { name: 'Add to Requirements' }).click();
    const kind = spec.getByRole('combobox', { name: 'Kind', exact: true });
    await kind.focus();
    await arrowTo(kind, 'property');
    const psetList = spec.getByLabel('Property set', { exact: true });
    await expect
      .poll(() => psetList.locator('optgroup').first().locator('option[value="Pset_DoorCommon"]').count())
      .toBe(1);
    await psetList.selectOption('Pset_DoorCommon');
    const propertyList = spec.getByLabel('Property', { exact: true });
    await tabTo(propertyList);
    await arrowTo(propertyList, 'FireRating');
    // The standard property's data type is proposed.
    await expect.poll(() => spec.getByLabel('Data type', { exact: true }).inputValue()).toBe('IFCLABEL');
    // The values the doors have, with their counts: every one is ticked, by keyboard.
    const values = spec.getByRole('group', { name: 'Allowed values (none ticked: any value)' });
    const boxes = values.getByRole('checkbox');
    await expectVisible(boxes);
    const chosen: string[] = [];
    for (const label of await values.locator('label').allTextContents()) {
      const value = /^(.*) \((\d+) elements\)$/.exec(label)?.[1];
      if (value === undefined) throw new Error(`a value listed as ${label}`);
      chosen.push(value);
    }
    // An enumeration: the doors have more than one rating.
    expect(chosen.length).toBeGreaterThan(1);
    for (const [i, value] of chosen.entries()) {
      const box = boxes.nth(i);
      await tabTo(box);
      await page.keyboard.press('Space');
      await expect.poll(() => box.isChecked(), { message: value }).toBe(true);
    }
    const withValues = engineCounts(chosen);
    // Doors without one of the ratings fail: the count has to change when the requirement comes.
    expect(withValues.failed).toBeGreaterThan(0);
    await screenshot(page, 'ids-studio-build-requirement');
    await spec.getByRole('button', { name: 'Apply' }).click();
    await expectVisible(spec.getByText(`Property Pset_DoorCommon.FireRating = ${chosen.join(' | ')}`));
    expect(await spec.getByTestId('specification-sentence').textContent()).toContain('FireRating');

    // The live count changes with the requirement.
    await expectVisible(spec.getByTestId('live-count').getByText(liveText(withValues)));

    // A lint error and its quick fix: the IFC version unticked, then put back by the fix.
    const ifc4 = spec.getByRole('checkbox', { name: 'IFC4', exact: true });
    await tabTo(ifc4);
    await page.keyboard.press('Space');
    const problem = spec.getByRole('listitem').filter({ hasText: 'ifc-version-missing' });
    await expectVisible(problem);
    await expectVisible(studio.getByTestId('lint-summary').getByText(/1 error/));
    await problem.getByRole('button', { name: 'Add ifcVersion="IFC4"' }).click();
    await expectHidden(problem);
    await expect.poll(() => ifc4.isChecked()).toBe(true);
    await expectVisible(studio.getByTestId('lint-summary').getByText('No problems'));

    // Saved as the file's next revision.
    // The server's answer first: a refused save then fails here with its reason, not by a wait for
    // the success line that never comes.
    const saving = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' && r.url().includes(`/idsfiles/`) && r.url().endsWith('/revisions'),
      { timeout: WAIT_MS },
    );
    // …and the project's IDS list read again after it, which names the file by its new revision's id.
    const listed = page.waitForResponse(
      (r) =>
        r.request().method() === 'GET' &&
        new URL(r.url()).pathname === `/api/v1/projects/${projectId}/idsfiles`,
      { timeout: WAIT_MS },
    );
    await studio.getByRole('button', { name: 'Save as new revision' }).click();
    const saved = await saving;
    expect(saved.ok(), `save answered ${saved.status()}: ${await saved.text()}`).toBe(true);
    await listed;
    // The Studio stays open with its confirmation once the list has its new row (the row is the
    // file's lineage; keyed by the revision's id, it unmounted the Studio under the person).
    await expectVisible(studio.getByText('Saved as a new revision; the project is being re-checked.'));
    await page.keyboard.press('Escape');
    await expectHidden(studio);
    await expectVisible(files.getByText('revision 2'));

    // The project re-checks the model against the new revision.
    const specsUrl = `/api/v1/projects/${projectId}/ids/specifications?fileId=${fileId}&versionId=${versionId}`;
    await until(
      'the new specification checked',
      async () => {
        const { specifications } = (await (await context.request.get(specsUrl)).json()) as {
          specifications: { name: string; compliance_summary: unknown }[];
        };
        return specifications.some((s) => s.name === SPEC_NAME && s.compliance_summary !== null);
      },
      500,
    );

    // The IDS Compliance view lists it and counts its doors as the engine does.
    await page.goto(`/dashboard?tab=metadata&${selection}`);
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    const view = page.getByTestId('ids-compliance-view');
    await expectVisible(view);
    await view.getByRole('combobox', { name: 'Specification' }).click();
    await page.getByRole('option', { name: SPEC_NAME }).click();
    await expectVisible(
      view.getByRole('group', { name: 'Passed' }).getByText(String(withValues.passed), { exact: true }),
    );
    await expectVisible(
      view.getByRole('group', { name: 'Failed' }).getByText(String(withValues.failed), { exact: true }),
    );
    await screenshot(page, 'ids-studio-build-compliance');
  });
});
