/**
 * Inverse relation indexes, each built on first use by scanning only the instances of one
 * relationship class (and its subtypes).
 */
import type { SchemaTables } from '../schema/schema-info';
import { extractRefPairs } from '../step/decode-direct';
import type { RelationPairs, RelationScan } from '../step/scan-instances';
import type { Access } from './access';

export type RelationKind =
  | 'definesByProperties'
  | 'definesByType'
  | 'associatesClassification'
  | 'referencesExternally'
  | 'classifiesMaterial'
  | 'associatesMaterial'
  | 'aggregates'
  | 'nests'
  | 'containedInSpatialStructure'
  | 'assignsToGroup'
  | 'voidsElement'
  | 'fillsElement';

interface RelationSpec {
  readonly className: string;
  /** Attribute holding the object(s) the index is keyed by. */
  readonly from: string;
  /** Attribute holding what they point to. */
  readonly to: string;
}

export const RELATIONS: Record<RelationKind, RelationSpec> = {
  definesByProperties: {
    className: 'IFCRELDEFINESBYPROPERTIES',
    from: 'RelatedObjects',
    to: 'RelatingPropertyDefinition',
  },
  definesByType: { className: 'IFCRELDEFINESBYTYPE', from: 'RelatedObjects', to: 'RelatingType' },
  associatesClassification: {
    className: 'IFCRELASSOCIATESCLASSIFICATION',
    from: 'RelatedObjects',
    to: 'RelatingClassification',
  },
  // Resources that are not IfcRoot (materials, profiles, actors …) take references this way (IFC4+).
  referencesExternally: {
    className: 'IFCEXTERNALREFERENCERELATIONSHIP',
    from: 'RelatedResourceObjects',
    to: 'RelatingReference',
  },
  // IFC2X3's way of classifying a material.
  classifiesMaterial: {
    className: 'IFCMATERIALCLASSIFICATIONRELATIONSHIP',
    from: 'ClassifiedMaterial',
    to: 'MaterialClassifications',
  },
  associatesMaterial: {
    className: 'IFCRELASSOCIATESMATERIAL',
    from: 'RelatedObjects',
    to: 'RelatingMaterial',
  },
  aggregates: { className: 'IFCRELAGGREGATES', from: 'RelatedObjects', to: 'RelatingObject' },
  nests: { className: 'IFCRELNESTS', from: 'RelatedObjects', to: 'RelatingObject' },
  containedInSpatialStructure: {
    className: 'IFCRELCONTAINEDINSPATIALSTRUCTURE',
    from: 'RelatedElements',
    to: 'RelatingStructure',
  },
  assignsToGroup: { className: 'IFCRELASSIGNSTOGROUP', from: 'RelatedObjects', to: 'RelatingGroup' },
  voidsElement: {
    className: 'IFCRELVOIDSELEMENT',
    from: 'RelatedOpeningElement',
    to: 'RelatingBuildingElement',
  },
  fillsElement: {
    className: 'IFCRELFILLSELEMENT',
    from: 'RelatedBuildingElement',
    to: 'RelatingOpeningElement',
  },
};

const KINDS = Object.keys(RELATIONS) as RelationKind[];

/**
 * What the instance scan reads for the relation indexes (step/scan-instances.ts): one entry per
 * relationship class and subtype, tagged with the kind (high byte) and the class's rank among the
 * kind's classes (low byte), so rows keep the order of a build class by class.
 */
export function relationScanFor(schema: SchemaTables): RelationScan {
  const classes: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const tags: number[] = [];
  KINDS.forEach((kind, k) => {
    const spec = RELATIONS[kind];
    schema.classAndSubtypes(spec.className).forEach((cls, rank) => {
      const def = schema.entities.get(cls);
      const fromIndex = def?.attributeIndex.get(spec.from);
      const toIndex = def?.attributeIndex.get(spec.to);
      if (fromIndex === undefined || toIndex === undefined || rank > 255) return;
      classes.push(cls);
      from.push(fromIndex);
      to.push(toIndex);
      tags.push((k << 8) | rank);
    });
  });
  return { classes, from, to, tags };
}

/** Every relation kind's rows, as another thread receives them (shared memory). */
export type RelationRows = Readonly<Partial<Record<RelationKind, Rows>>>;

/**
 * One relation kind as compressed rows: the targets of row r are `targets[offsets[r] .. offsets[r + 1])`
 * (typed arrays: little memory, no per-object garbage, lookups without hashing). Rows are per
 * instance ordinal, or, with `slotOf`, per source: `slotOf[k]` is 1 + the row of the instance with
 * ordinal k (0 for an instance that is no relation's source). The table is one for every kind, so
 * each kind's offsets take 4 bytes per source instead of per instance (decision 0193: at 1 GB, nine
 * kinds' ordinal-sized offsets were about 500 MB).
 */
interface Rows {
  readonly offsets: Uint32Array;
  readonly targets: Uint32Array;
  readonly slotOf: Int32Array | null;
}

