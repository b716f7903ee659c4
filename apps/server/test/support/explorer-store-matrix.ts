// The explorer's store-equivalence matrix (issue 34): every filter, sort, search, facet and page of a
// version asked of an ExplorerStore, each answer compared with one computed here from the model's rows
// as the engine reads them (independent of every store). Any implementation runs the same matrix, so
// two stores that pass give identical answers.

import { isMetadataNumber, METADATA_NUMERIC_PROPERTIES_LIMIT, metadataSortKeys } from '@plumbline/contracts';
import { primaryBimCategory } from '../../src/modules/metadata/bim-category';
import {
  COUNT_LIMIT,
  type ExplorerOrder,
  type ExplorerRow,
  type ExplorerSelection,
  type ExplorerStore,
  type ExplorerVersion,
  type FacetCountRow,
  type NumericProperty,
  type PropertyQuery,
  type StoredProperty,
  type StoreFacet,
} from '../../src/modules/metadata/explorer-store';
import { compareText, type OracleVersion, stableOrder } from './explorer-oracle';

export { type OracleVersion, oracleOf } from './explorer-oracle';

const sortColumn: Record<string, (r: ExplorerRow) => string | null> = {
  object_id: (r) => r.globalId,
  category: (r) => primaryBimCategory(r.ifcClass),
  ifc_class: (r) => r.ifcClass,
  level: (r) => r.level,
  property_set: (r) => r.propertySet,
  attribute: (r) => r.attribute,
  value: (r) => r.value,
};

export function sortedRows(rows: readonly ExplorerRow[], order: ExplorerOrder): ExplorerRow[] {
  if (!order.key) return [...rows].sort(stableOrder);
  if (order.key === 'value') {
    // Descending is ascending reversed; values compare on their first 200 characters (decision 0195),
    // cut once per row rather than on every comparison.
    const first200 = new Map(
      rows.map((r) => [r, r.value === null ? null : [...r.value].slice(0, 200).join('')] as const),
    );
    const cut = (r: ExplorerRow) => first200.get(r) ?? null;
    const up = [...rows].sort((a, b) => compareText(cut(a), cut(b)) || stableOrder(a, b));
    return order.direction === 'asc' ? up : up.reverse();
  }
  const column = sortColumn[order.key] as (r: ExplorerRow) => string | null;
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = column(a);
    const y = column(b);
    const c = x === y ? 0 : x === null ? 1 : y === null ? -1 : sign * compareText(x, y);
    return c || stableOrder(a, b);
  });
}

export function selects(selection: ExplorerSelection, row: ExplorerRow): boolean {
  if (selection.classes && !selection.classes.includes(row.ifcClass)) return false;
  if (selection.levels && !selection.levels.includes(row.level ?? '')) return false;
  if (selection.propertySets && !selection.propertySets.includes(row.propertySet)) return false;
  if (selection.attributes && !selection.attributes.includes(row.attribute)) return false;
  const range = selection.range;
  if (range) {
    if (row.propertySet !== range.propertySet || row.attribute !== range.attribute) return false;
    if (!isMetadataNumber(row.value)) return false;
    const n = Number(row.value);
    if ((range.from !== undefined && n < range.from) || (range.to !== undefined && n > range.to))
      return false;
  }
  if (!selection.search) return true;
  const term = selection.search.toLowerCase();
  const has = (text: string | null) => (text ?? '').toLowerCase().includes(term);
  const id = /^#?(\d{1,9})$/.exec(selection.search.trim());
  return (
    has(row.value) ||
    has(row.attribute) ||
    has(row.propertySet) ||
    has(row.ifcClass) ||
    has(primaryBimCategory(row.ifcClass)) ||
    has(row.objectName) ||
    has(row.globalId) ||
    (id !== null && Number(id[1]) === row.stepId)
  );
}

function countBy(rows: readonly ExplorerRow[], key: (r: ExplorerRow) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  return counts;
}

