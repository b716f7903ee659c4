/**
 * Project rules of every kind (unique, count, compare, any/all/not) on shared sample models, against
 * expected failing elements computed here from the raw entity list (test/raw-step.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readIfcFile, schemaTables } from '@plumbline/ifc';
import { describe, expect, it } from 'vitest';
import { checkProjectRules } from '../src/project-rules/check';
import { parseRulesFile } from '../src/project-rules/parse';
import type { RulesDocument } from '../src/project-rules/types';
import { type RawEntity, type RawValue, rawEntities, refOf, refsOf } from './raw-step';

const samples = fileURLToPath(new URL('../../../../shared/ifc-samples/', import.meta.url));
const present = existsSync(samples);
if (!present) console.warn(`project rules test skipped: no shared samples at ${samples}`);

const CASES = [
  { file: 'Duplex_A_20110907.ifc', schema: 'IFC2X3', wall: 'IfcWallStandardCase' },
  { file: 'SampleHouse4.ifc', schema: 'IFC4', wall: 'IfcWall' },
] as const;

function rules(wall: string): RulesDocument {
  const { document, problems } = parseRulesFile(
    JSON.stringify({
      version: 1,
      rules: [
        {
          id: 'unique',
          name: 'Door types unique per storey',
          appliesTo: { entity: 'IfcDoor' },
          require: { unique: { attribute: 'ObjectType' }, within: 'storey' },
        },
        {
          id: 'count',
          name: 'Every storey aggregates two spaces or more',
          appliesTo: { entity: 'IfcBuildingStorey' },
          require: { count: { entity: 'IfcSpace' }, relation: 'aggregates', atLeast: 2 },
        },
        {
          id: 'compare',
          name: 'Doors are no wider than high',
          appliesTo: { entity: 'IfcDoor' },
          require: { compare: { attribute: 'OverallWidth' }, op: '<=', to: { attribute: 'OverallHeight' } },
        },
        {
          id: 'logic',
          name: 'Walls not marked internal have a name, and a fire rating or a classification',
          appliesTo: {
            all: [
              { entity: wall },
              { not: { property: 'IsExternal', propertySet: 'Pset_WallCommon', value: false } },
            ],
          },
          require: {
            satisfies: {
              all: [
                { attribute: 'Name' },
                { any: [{ property: 'FireRating', propertySet: 'Pset_WallCommon' }, { classification: {} }] },
              ],
            },
          },
        },
      ],
    }),
  );
  expect(problems).toEqual([]);
  return document!;
}

/** Independent reads of the raw entity list. */
class Raw {
  readonly tables;
  readonly containedIn = new Map<number, number>();
  readonly aggregatedIn = new Map<number, number>();
  readonly parts = new Map<number, number[]>();
  readonly filling = new Map<number, number>();
  readonly voiding = new Map<number, number>();
  readonly typeOf = new Map<number, number>();
  readonly setsOf = new Map<number, number[]>();
  readonly classified = new Set<number>();

  constructor(
    readonly e: Map<number, RawEntity>,
    schema: 'IFC2X3' | 'IFC4',
  ) {
    this.tables = schemaTables(schema);
    for (const x of e.values()) {
      const a = (n: string) => this.attr(x, n);
      if (x.cls === 'IFCRELCONTAINEDINSPATIALSTRUCTURE') {
        for (const o of refsOf(a('RelatedElements'))) this.containedIn.set(o, refOf(a('RelatingStructure'))!);
      } else if (x.cls === 'IFCRELAGGREGATES') {
        const whole = refOf(a('RelatingObject'))!;
        for (const o of refsOf(a('RelatedObjects'))) this.aggregatedIn.set(o, whole);
        this.parts.set(whole, [...(this.parts.get(whole) ?? []), ...refsOf(a('RelatedObjects'))]);
      } else if (x.cls === 'IFCRELFILLSELEMENT') {
        this.filling.set(refOf(a('RelatedBuildingElement'))!, refOf(a('RelatingOpeningElement'))!);
      } else if (x.cls === 'IFCRELVOIDSELEMENT') {
        this.voiding.set(refOf(a('RelatedOpeningElement'))!, refOf(a('RelatingBuildingElement'))!);
      } else if (x.cls === 'IFCRELDEFINESBYTYPE') {
        for (const o of refsOf(a('RelatedObjects'))) this.typeOf.set(o, refOf(a('RelatingType'))!);
      } else if (x.cls === 'IFCRELDEFINESBYPROPERTIES') {
        for (const o of refsOf(a('RelatedObjects'))) {
          this.setsOf.set(o, [...(this.setsOf.get(o) ?? []), ...refsOf(a('RelatingPropertyDefinition'))]);
        }
      } else if (x.cls === 'IFCRELASSOCIATESCLASSIFICATION') {
        for (const o of refsOf(a('RelatedObjects'))) this.classified.add(o);
      }
    }
  }

  attr(x: RawEntity, name: string): RawValue | undefined {
    return x.params[this.tables.entities.get(x.cls)?.attributeIndex.get(name) ?? -1];
  }

