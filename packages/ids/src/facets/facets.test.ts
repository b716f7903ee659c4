import { describe, expect, it } from 'vitest';
import { checkModel } from '../check/check-model';
import type { Facet } from '../document';
import { parseIds } from '../parse-ids';
import { failureText, idsWords } from '../report/words';
import { applicableIds } from '../testing/element-outcomes';
import {
  classification,
  FakeModel,
  material,
  parent,
  property,
  propertySet,
  step,
  value,
} from '../testing/fake-model';
import { entity, enumeration, ids, pattern, spec, sv } from '../testing/ids-xml';
import { compileFacet } from './compile';
import type { CompiledFacet, Evaluation } from './evaluation';

/** Compiles the first requirement of a one-spec IDS whose requirements are `xml`. */
function facet(xml: string) {
  const doc = parseIds(ids(spec({ applicability: entity('IFCWALL'), requirements: xml })));
  return compileFacet(doc.specifications[0]?.requirements[0] as Facet);
}

/** What a report says about an evaluation that failed, in English (report/words.ts). */
function reason(f: CompiledFacet, e: Evaluation): string | null {
  if (e.status === 'pass') return null;
  return failureText(idsWords(), { facetIndex: 0, type: f.type, outcome: 'mismatch', ...e.detail }, f.source);
}

describe('entity facet', () => {
  it('matches the exact class only, never subtypes', () => {
    const m = new FakeModel();
    const wall = m.add('IFCWALL');
    const standard = m.add('IFCWALLSTANDARDCASE');
    const f = facet(entity('IFCWALL'));
    expect(f.evaluate(m, wall).status).toBe('pass');
    expect(f.evaluate(m, standard).status).toBe('fail');
    expect(reason(f, f.evaluate(m, standard))).toBe('is IFCWALLSTANDARDCASE, expected IFCWALL');
  });

  it('compares the resolved predefined type case-sensitively', () => {
    const m = new FakeModel();
    const wall = m.add('IFCWALL', { predefinedType: 'SOLIDWALL' });
    expect(facet(entity('IFCWALL', 'SOLIDWALL')).evaluate(m, wall).status).toBe('pass');
    expect(facet(entity('IFCWALL', 'solidwall')).evaluate(m, wall).status).toBe('fail');
    expect(facet(entity('IFCWALL', 'SHEAR')).evaluate(m, m.add('IFCWALL')).status).toBe('fail');
  });
});

describe('attribute facet', () => {
  const attr = (name: string, v?: string) =>
    `<attribute><name>${name}</name>${v ? `<value>${v}</value>` : ''}</attribute>`;

  it('treats null, derived, unknown logicals and empty lists as absent, and "" as empty', () => {
    const m = new FakeModel();
    const f = facet(attr(sv('Name')));
    expect(f.evaluate(m, m.add('IFCWALL', { attributes: { Name: step.str('W1') } })).status).toBe('pass');
    expect(f.evaluate(m, m.add('IFCWALL')).status).toBe('absent');
    expect(f.evaluate(m, m.add('IFCWALL', { attributes: { Name: step.str('') } })).status).toBe('fail');
    const layer = facet(attr(sv('LayerOn')));
    expect(
      layer.evaluate(m, m.add('IFCPRESENTATIONLAYERWITHSTYLE', { attributes: { LayerOn: step.enum('U') } }))
        .status,
    ).toBe('absent');
    expect(
      layer.evaluate(m, m.add('IFCPRESENTATIONLAYERWITHSTYLE', { attributes: { LayerOn: step.enum('T') } }))
        .status,
    ).toBe('pass');
  });

  it('compares typed values and never compares objects', () => {
    const m = new FakeModel();
    const risers = m.add('IFCSTAIRFLIGHT', { attributes: { NumberOfRisers: step.int(42) } });
    expect(facet(attr(sv('NumberOfRisers'), sv('42'))).evaluate(m, risers).status).toBe('pass');
    const f43 = facet(attr(sv('NumberOfRisers'), sv('43')));
    expect(reason(f43, f43.evaluate(m, risers))).toBe('NumberOfRisers is 42, expected "43"');
    expect(f43.evaluate(m, risers)).toMatchObject({
      status: 'fail',
    });
    const task = m.add('IFCTASK', { attributes: { TaskTime: step.ref(99) } });
    expect(facet(attr(sv('TaskTime'))).evaluate(m, task).status).toBe('pass');
    expect(facet(attr(sv('TaskTime'), sv('x'))).evaluate(m, task).status).toBe('fail');
  });

  it('matches attribute names by restriction', () => {
    const m = new FakeModel();
    const wall = m.add('IFCWALL', { attributes: { Name: step.str('A'), Description: step.str('B') } });
    expect(facet(attr(enumeration(['Name', 'Description']))).evaluate(m, wall).status).toBe('pass');
    expect(facet(attr(pattern('Desc.*'), sv('C'))).evaluate(m, wall).status).toBe('fail');
  });
});