export function expectedFacets(rows: readonly ExplorerRow[]): FacetCountRow[] {
  const facets: Array<[string, (r: ExplorerRow) => string]> = [
    ['attribute', (r) => r.attribute],
    ['category', (r) => primaryBimCategory(r.ifcClass)],
    ['ifc_class', (r) => r.ifcClass],
    ['level', (r) => r.level ?? ''],
    ['property_set', (r) => r.propertySet],
  ];
  return facets.flatMap(([facet, key]) =>
    [...countBy(rows, key)]
      .map(([k, count]) => ({ facet, key: k, count }))
      .sort((a, b) => b.count - a.count || compareText(a.key, b.key)),
  );
}

/** Per property (set, name), its numeric rows: count, least, greatest; most rows first (decision 0345). */
export function expectedNumericProperties(rows: readonly ExplorerRow[]): NumericProperty[] {
  const byPair = new Map<string, NumericProperty>();
  for (const r of rows) {
    if (!isMetadataNumber(r.value)) continue;
    const n = Number(r.value);
    const key = `${r.propertySet}\u0000${r.attribute}`;
    const p = byPair.get(key);
    if (p) {
      p.count += 1;
      p.min = Math.min(p.min, n);
      p.max = Math.max(p.max, n);
    } else byPair.set(key, { propertySet: r.propertySet, attribute: r.attribute, count: 1, min: n, max: n });
  }
  return [...byPair.values()].sort(
    (a, b) =>
      b.count - a.count || compareText(a.propertySet, b.propertySet) || compareText(a.attribute, b.attribute),
  );
}

/** Range selections on the version's most frequent numeric property (none when it has no number). */
function rangeSelections(
  rows: readonly ExplorerRow[],
  classes: string[],
): Array<[string, ExplorerSelection]> {
  const top = expectedNumericProperties(rows)[0];
  if (!top) return [];
  const values = rows
    .filter(
      (r) => r.propertySet === top.propertySet && r.attribute === top.attribute && isMetadataNumber(r.value),
    )
    .map((r) => Number(r.value))
    .sort((a, b) => a - b);
  const at = (q: number) => values[Math.floor(q * (values.length - 1))] as number;
  const property = { propertySet: top.propertySet, attribute: top.attribute };
  return [
    ['range: middle half', { range: { ...property, from: at(0.25), to: at(0.75) } }],
    ['range: from only', { range: { ...property, from: at(0.5) } }],
    ['range: to only (the least value)', { range: { ...property, to: top.min } }],
    ['range: above every value', { range: { ...property, from: top.max + 1, to: top.max + 2 } }],
    ['range with a class', { classes, range: { ...property, from: top.min, to: at(0.5) } }],
    ['range with a search', { search: 'e', range: { ...property, from: at(0.1), to: at(0.9) } }],
  ];
}

/** The matrix's selections, from the version's own data: each filter alone, together, and searches. */
export function matrixSelections(rows: readonly ExplorerRow[]): Array<[string, ExplorerSelection]> {
  const top = (key: (r: ExplorerRow) => string, n: number) =>
    [...countBy(rows, key)]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k]) => k);
  const classes = top((r) => r.ifcClass, 2);
  const levels = top((r) => r.level ?? '', 3);
  const sets = top((r) => r.propertySet, 2);
  const attributes = top((r) => r.attribute, 2);
  const withGlobalId = rows.find((r) => r.globalId !== null);
  const named = rows.find((r) => (r.objectName ?? '').length >= 4);
  const valued = rows.find((r) => (r.value ?? '').length >= 3);
  const searches: Array<[string, string]> = [
    ['frequent letter', 'e'],
    ['class fragment, other case', (classes[0] ?? 'IfcWall').slice(3, 7).toUpperCase()],
    ['category fragment', 'struct'],
    ['property set fragment', (sets[0] ?? 'Pset').slice(0, 5).toLowerCase()],
    ['GlobalId fragment', (withGlobalId?.globalId ?? 'x').slice(2, 10)],
    ['name fragment', (named?.objectName ?? 'name').slice(0, 4)],
    ['value fragment', (valued?.value ?? 'val').slice(0, 3)],
    ['STEP id with #', `#${rows[Math.floor(rows.length / 2)]?.stepId ?? 1}`],
    ['STEP id bare', `${rows[0]?.stepId ?? 1}`],
    ['LIKE characters taken literally', '%_'],
    ['backslash', '\\'],
    ['nothing matches', 'zz-no-such-term-zz'],
  ];
  return [
    ['everything', {}],
    ['classes', { classes }],
    ['one class', { classes: classes.slice(0, 1) }],
    ['levels (with no level when present)', { levels }],
    ['property sets', { propertySets: sets }],
    ['attributes', { attributes }],
    ['class and property set', { classes, propertySets: sets }],
    ['all four filters', { classes, levels, propertySets: sets, attributes }],
    ['a class no row has', { classes: ['IfcNoSuchClass'] }],
    ...searches.map(([name, search]): [string, ExplorerSelection] => [`search: ${name}`, { search }]),
    ['search with a filter', { search: 'e', propertySets: sets }],
    ...rangeSelections(rows, classes),
  ];
}

