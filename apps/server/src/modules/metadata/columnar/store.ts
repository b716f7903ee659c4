// Over 500 lines: the store and the SQL text of its selections, orders and searches in one place; the text helpers below the store are the part to move into a file of their own.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { METADATA_NUMBER_MAX_LENGTH, METADATA_NUMBER_PATTERN } from '@plumbline/contracts';
import { LRUCache } from 'lru-cache';
import type { ColumnarEngine } from '../../../platform/columnar-engine';
import { sqlText } from '../../../platform/columnar-sql';
import type { FileStorage } from '../../../platform/storage/storage';
import { storageKeys } from '../../storage';
import {
  COUNT_LIMIT,
  type ExplorerCount,
  type ExplorerOrder,
  type ExplorerRow,
  type ExplorerSelection,
  type ExplorerStore,
  type ExplorerVersion,
  type FacetCountRow,
  type NumericProperty,
  type StoredProperty,
  type ValueRange,
  versionKey,
} from '../explorer-store';
import { stepIdOf } from '../search-term';
import { buildRowIndex, positions, type RowIndex } from './row-index';

/**
 * Bytes a loaded row takes in the engine's memory, for the cache's bound. Measured on the 200 MB
 * model (1,400,056 rows, DuckDB's `duckdb_memory()`, decision 0459): the rows with the value's
 * lower-case copy 225, the element table 12 (with its row ranges), each row's position among the
 * distinct values 4 — 242 in all (200 was counted before, the element table and positions left out).
 */
const BYTES_PER_ROW = 242;

/**
 * Memory for answers (pages and counts) kept for repeated reads, as a share of the versions' cache.
 * A version's file never changes and every load has its own table name, so a kept answer is never stale.
 */
const ANSWER_CACHE_SHARE = 1 / 16;

/** Bytes an answered row is counted as in the answer cache (eight short strings and a number). */
const BYTES_PER_ANSWER_ROW = 400;

/**
 * A search tests the distinct lower-case values (`<table>_d`) instead of every row while they are at
 * most this share of the rows (the 200 MB model: 5,125 values for 1.4 million rows); beyond it the
 * table is not made and a search tests every row's value, as before decision 0459.
 */
const DISTINCT_VALUES_SHARE_MAX = 1 / 4;

/**
 * Bytes a distinct value's entry takes beyond its rows' positions (measured, decision 0459: the
 * entry, its list's header and the value's text); each row's position in it is counted in BYTES_PER_ROW.
 */
const BYTES_PER_DISTINCT_VALUE = 140;

/**
 * Memory for the rows new search terms matched (decision 0464), as a share of the versions' cache: a
 * term's count and its page (and the next pages) read one match.
 */
const MATCH_CACHE_SHARE = 1 / 32;

/** A version whose file is not there yet (processed before the columnar store) is asked again after this. */
const ABSENT_RECHECK_MS = 30_000;

export interface ColumnarStoreDeps {
  engine: ColumnarEngine;
  storage: FileStorage;
  /** Scratch space for files fetched from storage before they are loaded. */
  workDir: string;
  /** Memory for loaded versions; the least recently used is dropped first. */
  cacheBytes: number;
  now?: () => number;
  /**
   * The file a version shares with the version its rows were copied from (decision 0433); null or
   * absent: the version's own (storageKeys.explorerRows).
   */
  sharedFileOf?: (versionId: string) => Promise<string | null>;
  /** DISTINCT_VALUES_SHARE_MAX unless given (tests: 1 always makes `<table>_d`, 0 never). */
  distinctValuesShareMax?: number;
  /**
   * When a loaded table's row index (decision 0464) is made: as part of the 'load' (the default: the
   * first request waits for it, and every later one reads it), 'after' it while the engine answers
   * (the first request does not wait, but the next ones read the engine and the making's steps hold
   * the event loop for a while), 'never'.
   */
  rowIndex?: 'after' | 'load' | 'never';
}

interface Loaded {
  table: string;
  rows: number;
  /** Distinct values in `<table>_d` (a search reads them); null: not made (too many, see above). */
  values: number | null;
  /** The rows in the server's memory (decision 0464), with `<table>_d`; null until made or without it. */
  index: RowIndex | null;
}