describe('property facet', () => {
  const prop = (pset: string, name: string, dataType?: string, v?: string) =>
    `<property${dataType ? ` dataType="${dataType}"` : ''}><propertySet>${pset}</propertySet><baseName>${name}</baseName>${v ? `<value>${v}</value>` : ''}</property>`;

  it('reports a missing property in words a person can act on', () => {
    const m = new FakeModel();
    const f = facet(prop(sv('Pset_WallCommon'), sv('FireRating'), 'IFCLABEL', pattern('EI[0-9]{2,3}')));
    const missing = f.evaluate(m, m.add('IFCWALL'));
    expect(missing).toEqual({ status: 'absent', detail: { kind: 'propertyMissing' } });
    expect(reason(f, missing)).toBe('Pset_WallCommon.FireRating is missing');
    const wrong = m.add('IFCWALL', {
      propertySets: [propertySet('Pset_WallCommon', [property('FireRating', [value('EI 30', 'IFCLABEL')])])],
    });
    expect(f.evaluate(m, wrong)).toMatchObject({ status: 'fail', actualValue: 'EI 30' });
    expect(reason(f, f.evaluate(m, wrong))).toBe(
      'Pset_WallCommon.FireRating has value "EI 30", expected matching pattern EI[0-9]{2,3}',
    );
  });

  it('requires the exact data type (IFCLABEL is not IFCTEXT)', () => {
    const m = new FakeModel();
    const id = m.add('IFCWALL', {
      propertySets: [propertySet('Foo_Bar', [property('Foo', [value('x', 'IFCTEXT')])])],
    });
    const label = facet(prop(sv('Foo_Bar'), sv('Foo'), 'IFCLABEL'));
    expect(label.evaluate(m, id).status).toBe('fail');
    expect(reason(label, label.evaluate(m, id))).toBe('Foo_Bar.Foo is IFCTEXT, expected IFCLABEL');
    expect(facet(prop(sv('Foo_Bar'), sv('Foo'), 'IFCTEXT')).evaluate(m, id).status).toBe('pass');
  });

  it('compares numbers in SI units', () => {
    const m = new FakeModel();
    const length = property('Foo', [value(2000, 'IFCLENGTHMEASURE', true)], {
      siValues: [value(2, 'IFCLENGTHMEASURE', true)],
    });
    const id = m.add('IFCWALL', { propertySets: [propertySet('Foo_Bar', [length])] });
    expect(facet(prop(sv('Foo_Bar'), sv('Foo'), 'IFCLENGTHMEASURE', sv('2'))).evaluate(m, id).status).toBe(
      'pass',
    );
    expect(facet(prop(sv('Foo_Bar'), sv('Foo'), 'IFCLENGTHMEASURE', sv('2000'))).evaluate(m, id).status).toBe(
      'fail',
    );
  });

  it('passes multi-valued properties when any value matches', () => {
    const m = new FakeModel();
    const list = property('Foo', [value('X', 'IFCLABEL'), value('Y', 'IFCLABEL')], { kind: 'list' });
    const id = m.add('IFCWALL', { propertySets: [propertySet('Foo_Bar', [list])] });
    expect(facet(prop(sv('Foo_Bar'), sv('Foo'), 'IFCLABEL', sv('Y'))).evaluate(m, id).status).toBe('pass');
    expect(facet(prop(sv('Foo_Bar'), sv('Foo'), 'IFCLABEL', sv('Z'))).evaluate(m, id).status).toBe('fail');
  });

  it('fails empty, unknown, reference and complex properties', () => {
    const m = new FakeModel();
    const f = facet(prop(sv('Foo_Bar'), sv('Foo')));
    const with1 = (p: ReturnType<typeof property>) =>
      m.add('IFCWALL', { propertySets: [propertySet('Foo_Bar', [p])] });
    expect(f.evaluate(m, with1(property('Foo', [])))).toMatchObject({ status: 'fail', outcome: 'empty' });
    expect(f.evaluate(m, with1(property('Foo', [value('', 'IFCLABEL')])))).toMatchObject({
      status: 'fail',
      outcome: 'empty',
    });
    expect(f.evaluate(m, with1(property('Foo', [value('UNKNOWN', 'IFCLOGICAL')]))).status).toBe('fail');
    expect(f.evaluate(m, with1(property('Foo', [], { kind: 'reference' }))).status).toBe('fail');
    expect(f.evaluate(m, with1(property('Foo', [value(true, 'IFCBOOLEAN')]))).status).toBe('pass');
  });

  it('requires every matching property set to hold the property', () => {
    const m = new FakeModel();
    const id = m.add('IFCWALL', {
      propertySets: [
        propertySet('Foo_Bar', [property('Foo', [value('a', 'IFCLABEL')])]),
        propertySet('Foo_Baz', [property('Other', [value('b', 'IFCLABEL')])]),
      ],
    });
    const f = facet(prop(pattern('Foo_.*'), sv('Foo')));
    expect(f.evaluate(m, id)).toMatchObject({ status: 'fail', outcome: 'absent' });
    expect(reason(f, f.evaluate(m, id))).toBe('Foo_Baz has no property Foo');
  });
});

