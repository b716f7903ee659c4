/**
 * The edit model over every IDS file we have (buildingSMART's test cases and the published
 * examples): each schema-valid file gets an edit, a different kind by turns, and the result is
 * checked through paths independent of the splicing: the XSD, the document the reader gives back
 * against the same change made on the document objects, and the bytes outside the element the edit
 * concerns compared with the original.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Facet, IdsDocument, Specification } from '../document';
import { parseIds } from '../parse-ids';
import { validateIdsSchema } from '../validate-ids';
import { readEditable } from './editable';
import { applyIdsEdit, type IdsEdit } from './ids-edit';

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

type Plain = { info: Record<string, unknown>; specifications: Specification[] };

/** The document (or any part) as plain data without positions or findings. */
function comparable(doc: IdsDocument | Plain): Plain {
  return JSON.parse(
    JSON.stringify(doc, (key, value) =>
      key === 'location' || key === 'problems' || key === 'fileName' ? undefined : value,
    ),
  );
}

const NEW_SPEC: Specification = {
  name: 'Added by the edit test <&>',
  identifier: 'EDIT-1',
  description: null,
  instructions: null,
  ifcVersions: ['IFC4'],
  minOccurs: 1,
  maxOccurs: null,
  cardinality: 'required',
  applicability: [
    {
      type: 'entity',
      location: { line: 0, column: 0 },
      cardinality: 'required',
      instructions: null,
      name: { kind: 'simple', value: 'IFCDOOR' },
      predefinedType: null,
    },
  ],
  requirements: [],
  location: { line: 0, column: 0 },
};

const ADDED_PROPERTY: Facet = {
  type: 'property',
  location: { line: 0, column: 0 },
  cardinality: 'required',
  instructions: null,
  propertySet: { kind: 'simple', value: 'Plumbline_Edit' },
  baseName: { kind: 'simple', value: 'Checked' },
  value: { kind: 'restriction', base: 'string', enumeration: ['A & B', 'C'], patterns: [] },
  dataType: 'IFCLABEL',
  uri: null,
};

/** A different facet of the same kind: its first value changed (a requirement also gets instructions). */
function changed(facet: Facet, inRequirements: boolean): Facet {
  const value = { kind: 'simple', value: 'EDITED "value" <1>' } as const;
  const extra = inRequirements ? { instructions: 'Edited & checked' } : {};
  switch (facet.type) {
    case 'entity':
      return { ...facet, name: { kind: 'simple', value: 'IFCWALL' }, ...extra };
    case 'attribute':
    case 'material':
    case 'classification':
      return { ...facet, value, ...extra };
    case 'property':
      return { ...facet, baseName: value, ...extra };
    case 'partOf':
      return {
        ...facet,
        entity: { ...facet.entity, name: { kind: 'simple', value: 'IFCBUILDINGSTOREY' } },
        ...extra,
      };
  }
}

const CARDINALITY_NEXT = { required: 'optional', optional: 'prohibited', prohibited: 'required' } as const;
const OCCURS = { required: [1, null], optional: [0, null], prohibited: [0, 0] } as const;

