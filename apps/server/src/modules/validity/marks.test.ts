// The marking rule (decision 0249) on a shared sample edited to hold a repeated GlobalId and a
// property set written twice. Expected marks come from the raw model's entity list read here with
// @plumbline/ifc (GlobalIds counted, property sets followed through their relationships), not from
// the validity rules; the marks come from the rules' findings through `validityEvidence`.

import { readIfc, type StepIfcModel } from '@plumbline/ifc';
import { newGlobalId, regenerateGlobalId, repeatPropertySet, StepFile } from '@plumbline/ifc-gen/edit';
import { validateModel } from '@plumbline/validity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../../../test/support/samples';
import { NO_EVIDENCE, readsProperties, validityEvidence, verdictMarks } from './marks';

const sample = sharedFile('ifc-samples/wall_door_columnt_rgb4x3.ifc');
const WALL = 68;
const COLUMN = 3373;
const DOOR = 5034;

/** The sample with the column given the door's GlobalId and the wall's Pset_WallCommon written twice. */
function editedModel(text: string): string {
  const file = new StepFile(text);
  const doorGuid = file.get(DOOR)?.params[0]?.slice(1, -1) ?? '';
  regenerateGlobalId(file, COLUMN, doorGuid);
  repeatPropertySet(file, WALL, 'Pset_WallCommon', [newGlobalId(38, 1), newGlobalId(38, 2)]);
  return file.text();
}

/** GlobalIds of every rooted instance, counted from the model's entity list. */
function repeatedGlobalIds(model: StepIfcModel): Set<string> {
  const seen = new Map<string, number>();
  for (const id of model.idsOfClassOrSubtypes('IFCROOT')) {
    const guid = model.globalId(id);
    if (guid) seen.set(guid, (seen.get(guid) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n > 1).map(([guid]) => guid));
}

/** Element → names of two distinct IfcPropertySet instances it is related to by IfcRelDefinesByProperties. */
function repeatedSetNames(model: StepIfcModel): Map<number, string[]> {
  const names = new Map<number, Map<number, string>>();
  for (const rel of model.idsOfClass('IFCRELDEFINESBYPROPERTIES')) {
    const objects = model.attribute(rel, 'RelatedObjects');
    const set = model.attribute(rel, 'RelatingPropertyDefinition');
    if (set?.kind !== 'ref' || objects?.kind !== 'list' || model.classOf(set.id) !== 'IFCPROPERTYSET')
      continue;
    const name = model.attribute(set.id, 'Name');
    if (name?.kind !== 'string') continue;
    for (const o of objects.items) {
      if (o.kind !== 'ref') continue;
      const own = names.get(o.id) ?? new Map<number, string>();
      own.set(set.id, name.value);
      names.set(o.id, own);
    }
  }
  const out = new Map<number, string[]>();
  for (const [object, sets] of names) {
    const list = [...sets.values()];
    const twice = [...new Set(list.filter((n, i) => list.indexOf(n) !== i))];
    if (twice.length > 0) out.set(object, twice);
  }
  return out;
}

describe.runIf(sample)('marked IDS verdicts (decision 0249)', () => {
  let model: StepIfcModel;
  beforeAll(() => {
    model = readIfc(Buffer.from(editedModel((sample as Buffer).toString('latin1')), 'latin1'));
  });
  afterAll(() => model?.dispose());

  it('marks the verdicts of exactly the elements the raw model says are affected', () => {
    const report = validateModel(model);
    const evidence = validityEvidence(
      report.rules.flatMap((r) =>
        r.findings.map((f) => ({
          rule: f.rule,
          stepId: f.stepId,
          globalId: f.globalId,
          messageValues: f.message.values,
        })),
      ),
    );
    const guids = repeatedGlobalIds(model);
    const sets = repeatedSetNames(model);
    // The edits did what they say: the door's GlobalId twice, the wall's set twice.
    expect([...guids]).toEqual([model.globalId(DOOR)]);
    expect([...sets]).toEqual([[WALL, ['Pset_WallCommon']]]);

    for (const id of model.products()) {
      const guid = model.globalId(id);
      for (const readsProps of [true, false]) {
        const expected = [
          ...(guid !== null && guids.has(guid)
            ? [{ code: 'repeated_global_id', rule: 'SCH001', global_id: guid }]
            : []),
          ...(readsProps && sets.has(id)
            ? [{ code: 'repeated_property_set', rule: 'SCH002', property_sets: sets.get(id) }]
            : []),
        ];
        expect(
          verdictMarks({ stepId: id, globalId: guid, readsProperties: readsProps }, evidence),
          `#${id}`,
        ).toEqual(expected);
      }
    }
  });

  it('marks every verdict of a version whose schema identifier is not official', () => {
    const evidence = validityEvidence([
      { rule: 'IFC101', stepId: null, globalId: null, messageValues: { schema: 'IFC4X1' } },
    ]);
    for (const readsProps of [true, false]) {
      expect(verdictMarks({ stepId: 1, globalId: 'x', readsProperties: readsProps }, evidence)).toEqual([
        { code: 'unofficial_schema', rule: 'IFC101', schema: 'IFC4X1' },
      ]);
    }
  });

  it('marks nothing without evidence, and reads stored parameters written as JSON text', () => {
    expect(verdictMarks({ stepId: WALL, globalId: 'g', readsProperties: true }, NO_EVIDENCE)).toEqual([]);
    const evidence = validityEvidence([
      { rule: 'SCH002', stepId: 7, globalId: 'g', messageValues: JSON.stringify({ name: 'Pset_A' }) },
      { rule: 'PSE001', stepId: 7, globalId: 'g', messageValues: { name: 'Pset_B' } },
    ]);
    expect(verdictMarks({ stepId: 7, globalId: 'g', readsProperties: true }, evidence)).toEqual([
      { code: 'repeated_property_set', rule: 'SCH002', property_sets: ['Pset_A'] },
    ]);
  });

  it('a specification reads properties when any of its facets is a property facet', () => {
    const facet = (facet_type: string) => ({ facet_type });
    expect(
      readsProperties({ applicabilityFacets: [facet('entity')], requirementFacets: [facet('attribute')] }),
    ).toBe(false);
    expect(readsProperties({ applicabilityFacets: [facet('property')], requirementFacets: [] })).toBe(true);
    expect(
      readsProperties({ applicabilityFacets: [facet('entity')], requirementFacets: [facet('property')] }),
    ).toBe(true);
  });
});