  ofClass(cls: string): RawEntity[] {
    return [...this.e.values()].filter((x) => x.cls === cls.toUpperCase());
  }

  /** As the model's storeyOf: containment, aggregation, fills, voids, up to a storey. */
  storey(id: number): number | null {
    let cur: number | undefined = id;
    for (let i = 0; i < 64 && cur !== undefined; i++) {
      if (this.e.get(cur)?.cls === 'IFCBUILDINGSTOREY') return cur;
      cur =
        this.containedIn.get(cur) ??
        this.aggregatedIn.get(cur) ??
        this.filling.get(cur) ??
        this.voiding.get(cur);
    }
    return null;
  }

  /** A property's value: the occurrence's set first, then its type's. */
  property(id: number, set: string, name: string): RawValue | undefined {
    const type = this.typeOf.get(id);
    const typeSets = type === undefined ? [] : refsOf(this.attr(this.e.get(type)!, 'HasPropertySets'));
    for (const s of [...(this.setsOf.get(id) ?? []), ...typeSets]) {
      const pset = this.e.get(s);
      if (pset?.cls !== 'IFCPROPERTYSET' || pset.params[2] !== set) continue;
      for (const p of refsOf(pset.params[4])) {
        const prop = this.e.get(p)!;
        if (prop.params[0] !== name) continue;
        const v = prop.params[2];
        return v && typeof v === 'object' && 'typed' in v ? v.value : v;
      }
    }
    return undefined;
  }
}

const isSet = (v: RawValue | undefined) => v !== undefined && v !== null && v !== '';
const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

describe.skipIf(!present)('project rules on the shared samples', () => {
  describe.each(CASES)('$file', ({ file, schema, wall }) => {
    const path = join(samples, file);
    const raw = () => new Raw(rawEntities(path), schema);
    const run = async () => {
      const model = await readIfcFile(path);
      try {
        return checkProjectRules(model, rules(wall));
      } finally {
        model.dispose();
      }
    };
    const failing = (report: Awaited<ReturnType<typeof run>>, id: string) =>
      sorted(report.rules.find((r) => r.id === id)!.findings.map((f) => f.stepId!));

    it('unique: door types repeated within a storey', async () => {
      const r = raw();
      const groups = new Map<string, number[]>();
      for (const door of r.ofClass('IfcDoor')) {
        const type = r.attr(door, 'ObjectType');
        const storey = r.storey(door.id);
        if (!isSet(type) || storey === null) continue;
        const key = `${storey} ${type}`;
        groups.set(key, [...(groups.get(key) ?? []), door.id]);
      }
      const expected = sorted([...groups.values()].filter((g) => g.length > 1).flat());
      const report = await run();
      expect(failing(report, 'unique')).toEqual(expected);
    });

    it('count: storeys aggregating fewer than two spaces', async () => {
      const r = raw();
      const storeys = r.ofClass('IfcBuildingStorey');
      const spaces = (s: RawEntity) =>
        (r.parts.get(s.id) ?? []).filter((p) => r.e.get(p)?.cls === 'IFCSPACE').length;
      const expected = sorted(storeys.filter((s) => spaces(s) < 2).map((s) => s.id));
      const report = await run();
      expect(report.rules.find((x) => x.id === 'count')!.applicableCount).toBe(storeys.length);
      expect(failing(report, 'count')).toEqual(expected);
    });

    it('compare: doors wider than high, or without both dimensions', async () => {
      const r = raw();
      const expected = sorted(
        r
          .ofClass('IfcDoor')
          .filter((d) => {
            const w = r.attr(d, 'OverallWidth');
            const h = r.attr(d, 'OverallHeight');
            return typeof w !== 'number' || typeof h !== 'number' || w > h;
          })
          .map((d) => d.id),
      );
      const report = await run();
      expect(failing(report, 'compare')).toEqual(expected);
    });

    it('all / any / not: walls not marked internal without a name, or with neither a fire rating nor a classification', async () => {
      const r = raw();
      const walls = r
        .ofClass(wall)
        .filter((w) => r.property(w.id, 'Pset_WallCommon', 'IsExternal') !== '.F.');
      const classified = (id: number) => r.classified.has(id) || r.classified.has(r.typeOf.get(id) ?? -1);
      const expected = sorted(
        walls
          .filter(
            (w) =>
              !isSet(r.attr(w, 'Name')) ||
              !(isSet(r.property(w.id, 'Pset_WallCommon', 'FireRating')) || classified(w.id)),
          )
          .map((w) => w.id),
      );
      const report = await run();
      const result = report.rules.find((x) => x.id === 'logic')!;
      expect(result.applicableCount).toBe(walls.length);
      expect(failing(report, 'logic')).toEqual(expected);
    });

    it('applies every rule, and some fail (the comparisons above are not of empty lists only)', async () => {
      const report = await run();
      expect(report.rules.filter((x) => x.outcome === 'fail').length).toBeGreaterThan(0);
      expect(report.rules.every((x) => x.applicableCount > 0)).toBe(true);
    });
  });
});
