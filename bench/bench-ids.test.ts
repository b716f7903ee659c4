import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';

const SHARED = join(import.meta.dirname, '..', '..', 'shared', 'ids-testcases');

// buildingSMART's IDS 1.0 schema is the oracle for both bench IDS files. ../shared is beside every
// checkout the suite runs in; without it the test fails and says so rather than passing unchecked.
describe('the bench IDS files against the IDS 1.0 XSD (../shared/ids-testcases/ids.xsd)', () => {
  it.each(['bench.ids', 'mixed.ids'])('%s validates', async (name) => {
    expect(existsSync(join(SHARED, 'ids.xsd')), `missing ${join(SHARED, 'ids.xsd')}`).toBe(true);
    const load = (file: string) => readFile(join(SHARED, file), 'utf8');
    const result = await validateXML({
      xml: [{ fileName: name, contents: await readFile(join(import.meta.dirname, name), 'utf8') }],
      schema: [{ fileName: 'ids.xsd', contents: await load('ids.xsd') }],
      preload: [
        { fileName: 'http://www.w3.org/2001/xml.xsd', contents: await load('xsd-imports/xml.xsd') },
        {
          fileName: 'http://www.w3.org/2001/XMLSchema.xsd',
          contents: await load('xsd-imports/XMLSchema.xsd'),
        },
      ],
    });
    expect(result.errors.filter((e) => !/warning/i.test(e.rawMessage))).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe('bench.ids', async () => {
  const xml = await readFile(join(import.meta.dirname, 'bench.ids'), 'utf8');

  it('covers every facet kind, restriction kind and cardinality', () => {
    const count = (re: RegExp) => (xml.match(re) ?? []).length;
    expect(count(/<ids:specification /g)).toBeGreaterThanOrEqual(20);
    for (const facet of ['entity', 'attribute', 'property', 'classification', 'material', 'partOf']) {
      expect(count(new RegExp(`<ids:${facet}[ >/]`, 'g')), facet).toBeGreaterThan(0);
    }
    for (const restriction of [
      'ids:simpleValue',
      'xs:enumeration',
      'xs:pattern',
      'xs:minInclusive',
      'xs:maxInclusive',
      'xs:minExclusive',
      'xs:minLength',
      'xs:maxLength',
    ]) {
      expect(count(new RegExp(`<${restriction}[ >]`, 'g')), restriction).toBeGreaterThan(0);
    }
    expect(xml).toContain('cardinality="optional"');
    expect(xml).toContain('cardinality="prohibited"');
    expect(xml).toContain('maxOccurs="0"');
    expect(xml).toContain('minOccurs="0" maxOccurs="unbounded"');
  });
});

describe('mixed.ids (issue 36: the 200 MB bench with a pack of 20 mixed specifications)', async () => {
  const xml = await readFile(join(import.meta.dirname, 'mixed.ids'), 'utf8');

  it('has 20 specifications mixing every facet kind in applicability and requirements', () => {
    const count = (re: RegExp) => (xml.match(re) ?? []).length;
    expect(count(/<ids:specification /g)).toBe(20);
    const applicability = [...xml.matchAll(/<ids:applicability[^>]*>([\s\S]*?)<\/ids:applicability>/g)]
      .map((m) => m[1])
      .join('\n');
    const requirements = [...xml.matchAll(/<ids:requirements>([\s\S]*?)<\/ids:requirements>/g)]
      .map((m) => m[1])
      .join('\n');
    for (const facet of ['entity', 'attribute', 'property', 'classification', 'material', 'partOf']) {
      expect(count(new RegExp(`<ids:${facet}[ >/]`, 'g')), facet).toBeGreaterThan(0);
      expect(new RegExp(`<ids:${facet}[ >/]`).test(requirements), `${facet} in requirements`).toBe(true);
    }
    // Applicability keyed on something other than an entity, too.
    for (const facet of ['attribute', 'property', 'classification', 'material', 'partOf'])
      expect(new RegExp(`<ids:${facet}[ >/]`).test(applicability), `${facet} in applicability`).toBe(true);
    expect(count(/<xs:enumeration /g)).toBeGreaterThan(5);
    expect(count(/<xs:(min|max)(In|Ex)clusive /g)).toBeGreaterThan(5);
    expect(count(/<xs:pattern /g)).toBeGreaterThanOrEqual(3);
    expect(count(/<xs:pattern /g)).toBeLessThanOrEqual(8);
  });
});
