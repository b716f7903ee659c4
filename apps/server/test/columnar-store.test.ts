import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateIfc } from '@plumbline/ifc-gen';
import { afterAll, describe, expect, it } from 'vitest';
import { createColumnarExplorerStore } from '../src/modules/metadata/columnar/store';
import { writeExplorerFile } from '../src/modules/metadata/columnar/write';
import { analyse } from '../src/modules/processing/analyse';
import { storageKeys } from '../src/modules/storage';
import { createColumnarEngine } from '../src/platform/columnar-engine';
import { LocalDiskStorage } from '../src/platform/storage/local-disk';
import { oracleOf, runExplorerMatrix, selects } from './support/explorer-store-matrix';
import { sharedFile } from './support/samples';

// The columnar store answers the store-equivalence matrix (test/support/explorer-store-matrix.ts)
// from files written the way processing writes them: the analysis' COPY text made Parquet.
const SAMPLES = [
  'AC20-FZK-Haus.ifc',
  'Duplex_A_20110907.ifc',
  'wall_door_columnt_rgb4x3.ifc',
  'SimpleWall.ifc',
];
const PROJECT = '00000000-0000-4000-8000-000000000001';

/** `engine` with every SQL text it is asked kept in `asked`, in order. */
function countingQueries(engine: ReturnType<typeof createColumnarEngine>) {
  const asked: string[] = [];
  const counting = {
    ...engine,
    query: <T>(sql: string) => {
      asked.push(sql);
      return engine.query<T>(sql);
    },
  };
  return { asked, counting };
}

