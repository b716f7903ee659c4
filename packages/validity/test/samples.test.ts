/**
 * PJS003 and PSE001 on the shared sample models, against expected findings computed here from the
 * raw entity list of each file (test/raw-step.ts), not by the rule code: the GlobalId format by a
 * regular expression, the property sets against buildingSMART's templates.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type IfcSchemaId, schemaTables, setTemplates } from '@plumbline/ifc';
import { describe, expect, it } from 'vitest';
import { type Finding, validateFile } from '../src/index';
import { type RawEntity, type RawValue, rawEntities, refOf, refsOf } from './raw-step';

const samples = fileURLToPath(new URL('../../../../shared/ifc-samples/', import.meta.url));
const present = existsSync(samples);
const files = present ? readdirSync(samples).filter((f) => f.endsWith('.ifc')) : [];
if (!present) console.warn(`validity samples test skipped: no shared samples at ${samples}`);

const schemaOf = (path: string): IfcSchemaId | null => {
  const name =
    /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/.exec(readFileSync(path, 'latin1').slice(0, 4096))?.[1] ?? '';
  return name === 'IFC2X3' || name === 'IFC4' || name === 'IFC4X3_ADD2'
    ? name
    : name.startsWith('IFC4X3')
      ? 'IFC4X3_ADD2'
      : null;
};

/** GlobalIds that break the format, by STEP id, from the raw entity list. */
function expectedPjs003(entities: Map<number, RawEntity>, schema: IfcSchemaId): number[] {
  const tables = schemaTables(schema);
  const bad: number[] = [];
  for (const e of entities.values()) {
    if (!tables.isSubtypeOf(e.cls, 'IFCROOT')) continue;
    const guid = e.params[0];
    if (typeof guid !== 'string') continue;
    if (!/^[0-3][0-9A-Za-z_$]{21}$/.test(guid)) bad.push(e.id);
  }
  return bad.sort((a, b) => a - b);
}

const ids = (findings: readonly Finding[]) =>
  [...new Set(findings.map((f) => f.stepId!))].sort((a, b) => a - b);

