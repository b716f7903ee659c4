// Issue 38's acceptance: a model with a repeated GlobalId and a repeated property set shows the
// Validity card, its rule list, and the marked IDS verdicts in IDS Compliance. The model is a shared
// sample edited here (the column given the door's GlobalId, the wall's Pset_WallCommon written
// twice); what is marked follows from those edits and the IDS below.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newGlobalId, regenerateGlobalId, repeatPropertySet, StepFile } from '@plumbline/ifc-gen/edit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { browserPagePerTest, expectVisible, screenshot } from './harness/browser';
import { projectWithModelViaApi } from './harness/project-with-model';
import { haveSamples, idsDocument } from './harness/samples';

const baseUrl = inject('baseUrl');
const SAMPLE = new URL('../../../../shared/ifc-samples/wall_door_columnt_rgb4x3.ifc', import.meta.url)
  .pathname;
const haveSample = haveSamples('validity marks', SAMPLE);
const WALL = 68;
const COLUMN = 3373;
const DOOR = 5034;

const spec = (
  name: string,
  entity: string,
  requirement: string,
) => `    <ids:specification ifcVersion="IFC4X3_ADD2" name="${name}">
      <ids:applicability minOccurs="1" maxOccurs="unbounded"><ids:entity><ids:name><ids:simpleValue>${entity}</ids:simpleValue></ids:name></ids:entity></ids:applicability>
      <ids:requirements>${requirement}</ids:requirements>
    </ids:specification>`;
const IDS = idsDocument(
  'Marks',
  spec(
    'Walls say whether they are external',
    'IFCWALL',
    '<ids:property><ids:propertySet><ids:simpleValue>Pset_WallCommon</ids:simpleValue></ids:propertySet><ids:baseName><ids:simpleValue>IsExternal</ids:simpleValue></ids:baseName></ids:property>',
  ),
  spec(
    'Doors are named',
    'IFCDOOR',
    '<ids:attribute><ids:name><ids:simpleValue>Name</ids:simpleValue></ids:name></ids:attribute>',
  ),
);

let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

const dir = mkdtempSync(join(tmpdir(), 'plumbline-marks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!haveSample)('validity marks IDS verdicts (issue 38)', () => {
  it('shows the Validity card with its rules, and the marked verdicts in IDS Compliance', async () => {
    const file = new StepFile(readFileSync(SAMPLE, 'latin1'));
    regenerateGlobalId(file, COLUMN, file.get(DOOR)?.params[0]?.slice(1, -1) ?? '');
    repeatPropertySet(file, WALL, 'Pset_WallCommon', [newGlobalId(38, 1), newGlobalId(38, 2)]);
    const path = join(dir, 'Marked model.ifc');
    writeFileSync(path, file.text(), 'latin1');
    const ids = await projectWithModelViaApi(context.request, {
      signUp: { prefix: 'marks', fullName: 'Mark Verdict' },
      name: 'Marked verdicts',
      ids: { name: 'marks.ids', xml: IDS },
      ifc: { path },
      fragments: false,
    });

    // The Overview's Validity card: the two rules the edits break, as errors, each explained.
    await page.goto(`/dashboard?tab=overview&project=${ids.projectId}`);
    const card = page.getByRole('region', { name: 'Model Validity' });
    const rules = card.getByRole('list', { name: 'Failing validity rules' });
    await expectVisible(rules);
    await expectVisible(
      rules
        .getByRole('listitem')
        .filter({ hasText: /SCH001 No GlobalId is used twice/ })
        .filter({ hasText: '2 findings' }),
    );
    await expectVisible(
      rules
        .getByRole('listitem')
        .filter({ hasText: /SCH002 An object or type carries no two property sets/ })
        .filter({ hasText: '1 finding' }),
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(card, 'validity-card');

    // Its link opens the File Inspector's Validity tab.
    await card.getByRole('link', { name: /in the File Inspector/ }).click();
    await page.waitForURL((url) => url.searchParams.get('fileTab') === 'validity');
    await expectVisible(page.getByText(/No GlobalId is used twice in the file/));

    // IDS Compliance: the wall's property verdict and the door's verdict carry their reasons.
    await page.goto(`/dashboard?tab=metadata&${ids.selection}`);
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    const table = page.getByRole('table', { name: 'Compliance results' });
    await expectVisible(table);
    const row = (spec: string) => table.getByRole('row').filter({ hasText: spec });
    const marks = (spec: string) => row(spec).getByRole('list', { name: 'Why this verdict is unreliable' });
    await expectVisible(
      marks('Walls say whether they are external').getByText(
        'Unreliable: property set Pset_WallCommon is written twice on this element (SCH002).',
      ),
    );
    await expectVisible(
      marks('Doors are named').getByText(
        "Unreliable: this element's GlobalId is used by another element too (SCH001).",
      ),
    );
    expect(await table.getByRole('list', { name: 'Why this verdict is unreliable' }).count()).toBe(2);
    await table.scrollIntoViewIfNeeded();
    await screenshot(table, 'validity-marked-verdicts');
  });
});
