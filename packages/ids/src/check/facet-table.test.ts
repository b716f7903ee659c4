/**
 * Specifications that share facets share their evaluation (issue 36): canonical keys tell equal
 * facets from different ones, each distinct facet is evaluated once per element, and every
 * specification still reports what it reports when checked alone (the independent path: a
 * document of that one specification, where nothing is shared).
 */
import { describe, expect, it, vi } from 'vitest';
import type { PropertyFacet } from '../document';
import { CompiledPropertyFacet } from '../facets/property';
import { parseIds } from '../parse-ids';
import type { SpecificationResult } from '../results';
import { FakeModel, property, propertySet, step, value } from '../testing/fake-model';
import { entity, enumeration, ids, pattern, spec, sv } from '../testing/ids-xml';
import { checkModel } from './check-model';
import { facetKey } from './facet-key';

const fixed = { now: () => new Date('2026-01-01T00:00:00Z') };

const prop = (name: string, v: string | null, opts: { card?: string; type?: string; pset?: string } = {}) =>
  `<property${opts.type === undefined ? ' dataType="IFCLABEL"' : opts.type ? ` dataType="${opts.type}"` : ''}${opts.card ? ` cardinality="${opts.card}"` : ''}><propertySet>${sv(opts.pset ?? 'Pset_WallCommon')}</propertySet><baseName>${sv(name)}</baseName>${v === null ? '' : `<value>${v}</value>`}</property>`;
const description = (card?: string) =>
  `<attribute${card ? ` cardinality="${card}"` : ''}><name>${sv('Description')}</name></attribute>`;

function requirementsOf(xml: string) {
  return parseIds(ids(spec({ applicability: entity('IFCWALL'), requirements: xml }))).specifications[0]
    ?.requirements as PropertyFacet[];
}

