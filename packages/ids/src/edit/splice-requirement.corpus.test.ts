/**
 * Lossless editing over every IDS file we have (buildingSMART's test cases and the published
 * examples): a property requirement is spliced into one specification of each schema-valid file and
 * the result is checked through paths independent of the splice: the XSD, the reader's structures
 * and a byte comparison with the original.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IdsDocument, PropertyFacet } from '../document';
import { parseIds } from '../parse-ids';
import { validateIdsSchema } from '../validate-ids';
import { spliceRequirement } from './splice-requirement';

const shared = resolve(__dirname, '../../../../../shared');
const roots = [join(shared, 'ids-testcases'), join(shared, 'ids-examples')];

function idsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ids'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const files = roots.flatMap(idsFiles);

/**
 * The document without source positions (the insertion moves the lines after it) and without the
 * semantic audit's findings (a requirement added to a prohibited specification is one, by design).
 */
function comparable(doc: IdsDocument): unknown {
  return JSON.parse(
    JSON.stringify(doc, (key, value) =>
      key === 'location' || key === 'line' || key === 'column' || key === 'problems' ? undefined : value,
    ),
  );
}

/** Alternates a restriction (needs the xs prefix) and simple values, with text that needs escaping. */
function addedFacet(i: number): PropertyFacet {
  return {
    type: 'property',
    location: { line: 0, column: 0 },
    cardinality: i % 2 === 0 ? 'required' : 'optional',
    instructions: `Added by the round-trip test <${i}> & "quoted"`,
    propertySet: { kind: 'simple', value: 'Plumbline_RoundTrip' },
    baseName: { kind: 'simple', value: `Added_${i}` },
    value:
      i % 2 === 0
        ? { kind: 'restriction', base: 'string', enumeration: ['A & B', 'C'], patterns: [] }
        : { kind: 'simple', value: 'Ü < 5' },
    dataType: 'IFCLABEL',
    uri: null,
  };
}

/** How many bytes at the start and at the end of `b` equal those of `a` (not overlapping). */
function sharedEnds(a: Uint8Array, b: Uint8Array): number {
  const limit = Math.min(a.length, b.length);
  let head = 0;
  while (head < limit && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < limit - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return head + tail;
}

/** Comments, xs:annotation elements and requirements descriptions, counted straight from the text. */
function keptConstructs(xml: string): number[] {
  const count = (re: RegExp) => (xml.match(re) ?? []).length;
  return [
    count(/<!--/g),
    count(/<([A-Za-z_][\w.-]*:)?annotation[\s>]/g),
    count(/<([A-Za-z_][\w.-]*:)?requirements\s[^>]*description\s*=/g),
  ];
}

describe.skipIf(files.length === 0)('spliceRequirement over the IDS corpus', () => {
  it('keeps every byte outside the inserted facet, stays XSD-valid and reads back with exactly one more facet', async () => {
    const counts = { files: files.length, valid: 0, edited: 0, identicalOutside: 0, warned: 0, created: 0 };
    const originalConstructs = [0, 0, 0];
    const keptAfterEdit = [0, 0, 0];
    for (const [i, path] of files.entries()) {
      const bytes = readFileSync(path);
      let original: IdsDocument;
      try {
        original = parseIds(bytes);
      } catch {
        continue; // not well-formed: an invalid test case
      }
      if (original.specifications.length === 0 || (await validateIdsSchema(bytes)).length > 0) continue;
      counts.valid++;
      // One specification by turns, and also the first without requirements (a new <requirements>).
      const targets = new Set([i % original.specifications.length]);
      const bare = original.specifications.findIndex((spec) => spec.requirements.length === 0);
      if (bare >= 0) targets.add(bare);
      for (const position of targets) {
        const facet = addedFacet(i);
        const splice = spliceRequirement(bytes, position, facet);
        if (!splice.ok) {
          counts.warned++;
          continue;
        }
        counts.edited++;
        if (original.specifications[position]?.requirements.length === 0) counts.created++;
        const written = Buffer.from(splice.xml, 'utf8');

        expect(await validateIdsSchema(written), path).toEqual([]);

        const expected = comparable(original) as { specifications: Array<{ requirements: unknown[] }> };
        expected.specifications[position]?.requirements.push(
          JSON.parse(JSON.stringify({ ...facet, location: undefined })),
        );
        expect(comparable(parseIds(written)), path).toEqual(expected);

        const identical = sharedEnds(bytes, written) === bytes.length;
        expect(identical, `${path}: bytes outside the insertion changed`).toBe(true);
        if (identical) counts.identicalOutside++;

        const before = keptConstructs(bytes.toString('utf8'));
        const after = keptConstructs(written.toString('utf8'));
        for (const k of [0, 1, 2]) {
          originalConstructs[k] = (originalConstructs[k] ?? 0) + (before[k] ?? 0);
          keptAfterEdit[k] = (keptAfterEdit[k] ?? 0) + (after[k] ?? 0);
        }
      }
    }
    console.info(
      `IDS corpus splice: ${JSON.stringify(counts)}; comments, annotations, requirement descriptions before ${originalConstructs.join('/')}, after ${keptAfterEdit.join('/')}`,
    );
    expect(counts.valid).toBeGreaterThan(200);
    expect(counts.warned).toBe(0);
    expect(counts.identicalOutside).toBe(counts.edited);
    expect(counts.created).toBeGreaterThan(0);
    expect(keptAfterEdit).toEqual(originalConstructs);
  }, 300_000);
});