describe.skipIf(!present)('PJS003 on the shared samples', () => {
  it.each(files)('%s: the malformed GlobalIds the raw entity list has', async (file) => {
    const schema = schemaOf(join(samples, file));
    const report = await validateFile(join(samples, file), { rules: ['PJS003'] });
    const expected = schema ? expectedPjs003(rawEntities(join(samples, file)), schema) : [];
    expect(ids(report.rules[0]!.findings)).toEqual(expected);
    expect(report.rules[0]!.outcome).toBe(expected.length > 0 ? 'fail' : 'pass');
  });

  it('finds GlobalIds broken on purpose in a copy of SimpleWall', async () => {
    const text = readFileSync(join(samples, 'SimpleWall.ifc'), 'latin1');
    let n = 0;
    // Third, fifth and seventh rooted instance: a bad first character, a short id, a character outside the alphabet.
    const broken = text.replace(
      /^(#\d+\s*=\s*IFC[A-Z]+\(')([^']{22})'/gm,
      (whole, head: string, guid: string) => {
        n++;
        if (n === 3) return `${head}Z${guid.slice(1)}'`;
        if (n === 5) return `${head}${guid.slice(0, 20)}'`;
        if (n === 7) return `${head}${guid.slice(0, 10)}!${guid.slice(11)}'`;
        return whole;
      },
    );
    const path = join(mkdtempSync(join(tmpdir(), 'validity-pjs003-')), 'broken.ifc');
    writeFileSync(path, broken, 'latin1');
    const expected = expectedPjs003(rawEntities(path), 'IFC2X3');
    expect(expected).toHaveLength(3);
    const report = await validateFile(path, { rules: ['PJS003'] });
    expect(report.rules[0]!.outcome).toBe('fail');
    expect(ids(report.rules[0]!.findings)).toEqual(expected);
  });
});

/**
 * PSE001's findings as keys `<set id> <kind> <detail>`, derived from the raw entity list and the
 * templates: the set is unknown, a property is unknown or of another kind, a value of another data
 * type or outside the enumeration, or the set sits on an object its template does not apply to.
 */
function expectedPse001(entities: Map<number, RawEntity>, schema: IfcSchemaId): string[] {
  const tables = schemaTables(schema);
  const templates = setTemplates(schema);
  const is = (id: number, cls: string) => tables.isSubtypeOf(entities.get(id)?.cls ?? '', cls.toUpperCase());
  const attr = (e: RawEntity, name: string): RawValue | undefined =>
    e.params[tables.entities.get(e.cls)?.attributeIndex.get(name) ?? -1];
  const text = (v: RawValue | undefined) => (typeof v === 'string' ? v : null);
  const enumText = (v: RawValue | undefined) =>
    typeof v === 'string' && v.startsWith('.') ? v.slice(1, -1) : null;
  const objectsOf = new Map<number, number[]>();
  const typeOf = new Map<number, number>();
  for (const e of entities.values()) {
    if (e.cls === 'IFCRELDEFINESBYPROPERTIES') {
      for (const set of refsOf(attr(e, 'RelatingPropertyDefinition'))) {
        objectsOf.set(set, [...(objectsOf.get(set) ?? []), ...refsOf(attr(e, 'RelatedObjects'))]);
      }
    } else if (e.cls === 'IFCRELDEFINESBYTYPE') {
      const type = refOf(attr(e, 'RelatingType'));
      if (type !== null) for (const o of refsOf(attr(e, 'RelatedObjects'))) typeOf.set(o, type);
    }
  }
  const typesOf = new Map<number, number[]>();
  for (const e of entities.values()) {
    if (!tables.isSubtypeOf(e.cls, 'IFCTYPEOBJECT')) continue;
    for (const set of refsOf(attr(e, 'HasPropertySets')))
      typesOf.set(set, [...(typesOf.get(set) ?? []), e.id]);
  }
  const predefined = (id: number): string | null => {
    const e = entities.get(id)!;
    const read = (x: RawEntity, user: string) => {
      const v = enumText(attr(x, 'PredefinedType'));
      return v === 'USERDEFINED' ? text(attr(x, user)) : v;
    };
    if (tables.isSubtypeOf(e.cls, 'IFCTYPEOBJECT')) return read(e, 'ElementType');
    if (enumText(attr(e, 'PredefinedType')) !== null) return read(e, 'ObjectType');
    const type = typeOf.get(id);
    return type === undefined ? null : read(entities.get(type)!, 'ElementType');
  };
  const keys: string[] = [];
  for (const set of entities.values()) {
    if (set.cls !== 'IFCPROPERTYSET') continue;
    const name = text(set.params[2]);
    if (!name?.startsWith('Pset_')) continue;
    const template = templates.get(name);
    if (!template) {
      keys.push(`${set.id} unknownSet ${name}`);
      continue;
    }
    const occurrences = (objectsOf.get(set.id) ?? []).filter((o) => !is(o, 'IfcTypeObject'));
    const types = [
      ...(objectsOf.get(set.id) ?? []).filter((o) => is(o, 'IfcTypeObject')),
      ...(typesOf.get(set.id) ?? []),
    ];
    const judge = (object: number, matches: (entity: string) => boolean) => {
      const matching = template.applicableClasses.filter((c) => matches(c.entity));
      if (matching.length === 0) {
        keys.push(`${set.id} applicableClass ${object}`);
        return;
      }
      const allowed = template.applicableClasses
        .filter((c) => matching.some((m) => m.entity.toLowerCase() === c.entity.toLowerCase()))
        .map((c) => c.predefinedType);
      if (!allowed.includes(null) && !allowed.includes(predefined(object)?.toUpperCase() ?? null)) {
        keys.push(`${set.id} predefinedType ${object}`);
      }
    };
    for (const o of occurrences) {
      if (template.templateType === 'PSET_TYPEDRIVENONLY') keys.push(`${set.id} typeOnly ${o}`);
      judge(o, (entity) => is(o, entity));
    }
    for (const t of types) {
      if (['PSET_OCCURRENCEDRIVEN', 'PSET_PERFORMANCEDRIVEN'].includes(template.templateType)) {
        keys.push(`${set.id} occurrenceOnly ${t}`);
      }
      judge(
        t,
        (entity) =>
          is(t, entity) ||
          (tables.hasEntity(`${entity}Type`) && is(t, `${entity}Type`)) ||
          (tables.hasEntity(`${entity}Style`) && is(t, `${entity}Style`)),
      );
    }
    for (const p of refsOf(set.params[4])) {
      const property = entities.get(p);
      if (!property) continue;
      const pname = text(property.params[0]) ?? '';
      const expected = template.property.get(pname);
      if (!expected) {
        keys.push(`${set.id} unknownProperty ${pname}`);
        continue;
      }
      if (!tables.isSubtypeOf(property.cls, expected.propertyClass.toUpperCase()))
        keys.push(`${set.id} propertyKind ${pname}`);
      const value = property.params[2];
      if (
        property.cls === 'IFCPROPERTYSINGLEVALUE' &&
        value &&
        typeof value === 'object' &&
        'typed' in value
      ) {
        if (expected.dataType !== '' && value.typed !== expected.dataType.toUpperCase())
          keys.push(`${set.id} dataType ${pname}`);
      } else if (property.cls === 'IFCPROPERTYENUMERATEDVALUE' && Array.isArray(value)) {
        for (const v of value) {
          const inner = v && typeof v === 'object' && 'typed' in v ? v.value : v;
          if (typeof inner !== 'string' || !expected.values.includes(inner))
            keys.push(`${set.id} enumeration ${pname}`);
        }
      }
    }
  }
  return keys.sort();
}

const keyOf = (f: Finding) => {
  const kind = f.message.id.split('.').pop()!;
  const v = f.message.values;
  const detail = kind === 'unknownSet' ? v.name : (v.property ?? v.stepId ?? '');
  return `${f.stepId} ${kind} ${detail}`;
};

describe.skipIf(!present)('PSE001 on the shared samples', () => {
  it.each(files)('%s: the findings the raw entity list and the templates give', async (file) => {
    const schema = schemaOf(join(samples, file));
    const report = await validateFile(join(samples, file), { rules: ['PSE001'] });
    const expected = schema ? expectedPse001(rawEntities(join(samples, file)), schema) : [];
    expect(report.rules[0]!.findings.map(keyOf).sort()).toEqual(expected);
  });

  it('the samples do give PSE001 findings (the comparison above is not of empty lists only)', async () => {
    const found = await Promise.all(
      files.map(
        async (f) => (await validateFile(join(samples, f), { rules: ['PSE001'] })).rules[0]!.findingCount,
      ),
    );
    expect(found.reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
  });
});