describe('columnar explorer store', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'plumbline-columnar-'));
  const engine = createColumnarEngine({
    memoryLimitBytes: 256 * 1024 * 1024,
    threads: 1,
    tempDir: join(scratch, 'spill'),
  });
  const storage = new LocalDiskStorage(join(scratch, 'files'));
  const store = createColumnarExplorerStore({
    engine,
    storage,
    workDir: join(scratch, 'cache'),
    cacheBytes: 64 * 1024 * 1024,
    // Searches through the distinct values on every model, however many (decision 0459): the matrix
    // then proves that path; test/explorer-store.test.ts runs the default share.
    distinctValuesShareMax: 1,
  });
  afterAll(() => {
    engine.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** Processing's analysis of the model, its rows written as the version's file into storage. */
  async function stored(name: string, bytes: Uint8Array) {
    const versionId = crypto.randomUUID();
    const output = await analyse(
      {
        versionId,
        bytes: new Uint8Array(bytes),
        fileName: name,
        ids: [],
        mode: 'full',
        history: { own: null },
      },
      async () => ({ previous: null }),
    );
    if (output.kind !== 'done' || !output.extracted) throw new Error(`${name} was not analysed`);
    const work = mkdtempSync(join(scratch, 'write-'));
    const written = await writeExplorerFile(
      engine,
      { elements: output.extracted.elements.copy, properties: output.extracted.properties.copy },
      work,
    );
    await storage.putStream(storageKeys.explorerRows(PROJECT, versionId), createReadStream(written.path));
    rmSync(work, { recursive: true, force: true });
    return { id: versionId, processedAt: new Date(0), projectId: PROJECT };
  }

  for (const sample of SAMPLES) {
    const bytes = sharedFile(`ifc-samples/${sample}`);
    it.skipIf(bytes === null)(`answers the matrix on ${sample}`, async () => {
      const version = await stored(sample, new Uint8Array(bytes as Buffer));
      const outcome = await runExplorerMatrix(store, version, oracleOf(new Uint8Array(bytes as Buffer)));
      expect(outcome.mismatches).toEqual([]);
      expect(outcome.cases).toBeGreaterThan(50);
    });
  }

  it('answers the matrix on a generated model', async () => {
    const out = join(scratch, 'generated.ifc');
    await generateIfc({ targetBytes: 1_000_000, seed: 34, out });
    const bytes = new Uint8Array(readFileSync(out));
    const version = await stored('Generated.ifc', bytes);
    const outcome = await runExplorerMatrix(store, version, oracleOf(bytes));
    expect(outcome.mismatches).toEqual([]);
  });

  it('keeps a value with backslashes, tabs and line breaks as it was', async () => {
    // COPY text escapes them; the writer decodes them (write.ts `decoded`).
    const work = mkdtempSync(join(scratch, 'escapes-'));
    const enc = new TextEncoder();
    const versionId = crypto.randomUUID();
    const written = await writeExplorerFile(
      engine,
      {
        elements: {
          columns: ['file_version_id', 'step_id', 'global_id', 'ifc_class', 'name', 'level', 'category'],
          batches: [enc.encode('v\t7\tG\tIfcWall\tW\\\\n\t\\N\tWalls\n')],
        },
        properties: {
          columns: ['file_version_id', 'element_step_id', 'property_set', 'name', 'value', 'data_type'],
          batches: [enc.encode('v\t7\tP\ta\\tb\tx\\\\\\\\y\\n\\rz\\\\t\t\\N\n')],
        },
      },
      work,
    );
    await storage.putStream(storageKeys.explorerRows(PROJECT, versionId), createReadStream(written.path));
    const version = { id: versionId, processedAt: null, projectId: PROJECT };
    const [row] = await store.page(version, {}, { key: undefined, direction: 'asc' }, 10, 0);
    expect(row).toEqual({
      stepId: 7,
      globalId: 'G',
      objectName: 'W\\n',
      ifcClass: 'IfcWall',
      level: null,
      propertySet: 'P',
      attribute: 'a\tb',
      value: 'x\\\\y\n\rz\\t',
    });
  });

  it('asks the engine once for a page fifty readers want at once, and again only for a new question', async () => {
    const bytes = sharedFile('ifc-samples/Duplex_A_20110907.ifc');
    if (!bytes) throw new Error('the shared samples are missing');
    const { asked, counting } = countingQueries(engine);
    // Without the row index (decision 0464), every question is the engine's: what is counted here
    // is how many readers of one question share one query.
    const kept = createColumnarExplorerStore({
      engine: counting,
      storage,
      workDir: join(scratch, 'kept'),
      cacheBytes: 64 * 1024 * 1024,
      rowIndex: 'never',
    });
    const version = await stored('Kept.ifc', new Uint8Array(bytes));
    const byValue = { key: 'value' as const, direction: 'desc' as const };
    const selection = { search: 'wall' };
    const oracle = oracleOf(new Uint8Array(bytes));
    await kept.facets(version);
    const before = asked.length;
    const pages = await Promise.all(
      Array.from({ length: 50 }, () => kept.page(version, selection, byValue, 20, 20)),
    );
    const counts = await Promise.all(Array.from({ length: 50 }, () => kept.count(version, selection)));
    // One query for the page and one for the count, however many readers asked.
    expect(asked.length - before).toBe(2);
    for (const page of pages) expect(page).toEqual(pages[0]);
    expect(pages[0]).toHaveLength(20);
    for (const count of counts) expect(count).toEqual(counts[0]);
    // A new page is a new question; every row, in the stable order, is counted without one.
    await kept.page(version, selection, byValue, 20, 40);
    expect(asked.length - before).toBe(3);
    expect(await kept.count(version, {})).toEqual({ value: oracle.rows.length, exact: true });
    expect(asked.length - before).toBe(3);
    // The default order pages by position: the rows the oracle puts at 40…59.
    const page = await kept.page(version, {}, { key: undefined, direction: 'asc' }, 20, 40);
    expect(page.map((r) => `${r.stepId}:${r.propertySet}:${r.attribute}`)).toEqual(
      oracle.rows.slice(40, 60).map((r) => `${r.stepId}:${r.propertySet}:${r.attribute}`),
    );
  });

  it('with the row index, counts a search and pages it in the stable order without asking the engine', async () => {
    const bytes = sharedFile('ifc-samples/Duplex_A_20110907.ifc');
    if (!bytes) throw new Error('the shared samples are missing');
    const { asked, counting } = countingQueries(engine);
    const indexed = createColumnarExplorerStore({
      engine: counting,
      storage,
      workDir: join(scratch, 'indexed'),
      cacheBytes: 64 * 1024 * 1024,
    });
    const version = await stored('Indexed.ifc', new Uint8Array(bytes));
    const oracle = oracleOf(new Uint8Array(bytes));
    await indexed.facets(version);
    const before = asked.length;
    const count = await indexed.count(version, { search: 'wall' });
    const page = await indexed.page(version, { search: 'wall' }, { key: undefined, direction: 'asc' }, 20, 0);
    expect(asked.length - before).toBe(0);
    // The oracle's rows the search selects, in the stable order.
    const matching = oracle.rows.filter((r) => selects({ search: 'wall' }, r));
    expect(matching.length).toBeGreaterThan(20);
    expect(count).toEqual({ value: matching.length, exact: true });
    expect(page.map((r) => `${r.stepId}:${r.propertySet}:${r.attribute}`)).toEqual(
      matching.slice(0, 20).map((r) => `${r.stepId}:${r.propertySet}:${r.attribute}`),
    );
  });

  it('keeps a version an export is reading until the export ends, though the cache pushed it out', async () => {
    const bytes = sharedFile('ifc-samples/SimpleWall.ifc');
    const other = sharedFile('ifc-samples/wall_door_columnt_rgb4x3.ifc');
    if (!bytes || !other) return;
    // Room for a few rows only: loading the second version pushes the first out.
    const small = createColumnarExplorerStore({
      engine,
      storage,
      workDir: join(scratch, 'small'),
      cacheBytes: 1,
    });
    const first = await stored('First.ifc', new Uint8Array(bytes));
    const second = await stored('Second.ifc', new Uint8Array(other));
    const expected = oracleOf(new Uint8Array(bytes)).rows.length;
    const chunks = small.rows(first, {}, 2)[Symbol.asyncIterator]();
    let read = ((await chunks.next()).value as unknown[]).length;
    await small.page(second, {}, { key: undefined, direction: 'asc' }, 10, 0);
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) read += next.value.length;
    expect(read).toBe(expected);
    // Once released, the first version is loaded again when asked.
    expect((await runExplorerMatrix(small, first, oracleOf(new Uint8Array(bytes)))).mismatches).toEqual([]);
  });

  it('says a version without a file has none', async () => {
    expect(await store.has({ id: crypto.randomUUID(), processedAt: null, projectId: PROJECT })).toBe(false);
  });
});
