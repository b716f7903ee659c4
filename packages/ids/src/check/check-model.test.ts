import { describe, expect, it } from 'vitest';
import { parseIds } from '../parse-ids';
import { elementReasons, facetText, idsWords, specificationReasonText } from '../report/words';
import { applicableIds, passedById } from '../testing/element-outcomes';
import { FakeModel, property, propertySet, step, value } from '../testing/fake-model';
import { entity, ids, spec, sv } from '../testing/ids-xml';
import { checkModel } from './check-model';

const fixed = { now: () => new Date('2026-01-01T00:00:00Z') };
const nameIs = (v: string, cardinality = 'required') =>
  `<attribute cardinality="${cardinality}"><name>${sv('Name')}</name><value>${sv(v)}</value></attribute>`;

function model() {
  const m = new FakeModel();
  const good = m.add('IFCWALL', { attributes: { GlobalId: step.str('0wall'), Name: step.str('W01') } });
  const bad = m.add('IFCWALL', { attributes: { GlobalId: step.str('1wall'), Name: step.str('W02') } });
  const unnamed = m.add('IFCWALL');
  m.add('IFCSLAB', { attributes: { Name: step.str('S01') } });
  return { m, good, bad, unnamed };
}

describe('checkModel', () => {
  it('lists every applicable element with its failing facets', () => {
    const { m, good, bad, unnamed } = model();
    const report = checkModel(
      m,
      parseIds(ids(spec({ applicability: entity('IFCWALL'), requirements: nameIs('W01') }))),
      fixed,
    );
    expect(report.status).toBe('fail');
    expect(report.checkedAt).toBe('2026-01-01T00:00:00.000Z');
    const s = report.specifications[0];
    expect(s).toMatchObject({ applicableCount: 3, passedCount: 1, failedCount: 2, status: 'fail' });
    const w = idsWords();
    expect(s?.reason).toBe('elementsFailed');
    expect(specificationReasonText(w, s!)).toBe('2 of 3 applicable elements fail the requirements');
    expect(s?.requirements.map((r) => ({ type: r.type, cardinality: r.cardinality }))).toEqual([
      { type: 'attribute', cardinality: 'required' },
    ]);
    expect(facetText(w, s!.requirements[0]!.facet)).toBe('Name = "W01"');
    expect(Array.from(s?.passingIds ?? [])).toEqual([good]);
    const byId = new Map(s?.failingElements.map((e) => [e.id, e]));
    expect(byId.get(bad)).toMatchObject({ globalId: '1wall', name: 'W02', className: 'IFCWALL' });
    expect(byId.get(bad)?.failures).toEqual([
      {
        facetIndex: 0,
        type: 'attribute',
        outcome: 'mismatch',
        kind: 'attributeMismatch',
        subject: 'Name',
        actual: ['"W02"'],
        actualValue: 'W02',
      },
    ]);
    expect(elementReasons(w, s!, byId.get(bad)!)).toEqual(['Name is "W02", expected "W01"']);
    expect(elementReasons(w, s!, byId.get(unnamed)!)).toEqual(['Name is not set']);
    expect(byId.get(unnamed)?.failures[0]?.outcome).toBe('absent');
  });

  it('applies facet cardinality: optional passes when absent, prohibited inverts', () => {
    const { m } = model();
    const run = (cardinality: string) =>
      checkModel(
        m,
        parseIds(ids(spec({ applicability: entity('IFCWALL'), requirements: nameIs('W01', cardinality) }))),
      ).specifications[0];
    const passes = (cardinality: string) => [...passedById(run(cardinality)!).values()];
    expect(passes('optional')).toEqual([true, false, true]);
    expect(passes('prohibited')).toEqual([false, true, true]);
    const prohibited = checkModel(
      m,
      parseIds(ids(spec({ applicability: entity('IFCWALL'), requirements: nameIs('W01', 'prohibited') }))),
    ).specifications[0]?.failingElements[0];
    expect(prohibited?.failures.map((f) => f.outcome)).toEqual(['prohibited']);
  });

  it('applies specification cardinality', () => {
    const { m } = model();
    const status = (occurs: string, cls: string, requirements?: string) =>
      checkModel(
        m,
        parseIds(
          ids(spec({ occurs, applicability: entity(cls), ...(requirements ? { requirements } : {}) })),
        ),
      ).specifications[0]?.status;
    expect(status('maxOccurs="unbounded"', 'IFCDOOR', nameIs('x'))).toBe('fail'); // required, nothing applies
    expect(status('minOccurs="0" maxOccurs="unbounded"', 'IFCDOOR', nameIs('x'))).toBe('pass'); // optional
    expect(status('minOccurs="0" maxOccurs="0"', 'IFCSLAB')).toBe('fail'); // prohibited and present
    expect(status('minOccurs="0" maxOccurs="0"', 'IFCDOOR')).toBe('pass'); // prohibited and absent
  });

  it('narrows applicability by non-entity facets and scans without an entity facet', () => {
    const m = new FakeModel();
    const a = m.add('IFCWALL', {
      propertySets: [propertySet('Pset_WallCommon', [property('IsExternal', [value(true, 'IFCBOOLEAN')])])],
    });
    m.add('IFCWALL', {
      propertySets: [propertySet('Pset_WallCommon', [property('IsExternal', [value(false, 'IFCBOOLEAN')])])],
    });
    const ext = `<property><propertySet>${sv('Pset_WallCommon')}</propertySet><baseName>${sv('IsExternal')}</baseName><value>${sv('true')}</value></property>`;
    const report = checkModel(m, parseIds(ids(spec({ applicability: ext, requirements: nameIs('x') }))));
    expect(applicableIds(report.specifications[0]!)).toEqual([a]);
  });

  it('gives an invalid report, never a pass, for an IDS with problems', () => {
    const { m } = model();
    const report = checkModel(m, parseIds(ids(spec({ applicability: entity('IFCRABBIT') }))));
    expect(report.status).toBe('invalid');
    expect(report.specifications).toEqual([]);
    expect(report.problems[0]?.message).toMatch(/IFCRABBIT/);
    expect(report.problems[0]?.line).toBeGreaterThan(0);
  });
});
