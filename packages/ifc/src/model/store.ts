/**
 * Instance store: the file's bytes plus its index, with id lookup, class lookup and lazily decoded
 * parameters (cached, bounded).
 */
import type { StepValue } from '../model';
import { decodeParameterAt, decodeParameters } from '../step/decode';
import type { FileIndex } from '../step/index-file';
import type { RelationPairs } from '../step/scan-instances';

/** Decoded parameter lists kept at most; the cache is dropped whole when it fills (cheap, no LRU). */
const CACHE_LIMIT = 4096;
const NO_ORDINALS = new Uint32Array(0);

export class InstanceStore {
  private readonly denseOrdinal: Int32Array | null;
  private readonly sparseOrdinal: Map<number, number> | null;
  private byClass: { offsets: Uint32Array; grouped: Uint32Array } | null = null;
  private readonly idLists = new Map<string, number[]>();
  private cache = new Map<number, readonly StepValue[]>();
  readonly index: FileIndex;
  private relationPairs: RelationPairs | null;

  constructor(
    readonly bytes: Uint8Array,
    index: FileIndex,
    /** The id → ordinal table another thread already built over the same index (shared-model.ts). */
    prebuiltOrdinals?: Int32Array,
  ) {
    // The scan's relationship pairs are held until the relation indexes take them (once).
    this.relationPairs = index.relationPairs ?? null;
    this.index = index.relationPairs ? { ...index, relationPairs: null } : index;
    if (prebuiltOrdinals) {
      this.denseOrdinal = prebuiltOrdinals;
      this.sparseOrdinal = null;
      return;
    }
    const { ids, count } = index;
    let maxId = 0;
    for (let k = 0; k < count; k++) if (ids[k]! > maxId) maxId = ids[k]!;
    if (maxId <= count * 4 + 1_000_000) {
      // Beside shared bytes it is shared too, so other threads checking the model use it as it is.
      const size = (maxId + 1) * 4;
      const shared = bytes.buffer instanceof SharedArrayBuffer;
      const dense = new Int32Array(shared ? new SharedArrayBuffer(size) : new ArrayBuffer(size)).fill(-1);
      for (let k = 0; k < count; k++) dense[ids[k]!] = k; // a duplicate id keeps the last instance
      this.denseOrdinal = dense;
      this.sparseOrdinal = null;
    } else {
      const sparse = new Map<number, number>();
      for (let k = 0; k < count; k++) sparse.set(ids[k]!, k);
      this.sparseOrdinal = sparse;
      this.denseOrdinal = null;
    }
  }

  /** The relationship pairs read by the scan, handed over once (then dropped here). */
  takeRelationPairs(): RelationPairs | null {
    const pairs = this.relationPairs;
    this.relationPairs = null;
    return pairs;
  }

  /** The dense id → ordinal table (in shared memory when the bytes are), or null when ids are sparse. */
  get ordinalTable(): Int32Array | null {
    return this.denseOrdinal;
  }

  get count(): number {
    return this.index.count;
  }

  ordinal(id: number): number {
    if (this.denseOrdinal) return id >= 0 && id < this.denseOrdinal.length ? this.denseOrdinal[id]! : -1;
    return this.sparseOrdinal!.get(id) ?? -1;
  }

  has(id: number): boolean {
    return this.ordinal(id) >= 0;
  }

  classOf(id: number): string | undefined {
    const k = this.ordinal(id);
    return k < 0 ? undefined : this.index.classNames[this.index.classOf[k]!];
  }

  /** Instance ids by exact upper-case class, in file order. */
  idsOfClass(className: string): readonly number[] {
    const upper = className.toUpperCase();
    const known = this.idLists.get(upper);
    if (known) return known;
    const ordinals = this.ordinalsOfClass(upper);
    const { ids } = this.index;
    const list = new Array<number>(ordinals.length);
    for (let i = 0; i < ordinals.length; i++) list[i] = ids[ordinals[i]!]!;
    this.idLists.set(upper, list);
    return list;
  }

  /**
   * Instance ordinals of one exact class (upper case), in file order. Grouped once for all
   * classes by a counting sort of the class column, in typed arrays.
   */
  ordinalsOfClass(upper: string): Uint32Array {
    const ord = this.index.classNames.indexOf(upper);
    if (ord < 0) return NO_ORDINALS;
    if (!this.byClass) {
      const { classOf, count, classNames } = this.index;
      const offsets = new Uint32Array(classNames.length + 1);
      for (let k = 0; k < count; k++) offsets[classOf[k]! + 1]!++;
      for (let c = 0; c < classNames.length; c++) offsets[c + 1]! += offsets[c]!;
      const grouped = new Uint32Array(count);
      const fill = offsets.slice(0, classNames.length);
      for (let k = 0; k < count; k++) grouped[fill[classOf[k]!]!++] = k;
      this.byClass = { offsets, grouped };
    }
    const { offsets, grouped } = this.byClass;
    return grouped.subarray(offsets[ord]!, offsets[ord + 1]!);
  }

  /** Class names present in the file. */
  classNames(): readonly string[] {
    return this.index.classNames;
  }

  /** The decoded parameters of an instance, or undefined for an unknown id. */
  params(id: number): readonly StepValue[] | undefined {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const k = this.ordinal(id);
    if (k < 0) return undefined;
    const decoded = decodeParameters(this.bytes, this.index.paramStarts[k]!, this.index.ends[k]!);
    if (this.cache.size >= CACHE_LIMIT) this.cache = new Map();
    this.cache.set(id, decoded);
    return decoded;
  }

  /** The decoded parameters of an instance, bypassing the cache (for lines read once). */
  paramsOnce(id: number): readonly StepValue[] | undefined {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const k = this.ordinal(id);
    if (k < 0) return undefined;
    return decodeParameters(this.bytes, this.index.paramStarts[k]!, this.index.ends[k]!);
  }

  /** One parameter of an instance, decoded alone (not cached); undefined for an unknown id or index. */
  param(id: number, index: number): StepValue | undefined {
    const hit = this.cache.get(id);
    if (hit) return hit[index];
    const k = this.ordinal(id);
    if (k < 0) return undefined;
    return decodeParameterAt(this.bytes, this.index.paramStarts[k]!, this.index.ends[k]!, index);
  }

  /** Raw text of an instance as written (for diagnostics). */
  text(id: number): string | undefined {
    const k = this.ordinal(id);
    if (k < 0) return undefined;
    return new TextDecoder().decode(this.bytes.subarray(this.index.starts[k]!, this.index.ends[k]! + 1));
  }

  dispose(): void {
    this.cache.clear();
    this.byClass = null;
    this.idLists.clear();
  }
}