describe('facetKey', () => {
  it('is equal for facets that differ only in cardinality, and different for any other difference', () => {
    const [a, b, c, d, e, f, g] = requirementsOf(
      [
        prop('FireRating', pattern('EI[0-9]{2}')),
        prop('FireRating', pattern('EI[0-9]{2}'), { card: 'optional' }),
        prop('FireRating', pattern('EI[0-9]{3}')),
        prop('FireRating', pattern('EI[0-9]{2}'), { type: 'IFCTEXT' }),
        prop('FireRating', pattern('EI[0-9]{2}'), { pset: 'Pset_DoorCommon' }),
        prop('FireRating', null),
        prop('FireRating', sv('EI[0-9]{2}')),
      ].join(''),
    );
    expect(facetKey(a!)).toBe(facetKey(b!));
    const keys = [a, c, d, e, f, g].map((x) => facetKey(x!));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('tells enumerations apart by every value, and finds equal code lists equal', () => {
    const list = (values: string[]) => prop('Status', enumeration(values));
    const many = (suffix: string) => Array.from({ length: 40 }, (_, i) => `V${i}${suffix}`);
    const [a, b, c, d, e] = requirementsOf(
      [list(['A', 'B']), list(['A', 'B']), list(['A', 'B', 'C']), list(many('')), list(many(''))].join(''),
    );
    const [f] = requirementsOf(list([...many('').slice(0, 39), 'V39x']));
    expect(facetKey(a!)).toBe(facetKey(b!));
    expect(facetKey(a!)).not.toBe(facetKey(c!));
    expect(facetKey(d!)).toBe(facetKey(e!));
    expect(facetKey(d!)).not.toBe(facetKey(f!));
    // No value spells another: the parts are length-prefixed.
    const [x, y] = requirementsOf(
      [prop('A', enumeration(['1:B'])), prop('A', enumeration(['1', 'B']))].join(''),
    );
    expect(facetKey(x!)).not.toBe(facetKey(y!));
  });
});

describe('shared facets in a check', () => {
  function wallModel() {
    const m = new FakeModel();
    const walls = [
      m.add('IFCWALL', {
        attributes: { GlobalId: step.str('0a'), Name: step.str('W1') },
        propertySets: [propertySet('Pset_WallCommon', [property('FireRating', [value('EI60', 'IFCLABEL')])])],
      }),
      m.add('IFCWALL', {
        attributes: { GlobalId: step.str('0b'), Name: step.str('W2'), Description: step.str('lined') },
        propertySets: [
          propertySet('Pset_WallCommon', [property('FireRating', [value('60 min', 'IFCLABEL')])]),
        ],
      }),
      m.add('IFCWALL', { attributes: { GlobalId: step.str('0c'), Name: step.str('W3') } }),
    ];
    return { m, walls };
  }

  const fire = pattern('EI[0-9]{2}');
  // The same facets in different orders and cardinalities, and one specification keyed on a property.
  const specs = [
    spec({
      name: 'A',
      applicability: entity('IFCWALL'),
      requirements: prop('FireRating', fire) + description(),
    }),
    spec({
      name: 'B',
      applicability: entity('IFCWALL'),
      requirements: description('prohibited') + prop('FireRating', fire, { card: 'optional' }),
    }),
    spec({
      name: 'C',
      applicability: entity('IFCWALL') + prop('FireRating', null),
      requirements: prop('FireRating', fire) + description('optional'),
    }),
    spec({ name: 'D', applicability: entity('IFCWALL'), requirements: prop('FireRating', null) }),
  ];

  it('gives each specification the results and summaries it has when checked alone', () => {
    const { m } = wallModel();
    const together = checkModel(m, parseIds(ids(...specs)), fixed).specifications;
    expect(together).toHaveLength(specs.length);
    // The summaries hold each specification's facets as written; only where they were written differs.
    const placeless = (r: SpecificationResult | undefined) =>
      r && {
        ...r,
        applicability: r.applicability.map((f) => ({ ...f, facet: { ...f.facet, location: null } })),
        requirements: r.requirements.map((f) => ({ ...f, facet: { ...f.facet, location: null } })),
      };
    specs.forEach((s, i) => {
      const alone = checkModel(m, parseIds(ids(s)), fixed).specifications[0];
      expect(placeless(together[i])).toEqual(placeless(alone));
    });
    // Summaries keep each specification's own cardinalities.
    expect(together[1]?.requirements.map((r) => r.cardinality)).toEqual(['prohibited', 'optional']);
    expect(together[0]?.requirements.map((r) => r.cardinality)).toEqual(['required', 'required']);
    // Failures name each specification's own facet index.
    const b = together[1]?.failingElements.find((e) => e.globalId === '0b');
    expect(b?.failures.map((f) => [f.facetIndex, f.outcome])).toEqual([
      [0, 'prohibited'],
      [1, 'mismatch'],
    ]);
  });

  it('evaluates each distinct facet once per element, however many specifications hold it', () => {
    const { m, walls } = wallModel();
    const evaluate = vi.spyOn(CompiledPropertyFacet.prototype, 'evaluate');
    try {
      checkModel(m, parseIds(ids(...specs, ...specs, ...specs)), fixed);
      // Two distinct property facets (FireRating with and without the pattern), three walls.
      expect(evaluate).toHaveBeenCalledTimes(2 * walls.length);
    } finally {
      evaluate.mockRestore();
    }
  });

  it('shares a failure between elements failing a requirement the same way, and only then', () => {
    const m = new FakeModel();
    const wall = (gid: string, fire: string | null) =>
      m.add('IFCWALL', {
        attributes: { GlobalId: step.str(gid), Name: step.str(gid) },
        propertySets:
          fire === null
            ? []
            : [propertySet('Pset_WallCommon', [property('FireRating', [value(fire, 'IFCLABEL')])])],
      });
    // Two walls without the property, two with the same wrong value, and values that a key
    // without length prefixes would spell alike.
    for (const [gid, fire] of [
      ['m1', null],
      ['m2', null],
      ['v1', '60 min'],
      ['v2', '60 min'],
      ['s1', 'a:1:b'],
      ['s2', 'a'],
    ] as const)
      wall(gid, fire);
    const [result] = checkModel(
      m,
      parseIds(ids(spec({ applicability: entity('IFCWALL'), requirements: prop('FireRating', fire) }))),
      fixed,
    ).specifications;
    const byId = new Map(result?.failingElements.map((e) => [e.globalId, e.failures]));
    expect([...byId.keys()]).toEqual(['m1', 'm2', 'v1', 'v2', 's1', 's2']);
    // The same content: one object, and one one-failure list.
    expect(byId.get('m1')).toBe(byId.get('m2'));
    expect(byId.get('v1')).toBe(byId.get('v2'));
    expect(byId.get('v1')?.[0]?.actualValue).toBe('60 min');
    // Different content: different objects, each with its own value.
    expect(byId.get('m1')?.[0]).not.toBe(byId.get('v1')?.[0]);
    expect(byId.get('s1')?.[0]).not.toBe(byId.get('s2')?.[0]);
    expect([byId.get('s1')?.[0]?.actualValue, byId.get('s2')?.[0]?.actualValue]).toEqual(['a:1:b', 'a']);
  });
});