/** An edit of kind `turn` on `doc` (or null when it does not apply) and the document it should give. */
function planEdit(turn: number, doc: Plain, k: number): { edit: IdsEdit; expected: Plain } | null {
  const expected = structuredClone(doc);
  const specs = expected.specifications;
  const spec = specs[k] as Specification & { requirements: Facet[]; applicability: Facet[] };
  switch (turn) {
    case 0:
      (spec as { name: string }).name = 'Renamed <&> "x"';
      return { edit: { op: 'setSpecificationField', spec: k, field: 'name', value: spec.name }, expected };
    case 1:
      expected.info.description = 'Described & edited';
      return { edit: { op: 'setInfo', field: 'description', value: 'Described & edited' }, expected };
    case 2: {
      const cardinality = CARDINALITY_NEXT[spec.cardinality];
      Object.assign(spec, {
        cardinality,
        minOccurs: OCCURS[cardinality][0],
        maxOccurs: OCCURS[cardinality][1],
      });
      return { edit: { op: 'setCardinality', spec: k, cardinality }, expected };
    }
    case 3: {
      const section = spec.requirements.length > 0 ? 'requirements' : 'applicability';
      const list = spec[section];
      const first = list[0];
      if (!first) return null;
      list[0] = changed(first, section === 'requirements');
      if (section === 'applicability' && first.type === 'entity') return null; // may change what applies only
      return { edit: { op: 'replaceFacet', spec: k, section, index: 0, facet: list[0] as Facet }, expected };
    }
    case 4:
      if (spec.requirements.length === 0) return null;
      spec.requirements.splice(0, 1);
      return { edit: { op: 'removeFacet', spec: k, section: 'requirements', index: 0 }, expected };
    case 5:
      specs.splice(k + 1, 0, structuredClone(spec));
      return { edit: { op: 'duplicateSpecification', spec: k }, expected };
    case 6: {
      if (specs.length < 2) return null;
      const to = k === specs.length - 1 ? 0 : specs.length - 1;
      const [moved] = specs.splice(k, 1);
      specs.splice(to, 0, moved as Specification);
      return { edit: { op: 'moveSpecification', spec: k, to }, expected };
    }
    case 7:
      specs.splice(0, 0, JSON.parse(JSON.stringify({ ...NEW_SPEC, location: undefined })));
      return { edit: { op: 'addSpecification', at: 0, specification: NEW_SPEC }, expected };
    case 8:
      spec.applicability.splice(
        spec.applicability.filter((f) => f.type !== 'material').length,
        0,
        JSON.parse(JSON.stringify({ ...ADDED_PROPERTY, location: undefined })),
      );
      return { edit: { op: 'addFacet', spec: k, section: 'applicability', facet: ADDED_PROPERTY }, expected };
    default:
      if (specs.length < 2) return null;
      specs.splice(k, 1);
      return { edit: { op: 'removeSpecification', spec: k }, expected };
  }
}

const TURNS = 10;

/** How many characters at the start and at the end of `b` equal those of `a` (not overlapping). */
function sharedEnds(a: string, b: string): { head: number; tail: number } {
  const limit = Math.min(a.length, b.length);
  let head = 0;
  while (head < limit && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < limit - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, tail };
}

describe.skipIf(files.length === 0)('the edit model over the IDS corpus', () => {
  it('gives the document the edit means, stays XSD-valid and changes no byte outside what it concerns', async () => {
    const byTurn = new Array<number>(TURNS).fill(0);
    let valid = 0;
    let refused = 0;
    for (const [i, path] of files.entries()) {
      const bytes = readFileSync(path);
      const read = (() => {
        try {
          return readEditable(bytes);
        } catch {
          return null; // not well-formed: an invalid test case
        }
      })();
      if (!read?.ok || read.ids.document.specifications.length === 0) continue;
      if ((await validateIdsSchema(bytes)).length > 0) continue;
      valid++;
      const original = comparable(parseIds(bytes));
      const k = i % original.specifications.length;
      // The turn for this file, or the next that applies to it; a file with several specifications
      // also gets a move and a removal (most test cases have one specification).
      const turns: number[] = [];
      for (let tries = 0, turn = i % TURNS; tries < TURNS; tries++, turn = (turn + 1) % TURNS)
        if (planEdit(turn, original, k)) {
          turns.push(turn);
          break;
        }
      if (original.specifications.length > 1) turns.push(6, 9);
      for (const turn of turns) {
        const plan = planEdit(turn, original, k);
        if (plan === null) continue;
        const result = applyIdsEdit(read.ids, plan.edit);
        if (!result.ok) {
          refused++;
          continue;
        }
        byTurn[turn] = (byTurn[turn] ?? 0) + 1;
        expect(await validateIdsSchema(result.text), `${path} ${plan.edit.op}`).toEqual([]);
        expect(comparable(parseIds(result.text)), `${path} ${plan.edit.op}`).toEqual(
          comparable(plan.expected),
        );
        // Bytes before and after the specifications (or the info block) the edit concerns are unchanged.
        const text = bytes.toString('utf8');
        const concerned = plan.edit.op === 'setInfo' ? 'info' : 'specifications';
        const at = text.search(new RegExp(`<([\\w.-]+:)?${concerned}[\\s>]`));
        const end = text.lastIndexOf(`${concerned}>`);
        const { head, tail } = sharedEnds(text, result.text);
        expect(head, `${path}: bytes before <${concerned}> changed`).toBeGreaterThanOrEqual(at);
        expect(tail, `${path}: bytes after </${concerned}> changed`).toBeGreaterThanOrEqual(
          text.length - end,
        );
      }
    }
    console.info(
      `IDS corpus edits: ${valid} valid files, edits by kind ${byTurn.join('/')}, refused ${refused}`,
    );
    expect(valid).toBeGreaterThan(200);
    expect(refused).toBe(0);
    expect(byTurn.every((n) => n > 5)).toBe(true);
  }, 600_000);
});