describe('classification, material and partOf facets', () => {
  it('classification matches system and any ancestor reference', () => {
    const m = new FakeModel();
    const beam = m.add('IFCBEAM', {
      classifications: [classification('Uniclass', 'EF_25_10_25', ['EF_25_10'])],
    });
    const cls = (v: string) =>
      facet(`<classification><value>${sv(v)}</value><system>${sv('Uniclass')}</system></classification>`);
    expect(cls('EF_25_10').evaluate(m, beam).status).toBe('pass');
    expect(cls('EF_30').evaluate(m, beam).status).toBe('fail');
    expect(cls('EF_30').evaluate(m, m.add('IFCBEAM')).status).toBe('absent');
  });

  it('material matches any name or category', () => {
    const m = new FakeModel();
    const wall = m.add('IFCWALL', { materials: [material(['Layer set', 'Concrete C30'], ['concrete'])] });
    expect(facet(`<material><value>${sv('concrete')}</value></material>`).evaluate(m, wall).status).toBe(
      'pass',
    );
    expect(facet(`<material><value>${sv('steel')}</value></material>`).evaluate(m, wall).status).toBe('fail');
    expect(facet('<material/>').evaluate(m, m.add('IFCWALL')).status).toBe('absent');
  });

  it('partOf follows the named relation transitively and matches the exact class', () => {
    const m = new FakeModel();
    const building = m.add('IFCBUILDING');
    const storey = m.add('IFCBUILDINGSTOREY', { parents: [parent(building, 'IFCRELAGGREGATES')] });
    const wall = m.add('IFCWALL', { parents: [parent(storey, 'IFCRELCONTAINEDINSPATIALSTRUCTURE')] });
    const partOf = (cls: string, relation?: string) =>
      facet(
        `<partOf${relation ? ` relation="${relation}"` : ''}><entity><name>${sv(cls)}</name></entity></partOf>`,
      );
    expect(partOf('IFCBUILDINGSTOREY', 'IFCRELCONTAINEDINSPATIALSTRUCTURE').evaluate(m, wall).status).toBe(
      'pass',
    );
    expect(partOf('IFCBUILDING', 'IFCRELCONTAINEDINSPATIALSTRUCTURE').evaluate(m, wall).status).toBe('fail');
    expect(partOf('IFCBUILDING').evaluate(m, wall).status).toBe('pass');
    expect(partOf('IFCBUILDING', 'IFCRELAGGREGATES').evaluate(m, wall).status).toBe('absent');
  });
});