/** An ExplorerStore that can say a version has no file: the SQL store then answers (routing-store.ts). */
export interface ColumnarExplorerStore extends ExplorerStore {
  has(version: ExplorerVersion): Promise<boolean>;
  /** Whether the version's row index is made (decision 0464): its answers then come from it. */
  indexed(version: ExplorerVersion): Promise<boolean>;
}

/**
 * The explorer's rows from one Parquet file per version (decision 0274), loaded into the columnar
 * engine's memory on first use and kept while the cache has room. Answers every ExplorerStore call;
 * a search is counted up to COUNT_LIMIT (beyond: "more than").
 */
export function createColumnarExplorerStore(deps: ColumnarStoreDeps): ColumnarExplorerStore {
  const { engine } = deps;
  const distinctShareMax = deps.distinctValuesShareMax ?? DISTINCT_VALUES_SHARE_MAX;
  const now = deps.now ?? Date.now;
  const rowIndexWhen = deps.rowIndex ?? 'load';
  let sequence = 0;
  const inflight = new Map<string, number>();
  const doomed = new Set<string>();
  const drop = (table: string) => {
    valueOrders.delete(table);
    valuePositions.delete(table);
    engine
      .run(
        `drop table if exists ${table}; drop table if exists ${table}_e; drop table if exists ${table}_v; drop table if exists ${table}_d`,
      )
      .catch(() => {});
  };
  const release = (table: string) => {
    const left = (inflight.get(table) ?? 1) - 1;
    if (left > 0) inflight.set(table, left);
    else {
      inflight.delete(table);
      if (doomed.delete(table)) drop(table);
    }
  };
  const absent = new Map<string, number>();
  const loaded = new LRUCache<string, Promise<Loaded | null>>({
    maxSize: Math.max(1, Math.floor(deps.cacheBytes / BYTES_PER_ROW)),
    // A loading version counts as one row until it is in; its size is then set again (below).
    sizeCalculation: () => 1,
    // A version pushed out is dropped once no query or export is reading it.
    dispose: (value) => {
      void value
        .then((v) => {
          if (!v) return;
          if (inflight.has(v.table)) doomed.add(v.table);
          else drop(v.table);
        })
        .catch(() => {});
    },
  });
  const facetCache = new LRUCache<string, Promise<FacetCountRow[]>>({ max: 64 });
  // Each loaded table's rows in the value sort's order (`${table}_v`: position → row_no), made on the
  // first unfiltered value sort: a page of it, however deep, is then a range instead of a sort.
  const valueOrders = new Map<string, Promise<void>>();
  function valueOrder(table: string): Promise<void> {
    let made = valueOrders.get(table);
    if (!made) {
      made = engine.run(
        `create table ${table}_v as select cast(row_number() over (order by ${orderOf({ key: 'value', direction: 'asc' })}) - 1 as integer) as pos, row_no from ${table} order by pos`,
      );
      valueOrders.set(table, made);
      made.catch(() => valueOrders.delete(table));
    }
    return made;
  }
  // Pages and counts by their query on a loaded table: the same page asked by many readers at once
  // is computed once (the promise is kept), and again only after it is pushed out.
  const answers = new LRUCache<string, Promise<unknown[]>>({
    maxSize: Math.max(1, Math.floor(deps.cacheBytes * ANSWER_CACHE_SHARE)),
    sizeCalculation: () => BYTES_PER_ANSWER_ROW,
  });
  function answer<T>(sql: string): Promise<T[]> {
    const hit = answers.get(sql);
    if (hit) return hit as Promise<T[]>;
    const reading = engine.query<T>(sql);
    answers.set(sql, reading);
    reading.then(
      (rows) => {
        if (answers.get(sql) === reading) {
          answers.set(sql, reading, { size: BYTES_PER_ANSWER_ROW * Math.max(1, rows.length) });
        }
      },
      () => answers.delete(sql),
    );
    return reading;
  }
  // Each loaded table's value sort positions in the server's memory (pos → row_no), from `${table}_v`.
  const valuePositions = new Map<string, Promise<Int32Array>>();
  function valuePositionsOf(table: string): Promise<Int32Array> {
    let read = valuePositions.get(table);
    if (!read) {
      read = valueOrder(table)
        .then(() =>
          engine.query<{ r: number[] | null }>(`select list(row_no order by pos) as r from ${table}_v`),
        )
        .then(([row]) => Int32Array.from(row?.r ?? []));
      valuePositions.set(table, read);
      read.catch(() => valuePositions.delete(table));
    }
    return read;
  }
  // The rows a search term matched on a loaded table (decision 0464): its count and its pages read one match.
  const matches = new LRUCache<string, Int32Array>({
    maxSize: Math.max(1, Math.floor(deps.cacheBytes * MATCH_CACHE_SHARE)),
    sizeCalculation: (rows) => 64 + rows.byteLength,
  });
  function matchOf(table: string, index: RowIndex, term: string, keys: readonly FacetCountRow[]): Int32Array {
    const key = `${table}\0${term}`;
    const hit = matches.get(key);
    if (hit) return hit;
    const rows = index.match(term, stepIdOf(term), keys);
    matches.set(key, rows);
    return rows;
  }
  const numericCache = new LRUCache<string, Promise<NumericProperty[]>>({ max: 64 });

  async function fetchAndLoad(version: ExplorerVersion & { projectId: string }): Promise<Loaded | null> {
    const key =
      (await deps.sharedFileOf?.(version.id)) ?? storageKeys.explorerRows(version.projectId, version.id);
    if (!(await deps.storage.exists(key))) return null;
    const table = `rows_${version.id.replaceAll('-', '')}_${++sequence}`;
    const dir = join(deps.workDir, table);
    await mkdir(dir, { recursive: true });
    try {
      const path = join(dir, 'rows.parquet');
      await pipeline(await deps.storage.getStream(key), createWriteStream(path));
      await engine.run(
        // The value's lower-case copy once at load: a search then compares instead of lowering
        // 1.4 million values per request.
        `create table ${table} as select *, lower(value) as value_lower
         from read_parquet(${sqlText(path)}) order by row_no`,
      );
      // The elements alone (a sixth of the rows): a search tests their names and GlobalIds once each,
      // and takes a matching element's rows as their range (an element's rows are consecutive:
      // write.ts numbers the rows in step id order).
      await engine.run(
        `create table ${table}_e as select step_id, lower(object_name) as name_lower,
           lower(global_id) as global_id_lower, cast(min(row_no) as integer) as first_row,
           cast(max(row_no) + 1 as integer) as end_row
         from ${table} group by all order by step_id`,
      );
      // Each distinct lower-case value with the positions of its rows: a new search term tests these
      // few thousand values instead of every row's (decision 0459).
      await engine.run(
        `create table ${table}_d as select value_lower, list(row_no) as row_nos
         from ${table} where value_lower is not null group by value_lower`,
      );
      const [count] = await engine.query<{ rows: number; values: number }>(
        `select cast((select count(*) from ${table}) as integer) as rows,
           cast((select count(*) from ${table}_d) as integer) as values`,
      );
      const rows = count?.rows ?? 0;
      const values = count?.values ?? 0;
      if (values > rows * distinctShareMax) {
        await engine.run(`drop table ${table}_d`);
        return { table, rows, values: null, index: null };
      }
      const made: Loaded = { table, rows, values, index: null };
      if (rowIndexWhen === 'load') made.index = await buildRowIndex(engine, table, rows);
      return made;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  function load(version: ExplorerVersion): Promise<Loaded | null> {
    const key = versionKey(version);
    const hit = loaded.get(key);
    if (hit) return hit;
    const missingSince = absent.get(key);
    if (missingSince !== undefined && now() - missingSince < ABSENT_RECHECK_MS) return Promise.resolve(null);
    const projectId = version.projectId;
    if (!projectId) return Promise.resolve(null);
    const loading = fetchAndLoad({ ...version, projectId });
    loaded.set(key, loading);
    loading.then(
      (value) => {
        if (value === null) {
          loaded.delete(key);
          absent.set(key, now());
        } else if (loaded.get(key) === loading) {
          loaded.set(key, loading, { size: Math.max(1, loadedSize(value)) });
          if (rowIndexWhen === 'after' && value.values !== null) indexLater(key, loading, value);
        }
      },
      () => loaded.delete(key),
    );
    return loading;
  }

  /** Makes a loaded table's row index while the engine answers; its size counts once it is made. */
  function indexLater(key: string, loading: Promise<Loaded | null>, value: Loaded) {
    inflight.set(value.table, (inflight.get(value.table) ?? 0) + 1);
    buildRowIndex(engine, value.table, value.rows)
      .then((index) => {
        if (!index || loaded.peek(key) !== loading) return;
        value.index = index;
        loaded.set(key, loading, { size: Math.max(1, loadedSize(value)) });
      })
      .catch(() => {})
      .finally(() => release(value.table));
  }

  /** The version's table, held (not dropped) until the returned release is called. */
  async function hold(
    version: ExplorerVersion,
  ): Promise<{ table: string; rows: number; byValue: boolean; index: RowIndex | null; release: () => void }> {
    const value = await load(version);
    if (!value) throw new Error(`No explorer file for version ${version.id}`);
    const { table } = value;
    inflight.set(table, (inflight.get(table) ?? 0) + 1);
    let released = false;
    return {
      table,
      rows: value.rows,
      byValue: value.values !== null,
      index: value.index,
      release: () => {
        if (!released) release(table);
        released = true;
      },
    };
  }

  async function using<T>(
    version: ExplorerVersion,
    read: (table: string, rows: number, byValue: boolean, index: RowIndex | null) => Promise<T>,
  ): Promise<T> {
    const held = await hold(version);
    try {
      return await read(held.table, held.rows, held.byValue, held.index);
    } finally {
      held.release();
    }
  }

  function facets(version: ExplorerVersion): Promise<FacetCountRow[]> {
    const key = versionKey(version);
    const hit = facetCache.get(key);
    if (hit) return hit;
    const loading = using(version, (t) => {
      const part = (facet: string, column: string) =>
        `select '${facet}' as facet, ${column} as key, cast(count(*) as integer) as count from ${t} group by all`;
      return engine.query<FacetCountRow>(
        `${[
          part('attribute', 'attribute'),
          part('category', 'category'),
          part('ifc_class', 'ifc_class'),
          part('level', "coalesce(level, '')"),
          part('property_set', 'property_set'),
        ].join(' union all ')} order by facet, count desc, key`,
      );
    });
    facetCache.set(key, loading);
    loading.catch(() => facetCache.delete(key));
    return loading;
  }

  /** The selection's WHERE clause on `table` (null: selects nothing). */
  async function whereIn(
    version: ExplorerVersion,
    selection: ExplorerSelection,
    table: string,
    byValue: boolean,
  ) {
    const keys = selection.search ? await facets(version) : [];
    return whereOf(selection, table, keys, byValue);
  }

  return {
    async has(version) {
      return (await load(version)) !== null;
    },

    async indexed(version) {
      return ((await load(version))?.index ?? null) !== null;
    },

    facets,

    facetCounts: (version, selection, facet) =>
      using(version, async (table, _rows, byValue) => {
        const where = await whereIn(version, selection, table, byValue);
        if (where === null) return [];
        const column = facet === 'level' ? "coalesce(level, '')" : facet;
        return answer<FacetCountRow>(
          `select '${facet}' as facet, ${column} as key, cast(count(*) as integer) as count
           from ${table} where ${where} group by all order by count desc, key`,
        );
      }),

    numericProperties(version, limit) {
      const key = `${versionKey(version)}|${limit}`;
      const hit = numericCache.get(key);
      if (hit) return hit;
      const loading = using(version, (table) =>
        engine.query<NumericProperty>(
          `select property_set as "propertySet", attribute, cast(count(*) as integer) as count,
             min(${numericValue}) as min, max(${numericValue}) as max
           from ${table} where ${numericValue} is not null
           group by all order by count desc, "propertySet", attribute limit ${Math.trunc(limit)}`,
        ),
      );
      numericCache.set(key, loading);
      loading.catch(() => numericCache.delete(key));
      return loading;
    },

    count: (version, selection) =>
      using(version, async (table, loadedRows, byValue, index): Promise<ExplorerCount> => {
        const where = await whereIn(version, selection, table, byValue);
        if (where === null) return { value: 0, exact: true };
        if (where === 'true') return { value: loadedRows, exact: true };
        if (index && selection.search && searchAlone(selection)) {
          // A search alone: its rows from the index, matched once for the count and the pages.
          const n = matchOf(table, index, selection.search, await facets(version)).length;
          return n > COUNT_LIMIT ? { value: COUNT_LIMIT, exact: false } : { value: n, exact: true };
        }
        if (!selection.search) {
          const [row] = await answer<{ n: number }>(
            `select cast(count(*) as integer) as n from ${table} where ${where}`,
          );
          return { value: row?.n ?? 0, exact: true };
        }
        // A search scans every value: stop at the first COUNT_LIMIT + 1 matches. A search alone through
        // the distinct values counts the row numbers it names, without reading the rows.
        const keys = await facets(version);
        // Alone: the selection's clause is the search's own (whatever else a selection may hold).
        const alone = byValue && where === whereOf({ search: selection.search }, table, keys, true);
        const [row] = await answer<{ n: number }>(
          alone
            ? `select cast(count(*) as integer) as n from (select distinct row_no from (${searchRows(
                selection.search,
                table,
                keys,
              )}) limit ${COUNT_LIMIT + 1})`
            : `select cast(count(*) as integer) as n from (select 1 from ${table} where ${where} limit ${COUNT_LIMIT + 1})`,
        );
        const n = row?.n ?? 0;
        return n > COUNT_LIMIT ? { value: COUNT_LIMIT, exact: false } : { value: n, exact: true };
      }),

    page: (version, selection, order, limit, offset) =>
      using(version, async (table, loadedRows, byValue, index) => {
        const where = await whereIn(version, selection, table, byValue);
        if (where === null) return [];
        const rows = Math.trunc(limit);
        const skip = Math.trunc(offset);
        if (index && where === 'true' && !order.key) {
          return index.rowsAt(positions(skip, Math.min(loadedRows, skip + rows)));
        }
        if (index && where === 'true' && order.key === 'value') {
          const byValueSort = await valuePositionsOf(table);
          const from = Math.max(0, order.direction === 'desc' ? loadedRows - skip - rows : skip);
          const to = Math.min(loadedRows, order.direction === 'desc' ? loadedRows - skip : skip + rows);
          const page = byValueSort.slice(from, Math.max(from, to));
          return index.rowsAt(order.direction === 'desc' ? page.reverse() : page);
        }
        if (index && selection.search && searchAlone(selection) && !order.key) {
          return index.rowsAt(
            matchOf(table, index, selection.search, await facets(version)).subarray(skip, skip + rows),
          );
        }
        // Every row in the stable order: row_no is the position, so the page is a range of it (bounded
        // on both sides, so the engine reads one row group instead of ordering every later row).
        const everything = where === 'true' && !order.key;
        if (where === 'true' && order.key === 'value') {
          // The value sort descending is its ascending order reversed (nulls, then values, ties by
          // row_no: orderOf), so both read a range of the positions.
          await valueOrder(table);
          const [from, to, direction] =
            order.direction === 'desc'
              ? [loadedRows - skip - rows, loadedRows - skip, 'desc']
              : [skip, skip + rows, 'asc'];
          return answer<ExplorerRow>(
            `select ${rowColumns} from ${table} join (select pos, row_no from ${table}_v
               where pos >= ${from} and pos < ${to}) v using (row_no) order by v.pos ${direction}`,
          );
        }
        if (byValue && selection.search) {
          // The page's row numbers first, then their rows: the row numbers a search names may lie
          // anywhere, so reading every column of the rows beside them would read the whole table.
          return answer<ExplorerRow>(
            `select ${rowColumns} from ${table} where row_no in (select row_no from ${table} where ${where}
               order by ${orderOf(order)} limit ${rows} offset ${skip}) order by ${orderOf(order)}`,
          );
        }
        return answer<ExplorerRow>(
          everything
            ? `select ${rowColumns} from ${table} where row_no >= ${skip} and row_no < ${skip + rows} order by row_no`
            : `select ${rowColumns} from ${table} where ${where} order by ${orderOf(order)} limit ${rows} offset ${skip}`,
        );
      }),

    async *rows(version, selection, chunkRows) {
      // Held for the whole export: the version stays loaded until its last chunk is read.
      const { table, byValue, release } = await hold(version);
      try {
        const where = await whereIn(version, selection, table, byValue);
        if (where === null) return;
        let after = -1;
        for (;;) {
          const batch = await engine.query<ExplorerRow & { rowNo: number }>(
            `select ${rowColumns}, row_no as "rowNo" from ${table} where row_no > ${after} and ${where}
             order by row_no limit ${Math.trunc(chunkRows)}`,
          );
          if (batch.length > 0) yield batch.map(({ rowNo: _, ...row }) => row);
          const last = batch[batch.length - 1];
          if (!last || batch.length < chunkRows) return;
          after = last.rowNo;
        }
      } finally {
        release();
      }
    },

    elementProperties: (version, stepId) =>
      using(version, (table) =>
        engine.query<StoredProperty>(
          `select property_set as "propertySet", attribute as name, value, data_type as "dataType"
           from ${table} where step_id = ${Math.trunc(stepId)} order by property_set, attribute, row_no`,
        ),
      ),

    propertyNames: (version) =>
      using(version, (table) =>
        engine.query<{ propertySet: string; name: string }>(
          `select distinct property_set as "propertySet", attribute as name from ${table}`,
        ),
      ),

    elementsWithProperty: (version, query) =>
      using(version, async (table) => {
        if (query.name.includes('\0') || query.propertySet?.includes('\0')) return [];
        const set = query.propertySet === null ? '' : ` and property_set = ${sqlText(query.propertySet)}`;
        const test =
          query.test === 'true'
            ? "lower(value) in ('true', '.t.', '1')"
            : "value is not null and value <> ''";
        const rows = await engine.query<{ stepId: number }>(
          `select distinct step_id as "stepId" from ${table}
           where attribute = ${sqlText(query.name)}${set} and ${test} order by 1`,
        );
        return rows.map((r) => r.stepId);
      }),

    propertyValues: (version, property, limit) =>
      using(version, async (table) => {
        if (property.name.includes('\0') || property.propertySet.includes('\0')) return [];
        return engine.query<{ value: string; count: number }>(
          `select value, cast(count(*) as integer) as count from ${table}
           where property_set = ${sqlText(property.propertySet)} and attribute = ${sqlText(property.name)}
             and value is not null and trim(value, ' ') <> ''
           group by value order by count(*) desc, value limit ${Math.trunc(limit)}`,
        );
      }),
  };
}

/** Whether a selection is a search and nothing else (its rows are then the index's match). */
function searchAlone(selection: ExplorerSelection): boolean {
  return (
    selection.classes === undefined &&
    selection.levels === undefined &&
    selection.propertySets === undefined &&
    selection.attributes === undefined &&
    selection.range === undefined
  );
}

const rowColumns = `step_id as "stepId", global_id as "globalId", object_name as "objectName",
  ifc_class as "ifcClass", level, property_set as "propertySet", attribute, value`;

/** A literal list; values holding NUL (never stored) are left out, and null when none is left. */
function listOf(values: readonly string[]): string | null {
  const kept = values.filter((v) => !v.includes('\0'));
  return kept.length === 0 ? null : kept.map(sqlText).join(', ');
}

/** The WHERE clause of a selection ('true' for every row); null when it selects nothing. */
function whereOf(
  selection: ExplorerSelection,
  table: string,
  keys: readonly FacetCountRow[],
  byValue: boolean,
): string | null {
  const parts: string[] = [];
  const inList = (column: string, values: readonly string[] | undefined) => {
    if (values === undefined) return true;
    const list = listOf(values);
    if (list === null) return false;
    parts.push(`${column} in (${list})`);
    return true;
  };
  if (!inList('ifc_class', selection.classes)) return null;
  if (selection.levels) {
    const named = selection.levels.filter((l) => l !== '');
    const options: string[] = [];
    const list = named.length > 0 ? listOf(named) : null;
    if (list !== null) options.push(`level in (${list})`);
    if (named.length < selection.levels.length) options.push('level is null');
    if (options.length === 0) return null;
    parts.push(`(${options.join(' or ')})`);
  }
  if (!inList('property_set', selection.propertySets)) return null;
  if (!inList('attribute', selection.attributes)) return null;
  if (selection.search) {
    if (selection.search.includes('\0')) return null;
    parts.push(searchClause(selection.search, table, keys, byValue));
  }
  if (selection.range) {
    const clause = rangeClause(selection.range);
    if (clause === null) return null;
    parts.push(clause);
  }
  return parts.length === 0 ? 'true' : parts.join(' and ');
}

/** The value as a double when it is a number (decision 0345; the SQL store's test), else null. */
const numericValue = `(case when length(value) <= ${METADATA_NUMBER_MAX_LENGTH}
  and regexp_full_match(value, ${sqlText(METADATA_NUMBER_PATTERN)}) then cast(value as double) end)`;

/** A bound as a double literal, written as JavaScript's shortest round-trip text. */
const doubleOf = (n: number) => `cast(${sqlText(String(n))} as double)`;

/** Rows of the property whose value is a number within the bounds; null when it can match nothing. */
function rangeClause(range: ValueRange): string | null {
  if (range.propertySet.includes('\0') || range.attribute.includes('\0')) return null;
  const parts = [
    `property_set = ${sqlText(range.propertySet)}`,
    `attribute = ${sqlText(range.attribute)}`,
    `${numericValue} is not null`,
  ];
  if (range.from !== undefined) parts.push(`${numericValue} >= ${doubleOf(range.from)}`);
  if (range.to !== undefined) parts.push(`${numericValue} <= ${doubleOf(range.to)}`);
  return `(${parts.join(' and ')})`;
}

/**
 * Case-insensitive containment in the row's value, attribute, set, class, category, name or GlobalId,
 * or the element's STEP id (decision 0168). The attribute, set, class and category keys that match
 * come from the version's facets, the elements whose name or GlobalId match from its element table
 * (once per element, not per property). The value: with `<table>_d` (byValue, decision 0459) the
 * distinct values are tested and the matching rows are their positions, with the matching elements'
 * row ranges and the matching keys' rows; without it every row's value is tested.
 */
function searchClause(term: string, table: string, keys: readonly FacetCountRow[], byValue: boolean): string {
  if (byValue) return `row_no in (${searchRows(term, table, keys)})`;
  const { lower, keyOptions, elements } = searchParts(term, keys);
  const options = [`contains(value_lower, ${lower})`, ...keyOptions];
  options.push(`step_id in (select step_id from ${table}_e where ${elements})`);
  return `(${options.join(' or ')})`;
}

/**
 * The row numbers a search matches, from `<table>_d` (decision 0459): the matching values' rows, the
 * matching elements' ranges, the matching keys' rows. A row may be named more than once.
 */
function searchRows(term: string, table: string, keys: readonly FacetCountRow[]): string {
  const { lower, keyOptions, elements } = searchParts(term, keys);
  const sources = [
    `select unnest(row_nos) as row_no from ${table}_d where contains(value_lower, ${lower})`,
    `select unnest(range(first_row, end_row)) as row_no from ${table}_e where ${elements}`,
  ];
  if (keyOptions.length > 0) sources.push(`select row_no from ${table} where ${keyOptions.join(' or ')}`);
  return sources.join(' union all ');
}

/** The term as an SQL text in lower case, the facet keys it matches, and its test of an element. */
function searchParts(term: string, keys: readonly FacetCountRow[]) {
  const folded = term.toLowerCase();
  const lower = sqlText(folded);
  const keyOptions: string[] = [];
  for (const facet of ['attribute', 'property_set', 'ifc_class', 'category']) {
    const matching = keys.filter((k) => k.facet === facet && k.key.toLowerCase().includes(folded));
    const list = listOf(matching.map((k) => k.key));
    if (list !== null) keyOptions.push(`${facet} in (${list})`);
  }
  const stepId = stepIdOf(term);
  const elements = `contains(name_lower, ${lower}) or contains(global_id_lower, ${lower})${
    stepId !== null ? ` or step_id = ${stepId}` : ''
  }`;
  return { lower, keyOptions, elements };
}

/** The cache's size of a loaded version, in rows of BYTES_PER_ROW (its distinct values added). */
function loadedSize(value: Loaded): number {
  // With an index, its bytes and the value sort's positions (4 bytes a row, read on the first value sort).
  const index = value.index ? value.index.bytes + value.rows * 4 : 0;
  return value.rows + Math.ceil(((value.values ?? 0) * BYTES_PER_DISTINCT_VALUE + index) / BYTES_PER_ROW);
}

const sortColumns: Record<string, string> = {
  object_id: 'global_id',
  category: 'category',
  ifc_class: 'ifc_class',
  level: 'level',
  property_set: 'property_set',
  attribute: 'attribute',
};

/** ORDER BY as the SQL store orders (decision 0195 for the value sort); `row_no` is the stable order. */
function orderOf(order: ExplorerOrder): string {
  if (!order.key) return 'row_no';
  if (order.key === 'value') {
    return order.direction === 'desc'
      ? 'left(value, 200) desc nulls first, row_no desc'
      : 'left(value, 200) asc nulls last, row_no';
  }
  const column = sortColumns[order.key] as string;
  return `${column} ${order.direction === 'desc' ? 'desc' : 'asc'} nulls last, row_no`;
}