/** Selections whose facet counts the matrix checks (live facet counts, decision 0346). */
const facetCountCases = (name: string) =>
  name === 'everything' ||
  name === 'classes' ||
  name === 'all four filters' ||
  name === 'a class no row has' ||
  name === 'search: frequent letter' ||
  name.startsWith('range');

const storeFacetKeys: Array<[StoreFacet, (r: ExplorerRow) => string]> = [
  ['ifc_class', (r) => r.ifcClass],
  ['level', (r) => r.level ?? ''],
  ['property_set', (r) => r.propertySet],
  ['attribute', (r) => r.attribute],
];

export interface MatrixOutcome {
  cases: number;
  mismatches: string[];
}

const describeRow = (r: ExplorerRow | undefined) =>
  r ? `${r.stepId}:${r.propertySet}:${r.attribute}=${JSON.stringify(r.value)}` : 'none';

function firstDifference(got: readonly ExplorerRow[], want: readonly ExplorerRow[]): string | null {
  if (got.length !== want.length) return `${got.length} rows, expected ${want.length}`;
  for (let i = 0; i < want.length; i++) {
    const a = got[i] as ExplorerRow;
    const b = want[i] as ExplorerRow;
    const same =
      a.stepId === b.stepId &&
      a.globalId === b.globalId &&
      a.objectName === b.objectName &&
      a.ifcClass === b.ifcClass &&
      a.level === b.level &&
      a.propertySet === b.propertySet &&
      a.attribute === b.attribute &&
      a.value === b.value;
    if (!same) return `row ${i}: ${describeRow(a)}, expected ${describeRow(b)}`;
  }
  return null;
}

// A version's expected answers, computed once for every store asked its matrix (the same oracle, the
// same expectations): sorting its rows dozens of times per store was most of the test's own work.
const expectations = new WeakMap<OracleVersion, Map<string, unknown>>();

function once<T>(oracle: OracleVersion, key: string, compute: () => T): T {
  const known = expectations.get(oracle) ?? new Map<string, unknown>();
  expectations.set(oracle, known);
  if (!known.has(key)) known.set(key, compute());
  return known.get(key) as T;
}