/** The row of the instance with ordinal `k` in `rows`, or -1 when it has none. */
function rowOf(rows: Rows, k: number): number {
  return rows.slotOf === null ? k : rows.slotOf[k]! - 1;
}

const NONE = new Uint32Array(0);
const EMPTY: Rows = { offsets: NONE, targets: NONE, slotOf: null };

export class RelationIndex {
  private readonly built = new Map<RelationKind, Rows>();

  constructor(
    private readonly access: Access,
    /** Pairs read by the instance scan: every kind's rows are built from them at once. */
    private pairs: RelationPairs | null = null,
    /** Rows another thread built (shared-model.ts). */
    prebuilt: RelationRows | null = null,
  ) {
    if (prebuilt) for (const kind of KINDS) this.built.set(kind, prebuilt[kind] ?? EMPTY);
  }

  /** Every kind's rows (built now if need be), in shared memory when the file's bytes are. */
  allRows(): RelationRows {
    const out: Partial<Record<RelationKind, Rows>> = {};
    for (const kind of KINDS) out[kind] = this.built.get(kind) ?? this.build(kind);
    return out;
  }

  /** The first target of `id` through `kind`, or -1 (no allocation). */
  first(kind: RelationKind, id: number): number {
    const rows = this.built.get(kind) ?? this.build(kind);
    if (rows.targets.length === 0) return -1;
    const k = this.access.store.ordinal(id);
    const r = k < 0 ? -1 : rowOf(rows, k);
    if (r < 0) return -1;
    const from = rows.offsets[r]!;
    return from === rows.offsets[r + 1]! ? -1 : rows.targets[from]!;
  }

  /** Appends the targets of `id` through `kind` to `out` (no intermediate view); returns `out`. */
  collect(kind: RelationKind, id: number, out: number[]): number[] {
    const rows = this.built.get(kind) ?? this.build(kind);
    if (rows.targets.length === 0) return out;
    const k = this.access.store.ordinal(id);
    const r = k < 0 ? -1 : rowOf(rows, k);
    if (r < 0) return out;
    const end = rows.offsets[r + 1]!;
    for (let i = rows.offsets[r]!; i < end; i++) out.push(rows.targets[i]!);
    return out;
  }

  /** Ids of every instance with at least one target through `kind`, in file order. */
  sources(kind: RelationKind): number[] {
    const rows = this.built.get(kind) ?? this.build(kind);
    const out: number[] = [];
    if (rows.targets.length === 0) return out;
    const { ids, count } = this.access.store.index;
    for (let k = 0; k < count; k++) {
      const r = rowOf(rows, k);
      if (r >= 0 && rows.offsets[r + 1]! > rows.offsets[r]!) out.push(ids[k]!);
    }
    return out;
  }

  /**
   * How many targets the instance at ordinal `k` has through relation `kind`, and where they start
   * in `targetsOf(kind)`: `targetsOf(kind)[firstTarget(kind, k) + i]` for i below the count. For
   * passes over many instances, without a view of the rows per instance.
   */
  targetCount(kind: RelationKind, k: number): number {
    const rows = this.built.get(kind) ?? this.build(kind);
    if (rows.targets.length === 0 || k < 0) return 0;
    const r = rowOf(rows, k);
    return r < 0 ? 0 : rows.offsets[r + 1]! - rows.offsets[r]!;
  }

  firstTarget(kind: RelationKind, k: number): number {
    const rows = this.built.get(kind) ?? this.build(kind);
    const r = rows.targets.length === 0 || k < 0 ? -1 : rowOf(rows, k);
    return r < 0 ? 0 : rows.offsets[r]!;
  }

  /** Every target of relation `kind`, row after row (a view: do not change it). */
  targetsOf(kind: RelationKind): Uint32Array {
    return (this.built.get(kind) ?? this.build(kind)).targets;
  }

  /** What `id` points to through relation `kind` (e.g. its property sets, its type, its container). */
  targets(kind: RelationKind, id: number): Uint32Array {
    const rows = this.built.get(kind) ?? this.build(kind);
    if (rows.targets.length === 0) return NONE;
    const k = this.access.store.ordinal(id);
    const r = k < 0 ? -1 : rowOf(rows, k);
    if (r < 0) return NONE;
    const from = rows.offsets[r]!;
    const to = rows.offsets[r + 1]!;
    return from === to ? NONE : rows.targets.subarray(from, to);
  }

  private build(kind: RelationKind): Rows {
    if (this.pairs !== null) {
      this.buildFromPairs(this.pairs);
      this.pairs = null;
      return this.built.get(kind)!;
    }
    return this.buildByScanning(kind);
  }