describe('attribute units', () => {
  it('compares measure attributes in SI units', () => {
    const m = new FakeModel();
    m.unitList = [{ unitType: 'LENGTHUNIT', name: 'MILLIMETRE', scale: 0.001, offset: 0, id: 1 }];
    const storey = m.add('IFCBUILDINGSTOREY', { attributes: { Elevation: step.real(3000) } });
    const f = (v: string) =>
      compileFacet(
        parseIds(
          ids(
            spec({
              applicability: entity('IFCBUILDINGSTOREY'),
              requirements: `<attribute><name>${sv('Elevation')}</name><value>${sv(v)}</value></attribute>`,
            }),
          ),
        ).specifications[0]?.requirements[0] as Facet,
      );
    expect(f('3').evaluate(m, storey).status).toBe('pass');
    expect(f('3000').evaluate(m, storey).status).toBe('fail');
  });
});

describe('partOf containment', () => {
  it('finds the container through the aggregate whole, which is not itself a container', () => {
    const m = new FakeModel();
    const building = m.add('IFCBUILDING');
    const space = m.add('IFCSPACE', { parents: [parent(building, 'IFCRELCONTAINEDINSPATIALSTRUCTURE')] });
    const slab = m.add('IFCSLAB', { parents: [parent(space, 'IFCRELCONTAINEDINSPATIALSTRUCTURE')] });
    const beam = m.add('IFCBEAM', { parents: [parent(slab, 'IFCRELAGGREGATES')] });
    const contained = (cls: string) =>
      facet(
        `<partOf relation="IFCRELCONTAINEDINSPATIALSTRUCTURE"><entity><name>${sv(cls)}</name></entity></partOf>`,
      );
    expect(contained('IFCSPACE').evaluate(m, beam).status).toBe('pass');
    expect(contained('IFCSLAB').evaluate(m, beam).status).toBe('fail');
    expect(contained('IFCSPACE').evaluate(m, space).status).toBe('fail');
  });
});

describe('IFC2X3 occurrence/type mapping in the entity facet', () => {
  it('matches a generic IFC2X3 occurrence typed by the specific type', () => {
    const m = new FakeModel('IFC2X3');
    const type = m.add('IFCAIRTERMINALTYPE');
    const typed = m.add('IFCFLOWTERMINAL', { type });
    const untyped = m.add('IFCFLOWTERMINAL');
    const f = facet(entity('IFCAIRTERMINAL'));
    expect(f.evaluate(m, typed).status).toBe('pass');
    expect(f.evaluate(m, untyped).status).toBe('fail');
    const doc = parseIds(ids(spec({ ifcVersion: 'IFC2X3 IFC4', applicability: entity('IFCAIRTERMINAL') })));
    expect(doc.problems).toEqual([]);
    expect(applicableIds(checkModel(m, doc).specifications[0]!)).toEqual([typed]);
  });
});
