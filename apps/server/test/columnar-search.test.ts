import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createColumnarExplorerStore } from '../src/modules/metadata/columnar/store';
import { writeExplorerFile } from '../src/modules/metadata/columnar/write';
import type { ExplorerRow, ExplorerSelection, ExplorerVersion } from '../src/modules/metadata/explorer-store';
import { storageKeys } from '../src/modules/storage';
import { createColumnarEngine } from '../src/platform/columnar-engine';
import { LocalDiskStorage } from '../src/platform/storage/local-disk';

// A search through the distinct values and their rows' positions (decision 0459) answers what a test
// of every row answers: both stores (the distinct values always made, and never) against the rows
// computed here from the model's own text, in the writer's order (step id, set, attribute, line).
const PROJECT = '00000000-0000-4000-8000-000000000034';
const ELEMENTS = 2_600;
const LIMIT = 10_000;

interface Row extends ExplorerRow {
  category: string;
}

/** The model: 2,600 elements of five properties; four of them share one value (10,400 rows). */
function model() {
  const elements: string[] = [];
  const properties: string[] = [];
  const rows: Row[] = [];
  const special: Record<number, string | null> = {
    5: '50% off',
    6: 'a_b',
    7: "O'Brien",
    8: null,
    9: 'Unique-One',
  };
  for (let i = 1; i <= ELEMENTS; i++) {
    const stepId = 10 + i;
    const globalId = `GUID${String(i).padStart(5, '0')}`;
    const name = `Elem ${i}`;
    const wall = i % 2 === 0;
    const [ifcClass, category, level] = wall ? ['IfcWall', 'Walls', 'L1'] : ['IfcDoor', 'Doors', null];
    elements.push(`v\t${stepId}\t${globalId}\t${ifcClass}\t${name}\t${level ?? '\\N'}\t${category}\n`);
    const note = i in special ? (special[i] as string | null) : `n${i % 7}`;
    const own: [string, string, string | null][] = [
      ['Dims', 'Width', 'shared-value'],
      ['Dims', 'Height', 'shared-value'],
      ['Dims', 'Depth', 'Shared-Value'],
      ['Dims', 'Area', 'shared-value'],
      ['Other', 'Note', note],
    ];
    for (const [set, attribute, value] of own) {
      properties.push(`v\t${stepId}\t${set}\t${attribute}\t${value ?? '\\N'}\t\\N\n`);
    }
    own.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    for (const [propertySet, attribute, value] of own) {
      rows.push({
        stepId,
        globalId,
        objectName: name,
        ifcClass,
        level,
        propertySet,
        attribute,
        value,
        category,
      });
    }
  }
  return { elements, properties, rows };
}

/** The rows a search selects, by the rule of ExplorerSelection.search, in the default order. */
function expected(rows: readonly Row[], selection: ExplorerSelection): Row[] {
  const term = (selection.search ?? '').toLowerCase();
  const id = /^#?(\d{1,9})$/.exec((selection.search ?? '').trim());
  return rows.filter(
    (r) =>
      (!selection.classes || selection.classes.includes(r.ifcClass)) &&
      (id?.[1] !== undefined && Number(id[1]) === r.stepId
        ? true
        : [r.value, r.attribute, r.propertySet, r.ifcClass, r.category, r.objectName, r.globalId].some(
            (text) => text?.toLowerCase().includes(term) === true,
          )),
  );
}

const shown = ({ category: _, ...row }: Row): ExplorerRow => row;
const defaultOrder = { key: undefined, direction: 'asc' } as const;