  /**
   * Every kind's rows from the scan's pairs, in one pass over them: each source instance gets a
   * row number (in file order, one table for every kind), rows are counted per kind, then placed
   * class rank by class rank in file order (the order of a class-by-class build).
   */
  private buildFromPairs(pairs: RelationPairs): void {
    const { store } = this.access;
    const n = store.count;
    const shared = store.bytes.buffer instanceof SharedArrayBuffer;
    const buffer = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
    const u32 = (length: number) => new Uint32Array(buffer(length * 4));
    const { sources, targets, tags } = pairs;
    const sourceOrdinal = new Int32Array(pairs.count);
    const slotOf = new Int32Array(buffer(n * 4));
    const pairsOf = new Uint32Array(KINDS.length);
    let maxRank = 0;
    for (let p = 0; p < pairs.count; p++) {
      const k = store.ordinal(sources[p]!);
      sourceOrdinal[p] = k;
      if (k < 0) continue; // a dangling reference
      const tag = tags[p]!;
      if ((tag & 255) > maxRank) maxRank = tag & 255;
      slotOf[k] = 1;
      pairsOf[tag >> 8]!++;
    }
    let rowCount = 0;
    for (let k = 0; k < n; k++) if (slotOf[k] !== 0) slotOf[k] = ++rowCount;
    const counts: (Uint32Array | null)[] = KINDS.map((_, kind) =>
      pairsOf[kind]! > 0 ? u32(rowCount + 1) : null,
    );
    for (let p = 0; p < pairs.count; p++) {
      const k = sourceOrdinal[p]!;
      if (k >= 0) counts[tags[p]! >> 8]![slotOf[k]! - 1]!++;
    }
    // counts[r] becomes the start of row r (exclusive prefix sum), then the fill cursor; after
    // filling it holds r's end, i.e. the start of r + 1, so shifting it by one gives the offsets.
    const rowTargets: (Uint32Array | null)[] = KINDS.map(() => null);
    KINDS.forEach((kind, kindIndex) => {
      const c = counts[kindIndex];
      if (!c) {
        this.built.set(kind, EMPTY);
        return;
      }
      let sum = 0;
      for (let r = 0; r < rowCount; r++) {
        const m = c[r]!;
        c[r] = sum;
        sum += m;
      }
      rowTargets[kindIndex] = u32(pairsOf[kindIndex]!);
    });
    for (let rank = 0; rank <= maxRank; rank++) {
      for (let p = 0; p < pairs.count; p++) {
        const k = sourceOrdinal[p]!;
        const tag = tags[p]!;
        if (k < 0 || (tag & 255) !== rank) continue;
        const kind = tag >> 8;
        rowTargets[kind]![counts[kind]![slotOf[k]! - 1]!++] = targets[p]!;
      }
    }
    KINDS.forEach((kind, kindIndex) => {
      const c = counts[kindIndex];
      if (!c) return;
      c.copyWithin(1, 0, rowCount);
      c[0] = 0;
      this.built.set(kind, { offsets: c, targets: rowTargets[kindIndex]!, slotOf });
    });
  }

  /** One kind's rows by scanning the instances of its classes (models indexed without pairs). */
  private buildByScanning(kind: RelationKind): Rows {
    const spec = RELATIONS[kind];
    const { store, schema } = this.access;
    const counts = new Uint32Array(store.count + 1);
    // (source ordinal, target id) pairs, in relation order.
    let pairs = new Uint32Array(1024);
    let pairCount = 0;
    const from: number[] = [];
    const to: number[] = [];
    for (const cls of schema.classAndSubtypes(spec.className)) {
      const def = schema.entities.get(cls)!;
      const fromIndex = def.attributeIndex.get(spec.from);
      const toIndex = def.attributeIndex.get(spec.to);
      if (fromIndex === undefined || toIndex === undefined) continue;
      const relations = store.ordinalsOfClass(cls);
      for (let r = 0; r < relations.length; r++) {
        const k = relations[r]!;
        const start = store.index.paramStarts[k]!;
        const end = store.index.ends[k]!;
        from.length = 0;
        to.length = 0;
        extractRefPairs(store.bytes, start, end, fromIndex, from, toIndex, to);
        for (const f of from) {
          const source = store.ordinal(f);
          if (source < 0) continue; // a dangling reference
          for (const t of to) {
            if (pairCount * 2 + 2 > pairs.length) {
              const grown = new Uint32Array(pairs.length * 2);
              grown.set(pairs);
              pairs = grown;
            }
            pairs[pairCount * 2] = source;
            pairs[pairCount * 2 + 1] = t;
            pairCount++;
            counts[source]!++;
          }
        }
      }
    }
    if (pairCount === 0) {
      this.built.set(kind, EMPTY);
      return EMPTY;
    }
    // counts[k] becomes the start of k's rows (exclusive prefix sum), then the fill cursor; after
    // filling it holds k's end, i.e. the start of k + 1, so shifting it by one gives the offsets.
    let sum = 0;
    for (let k = 0; k < store.count; k++) {
      const n = counts[k]!;
      counts[k] = sum;
      sum += n;
    }
    const targets = new Uint32Array(pairCount);
    for (let p = 0; p < pairCount; p++) targets[counts[pairs[p * 2]!]!++] = pairs[p * 2 + 1]!;
    counts.copyWithin(1, 0, store.count);
    counts[0] = 0;
    const offsets = counts;
    const rows = { offsets, targets, slotOf: null };
    this.built.set(kind, rows);
    return rows;
  }
}
