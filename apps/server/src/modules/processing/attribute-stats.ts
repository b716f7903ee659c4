import type { versionAttributeStats } from '../../schema';
import type { ExtractedModel } from './extract';
import type { VersionRows } from './output-writer';

/** Distinct values kept per property: the screens show 3, an enumeration suggestion needs them all (up to 10). */
export const SAMPLE_VALUES = 10;

const BOOLEAN = /^(true|false)$/i;
const INTEGER = /^[+-]?[0-9]+$/;
const REAL = /^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$/;
const BLANK_EDGES = /^[ \t\r\n]+|[ \t\r\n]+$/g;

/** Byte-order comparison (PostgreSQL's C collation), the same in every locale. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface AttributeStatRow {
  propertySet: string;
  name: string;
  elementCount: number;
  populatedCount: number;
  distinctValues: number;
  sampleValues: string[];
  ifcClasses: string[];
  dataType: string | null;
  booleanValues: number;
  integerValues: number;
  realValues: number;
}

interface Acc {
  propertySet: string;
  name: string;
  lastElement: number;
  elements: number;
  populated: number;
  values: Set<string>;
  classes: Map<string, number>;
  dataTypes: Map<string, number>;
  booleans: number;
  integers: number;
  reals: number;
}

/** The `n` smallest values in code-point order, without sorting them all (a property may have 100k values). */
function smallest(values: Iterable<string>, n: number): string[] {
  const out: string[] = [];
  for (const v of values) {
    if (out.length === n && byCodePoint(v, out[n - 1] as string) >= 0) continue;
    let at = out.length;
    while (at > 0 && byCodePoint(v, out[at - 1] as string) < 0) at--;
    out.splice(at, 0, v);
    if (out.length > n) out.pop();
  }
  return out;
}

function mostFrequentFirst(counts: Map<string, number>): string[] {
  return [...counts].sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0])).map(([k]) => k);
}

/**
 * Summarises the extracted properties per property set + name in one pass over the column arrays
 * the bulk insert writes (decision 0085). An element counts once per property; a value counts when
 * it is not blank after trimming spaces, tabs and line breaks.
 */
export function summariseProperties(model: ExtractedModel): AttributeStatRow[] {
  const classOf = new Map<number, string>();
  model.elements.stepId.forEach((id, i) => {
    classOf.set(id, model.elements.ifcClass[i] ?? 'UNKNOWN');
  });
  // Set → name → accumulator: no key strings built per row.
  const bySet = new Map<string, Map<string, Acc>>();
  const all: Acc[] = [];
  const p = model.properties;
  for (let i = 0; i < p.name.length; i++) {
    const set = p.propertySet[i] as string;
    const name = p.name[i] as string;
    let byName = bySet.get(set);
    if (!byName) {
      byName = new Map();
      bySet.set(set, byName);
    }
    let acc = byName.get(name);
    if (!acc) {
      acc = {
        propertySet: set,
        name,
        lastElement: Number.NaN,
        elements: 0,
        populated: 0,
        values: new Set(),
        classes: new Map(),
        dataTypes: new Map(),
        booleans: 0,
        integers: 0,
        reals: 0,
      };
      byName.set(name, acc);
      all.push(acc);
    }
    const element = p.elementStepId[i] as number;
    // Rows of one element are written together, so a repeat of the same element is the one before.
    if (acc.lastElement === element) continue;
    acc.lastElement = element;
    acc.elements += 1;
    const cls = classOf.get(element) ?? 'UNKNOWN';
    acc.classes.set(cls, (acc.classes.get(cls) ?? 0) + 1);
    const dataType = p.dataType[i];
    if (dataType) acc.dataTypes.set(dataType, (acc.dataTypes.get(dataType) ?? 0) + 1);
    const value = (p.value[i] ?? '').replace(BLANK_EDGES, '');
    if (value === '') continue;
    acc.populated += 1;
    acc.values.add(value);
    if (BOOLEAN.test(value)) acc.booleans += 1;
    if (INTEGER.test(value)) acc.integers += 1;
    if (REAL.test(value)) acc.reals += 1;
  }
  return all.map((acc) => ({
    propertySet: acc.propertySet,
    name: acc.name,
    elementCount: acc.elements,
    populatedCount: acc.populated,
    distinctValues: acc.values.size,
    sampleValues: smallest(acc.values, SAMPLE_VALUES),
    ifcClasses: mostFrequentFirst(acc.classes),
    dataType: mostFrequentFirst(acc.dataTypes)[0] ?? null,
    booleanValues: acc.booleans,
    integerValues: acc.integers,
    realValues: acc.reals,
  }));
}

/** The model's statistics as version_attribute_stats rows (output-writer.ts). */
export function attributeStatRows(model: ExtractedModel): VersionRows<typeof versionAttributeStats> {
  const rows = summariseProperties(model);
  const column = <K extends keyof AttributeStatRow>(key: K) => rows.map((r) => r[key]);
  return {
    propertySet: column('propertySet'),
    name: column('name'),
    elementCount: column('elementCount'),
    populatedCount: column('populatedCount'),
    distinctValues: column('distinctValues'),
    sampleValues: column('sampleValues'),
    ifcClasses: column('ifcClasses'),
    dataType: column('dataType'),
    booleanValues: column('booleanValues'),
    integerValues: column('integerValues'),
    realValues: column('realValues'),
  };
}