/** Runs the tasks, at most `concurrency` at a time, each started in list order; their results in that order. */
async function inTurn<T>(tasks: ReadonlyArray<() => Promise<T>>, concurrency: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await (tasks[i] as () => Promise<T>)();
    }
  };
  const lanes = Math.max(1, Math.min(Math.trunc(concurrency), tasks.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

/**
 * Runs the whole matrix against `store` for `version` and lists every answer that differs from the
 * expected one. A count may be a lower bound only when more than COUNT_LIMIT rows match, and then
 * says exactly COUNT_LIMIT. Each case is one store call and the comparison of its answer; with
 * `concurrency` above 1 that many calls are in flight at once (as the explorer's requests arrive),
 * and the outcome lists the same cases and mismatches in the same order as one at a time.
 */
export async function runExplorerMatrix(
  store: ExplorerStore,
  version: ExplorerVersion,
  oracle: OracleVersion,
  options: { pageSize?: number; exportChunk?: number; concurrency?: number } = {},
): Promise<MatrixOutcome> {
  const { rows } = oracle;
  const pageSize = options.pageSize ?? 100;
  // Each case's name and its question to the store, answered with the problem found (null: none).
  const queued: Array<{ name: string; problem: () => Promise<string | null> }> = [];
  const check = (name: string, problem: () => Promise<string | null>) => {
    queued.push({ name, problem });
  };

  const want = once(oracle, 'facets', () => expectedFacets(rows));
  const key = (f: FacetCountRow) => `${f.facet}|${f.key}|${f.count}`;
  const byFacet = (list: FacetCountRow[]) =>
    [...list]
      .sort((a, b) => compareText(a.facet, b.facet) || 0)
      .map(key)
      .join('\n');
  check('facets', async () =>
    byFacet(await store.facets(version)) === byFacet(want) ? null : 'facet rows differ',
  );

  const orders: ExplorerOrder[] = [
    { key: undefined, direction: 'asc' },
    ...metadataSortKeys.flatMap((k): ExplorerOrder[] => [
      { key: k, direction: 'asc' },
      { key: k, direction: 'desc' },
    ]),
  ];
  const selections = once(oracle, 'selections', () =>
    matrixSelections(rows).map(([name, selection]) => ({
      name,
      selection,
      selected: rows.filter((r) => selects(selection, r)),
    })),
  );
  for (const { name, selection, selected } of selections) {
    check(`count, ${name}`, async () => {
      const count = await store.count(version, selection);
      return count.exact
        ? count.value === selected.length
          ? null
          : `${count.value}, expected ${selected.length}`
        : selected.length > COUNT_LIMIT && count.value === COUNT_LIMIT
          ? null
          : `at least ${count.value}, expected ${selected.length}`;
    });
    if (facetCountCases(name)) {
      for (const [facet, keyOf] of storeFacetKeys) {
        const expected = once(oracle, `facet counts ${facet}, ${name}`, () =>
          [...countBy(selected, keyOf)]
            .map(([k, n]) => `${k}=${n}`)
            .sort()
            .join('\n'),
        );
        check(`facet counts ${facet}, ${name}`, async () => {
          const got = (await store.facetCounts(version, selection, facet))
            .map((f) => `${f.key}=${f.count}`)
            .sort()
            .join('\n');
          return got === expected ? null : `${got.slice(0, 200)}`;
        });
      }
    }
    // Every order for the unfiltered and two selective cases; the stable order for the rest.
    const everyOrder =
      name === 'everything' || name === 'all four filters' || name.startsWith('search: class');
    for (const order of everyOrder ? orders : orders.slice(0, 1)) {
      // The first, a middle and the last page of the selection in this order.
      const pages = once(oracle, `pages ${name}, ${order.key} ${order.direction}, ${pageSize}`, () => {
        const expected = sortedRows(selected, order);
        const lastPage = Math.max(0, Math.ceil(expected.length / pageSize) - 1);
        return [...new Set([0, Math.floor(lastPage / 2), lastPage])].map(
          (pageIndex) =>
            [pageIndex, expected.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)] as const,
        );
      });
      for (const [pageIndex, expected] of pages) {
        check(`page ${pageIndex + 1}, ${name}, ${order.key ?? 'stable'} ${order.direction}`, async () =>
          firstDifference(
            await store.page(version, selection, order, pageSize, pageIndex * pageSize),
            expected,
          ),
        );
      }
    }
    if (name === 'everything' || name === 'class and property set' || name === 'search: frequent letter') {
      const chunk = options.exportChunk ?? 5000;
      check(`export, ${name}`, async () => {
        const exported: ExplorerRow[] = [];
        let oversized = false;
        for await (const batch of store.rows(version, selection, chunk)) {
          if (batch.length > chunk) oversized = true;
          exported.push(...batch);
        }
        return oversized ? 'a chunk over the size' : firstDifference(exported, selected);
      });
    }
  }

  const expectedNumeric = once(oracle, 'numeric properties', () =>
    expectedNumericProperties(rows).slice(0, METADATA_NUMERIC_PROPERTIES_LIMIT),
  );
  check('numeric properties', async () => {
    const numeric = await store.numericProperties(version, METADATA_NUMERIC_PROPERTIES_LIMIT);
    return JSON.stringify(numeric) === JSON.stringify(expectedNumeric)
      ? null
      : `${numeric.length} properties, expected ${expectedNumeric.length}: ${JSON.stringify(numeric.slice(0, 2))}`;
  });

  const stepIds = [...new Set(rows.map((r) => r.stepId))];
  for (const stepId of [stepIds[0], stepIds[Math.floor(stepIds.length / 2)], stepIds.at(-1), 2_000_000_000]) {
    if (stepId === undefined) continue;
    const expected: StoredProperty[] = rows
      .filter((r) => r.stepId === stepId)
      .sort((a, b) => compareText(a.propertySet, b.propertySet) || compareText(a.attribute, b.attribute))
      .map((r) => ({
        propertySet: r.propertySet,
        name: r.attribute,
        value: r.value,
        dataType: oracle.dataTypes.get(`${r.stepId}|${r.propertySet}|${r.attribute}`) ?? null,
      }));
    check(`element ${stepId} properties`, async () => {
      const got = await store.elementProperties(version, stepId);
      return JSON.stringify(got) === JSON.stringify(expected) ? null : `${got.length} properties differ`;
    });
  }
  // What the assistant reads: the version's property names, and elements holding a property.
  const pairKey = (p: { propertySet: string; name: string }) => `${p.propertySet}|${p.name}`;
  const expectedPairs = [...new Set(rows.map((r) => `${r.propertySet}|${r.attribute}`))].sort();
  check('property names', async () => {
    const names = await store.propertyNames(version);
    return JSON.stringify(names.map(pairKey).sort()) === JSON.stringify(expectedPairs)
      ? null
      : 'pairs differ';
  });
  const attributeNames = [...countBy(rows, (r) => r.attribute)].sort((a, b) => b[1] - a[1]).map(([k]) => k);
  const queries: PropertyQuery[] = [
    ...attributeNames.slice(0, 3).map((name): PropertyQuery => ({ name, propertySet: null, test: 'valued' })),
    { name: 'IsExternal', propertySet: null, test: 'true' },
    { name: 'LoadBearing', propertySet: null, test: 'true' },
    ...rows
      .slice(0, 1)
      .map((r): PropertyQuery => ({ name: r.attribute, propertySet: r.propertySet, test: 'valued' })),
    { name: 'NoSuchProperty', propertySet: null, test: 'valued' },
  ];
  for (const query of queries) {
    const expected = [
      ...new Set(
        rows
          .filter(
            (r) =>
              r.attribute === query.name &&
              (query.propertySet === null || r.propertySet === query.propertySet) &&
              (query.test === 'true'
                ? ['true', '.t.', '1'].includes((r.value ?? '').toLowerCase())
                : r.value !== null && r.value !== ''),
          )
          .map((r) => r.stepId),
      ),
    ].sort((a, b) => a - b);
    check(`elements with ${query.propertySet ?? '*'}.${query.name} ${query.test}`, async () => {
      const got = await store.elementsWithProperty(version, query);
      return JSON.stringify(got) === JSON.stringify(expected)
        ? null
        : `${got.length} elements, expected ${expected.length}`;
    });
  }
  // The IDS Studio's value lists: a property's non-blank values by frequency.
  const pairs = [...countBy(rows, (r) => `${r.propertySet}\u0000${r.attribute}`)].sort((a, b) => b[1] - a[1]);
  for (const [pair] of [...pairs.slice(0, 3), ...pairs.slice(-1)]) {
    const [propertySet, name] = pair.split('\u0000') as [string, string];
    const counts = new Map<string, number>();
    for (const r of rows)
      if (
        r.propertySet === propertySet &&
        r.attribute === name &&
        r.value !== null &&
        r.value.replace(/^ +| +$/g, '') !== ''
      )
        counts.set(r.value, (counts.get(r.value) ?? 0) + 1);
    const expected = [...counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || compareText(a.value, b.value))
      .slice(0, 5);
    check(`values of ${propertySet}.${name}`, async () => {
      const got = await store.propertyValues(version, { propertySet, name }, 5);
      return JSON.stringify(got) === JSON.stringify(expected) ? null : `${JSON.stringify(got).slice(0, 200)}`;
    });
  }
  const problems = await inTurn(
    queued.map(({ problem }) => problem),
    options.concurrency ?? 1,
  );
  const mismatches = queued.flatMap(({ name }, i) => {
    const problem = problems[i];
    return problem ? [`${name}: ${problem}`] : [];
  });
  return { cases: queued.length, mismatches };
}