describe('columnar search through distinct values', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'plumbline-columnar-search-'));
  // One engine per store: each numbers its tables from 1.
  const engineOf = (name: string) =>
    createColumnarEngine({ memoryLimitBytes: 128 * 1024 * 1024, threads: 1, tempDir: join(scratch, name) });
  const engine = engineOf('spill');
  const other = engineOf('spill-r');
  const third = engineOf('spill-i');
  const storage = new LocalDiskStorage(join(scratch, 'files'));
  const stores = {
    'distinct values': createColumnarExplorerStore({
      engine,
      storage,
      workDir: join(scratch, 'cache-d'),
      cacheBytes: 64 * 1024 * 1024,
      distinctValuesShareMax: 1,
      rowIndex: 'never',
    }),
    // Decision 0464: counts and pages of a search alone, and pages of every row, from the row index.
    'row index': createColumnarExplorerStore({
      engine: third,
      storage,
      workDir: join(scratch, 'cache-i'),
      cacheBytes: 64 * 1024 * 1024,
      distinctValuesShareMax: 1,
      rowIndex: 'load',
    }),
    'every row': createColumnarExplorerStore({
      engine: other,
      storage,
      workDir: join(scratch, 'cache-r'),
      cacheBytes: 64 * 1024 * 1024,
      distinctValuesShareMax: 0,
    }),
  };
  const { elements, properties, rows } = model();
  let version: ExplorerVersion;

  beforeAll(async () => {
    const work = mkdtempSync(join(scratch, 'write-'));
    const enc = new TextEncoder();
    const written = await writeExplorerFile(
      engine,
      {
        elements: {
          columns: ['file_version_id', 'step_id', 'global_id', 'ifc_class', 'name', 'level', 'category'],
          batches: [enc.encode(elements.join(''))],
        },
        properties: {
          columns: ['file_version_id', 'element_step_id', 'property_set', 'name', 'value', 'data_type'],
          batches: [enc.encode(properties.join(''))],
        },
      },
      work,
    );
    const versionId = crypto.randomUUID();
    await storage.putStream(storageKeys.explorerRows(PROJECT, versionId), createReadStream(written.path));
    rmSync(work, { recursive: true, force: true });
    version = { id: versionId, processedAt: new Date(0), projectId: PROJECT };
  });
  afterAll(() => {
    engine.close();
    other.close();
    third.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const cases: [string, ExplorerSelection, number | null][] = [
    ['a term that matches nothing', { search: 'zzz-nothing' }, 0],
    ['a term of one value, in another case', { search: 'UNIQUE-one' }, 1],
    ['a term of more than COUNT_LIMIT rows', { search: 'shared-VALUE' }, ELEMENTS * 4],
    ['a percent sign, literally', { search: '%' }, 1],
    ['an underscore, literally', { search: '_' }, 1],
    ['a quote', { search: "o'b" }, 1],
    ['element names', { search: 'elem 12' }, 5 * 111],
    ['a GlobalId', { search: 'guid00042' }, 5],
    ['a step id', { search: '#15' }, 5],
    ['an attribute', { search: 'IDTH' }, ELEMENTS],
    ['a set', { search: 'ims' }, ELEMENTS * 4],
    ['a class and a category among values', { search: 'door' }, (ELEMENTS / 2) * 5],
    ['values within a class', { search: 'n3', classes: ['IfcWall'] }, null],
    // Decision 0464's trigram index (terms of three characters or more) and its scan (shorter ones).
    ['GlobalIds only, three characters', { search: 'D00' }, 5 * 999],
    ['names only', { search: 'lem 2' }, null],
    ['names and GlobalIds, different elements', { search: '100' }, null],
    ['two characters: names, GlobalIds, values and a step id', { search: '15' }, null],
    ['every row', {}, ELEMENTS * 5],
  ];

  it('the row index is made at load when asked, and not when not', async () => {
    expect(await stores['row index'].indexed(version)).toBe(true);
    expect(await stores['distinct values'].indexed(version)).toBe(false);
    expect(await stores['every row'].indexed(version)).toBe(false);
  });

  for (const [name, store] of Object.entries(stores)) {
    for (const [label, selection, size] of cases) {
      it(`${name}: ${label}`, async () => {
        const all = expected(rows, selection);
        if (size !== null) expect(all.length).toBe(size);
        expect(await store.count(version, selection)).toEqual(
          // A search is counted up to LIMIT, every row exactly.
          all.length > LIMIT && selection.search
            ? { value: LIMIT, exact: false }
            : { value: all.length, exact: true },
        );
        for (const offset of [0, 40, Math.max(0, all.length - 30)]) {
          expect(await store.page(version, selection, defaultOrder, 50, offset)).toEqual(
            all.slice(offset, offset + 50).map(shown),
          );
        }
        const byValue = [...all].sort((a, b) =>
          a.value === b.value ? 0 : a.value === null ? 1 : b.value === null ? -1 : a.value < b.value ? -1 : 1,
        );
        expect(await store.page(version, selection, { key: 'value', direction: 'asc' }, 25, 3)).toEqual(
          byValue.slice(3, 28).map(shown),
        );
        const classes = new Map<string, number>();
        for (const r of all) classes.set(r.ifcClass, (classes.get(r.ifcClass) ?? 0) + 1);
        expect(await store.facetCounts(version, selection, 'ifc_class')).toEqual(
          [...classes]
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
            .map(([key, count]) => ({ facet: 'ifc_class', key, count })),
        );
        const exported: ExplorerRow[] = [];
        for await (const chunk of store.rows(version, selection, 4_000)) exported.push(...chunk);
        expect(exported).toEqual(all.map(shown));
      });
    }

    it(`${name}: every row sorted by value, descending, a deep page`, async () => {
      const byValue = [...rows].sort((a, b) =>
        a.value === b.value ? 0 : a.value === null ? 1 : b.value === null ? -1 : a.value < b.value ? -1 : 1,
      );
      const descending = byValue.reverse();
      for (const offset of [0, 7_001, rows.length - 10]) {
        expect(await store.page(version, {}, { key: 'value', direction: 'desc' }, 25, offset)).toEqual(
          descending.slice(offset, offset + 25).map(shown),
        );
      }
    });

    it(`${name}: refuses a term holding NUL, as before`, async () => {
      const selection = { search: 'shared\0value' };
      expect(await store.count(version, selection)).toEqual({ value: 0, exact: true });
      expect(await store.page(version, selection, defaultOrder, 50, 0)).toEqual([]);
      expect(await store.facetCounts(version, selection, 'ifc_class')).toEqual([]);
    });
  }
});
