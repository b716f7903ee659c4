// Over 500 lines: the one class behind IfcModel, whose raw byte reads (attributeRef, attributeEnumOrLead, attributeTypeName, the GlobalId survey, fileOrder) sit beside the index they read; splitting them out would expose the store.
/** The IfcModel implementation: an indexed STEP file with lazily built, cached views. */
import type {
  ClassificationReferenceView,
  IfcModel,
  IfcSchemaId,
  MaterialView,
  ParentLink,
  PartOfRelation,
  PredefinedTypeView,
  PropertySetView,
  StepValue,
  UnitView,
} from '../model';
import type { SchemaTables } from '../schema/schema-info';
import { allReferences, markKeptReferences, markReferences } from '../step/all-references';
import { decodeParameterAt, isNameByte, NULL_VALUE } from '../step/decode';
import { extractRefs, parameterOffset, parameterOffsetFrom, referencesFrom } from '../step/decode-direct';
import type { StepHeader } from '../step/header';
import { skipSpace } from '../step/index-file';
import { asciiString, internLatin1, internUpperName } from '../step/strings';
import { Access } from './access';
import { Classifications, type ClassificationView } from './classifications';
import { Materials } from './materials';
import { resolvePredefinedType } from './predefined-type';
import { PropertySets } from './properties';
import { RelationIndex, type RelationKind, type RelationRows } from './relations';
import type { InstanceStore } from './store';
import { Units } from './units';
import { WrittenKeys, type WrittenPart } from './written-keys';

const PART_OF: readonly (readonly [RelationKind, PartOfRelation])[] = [
  ['aggregates', 'IFCRELAGGREGATES'],
  ['assignsToGroup', 'IFCRELASSIGNSTOGROUP'],
  ['containedInSpatialStructure', 'IFCRELCONTAINEDINSPATIALSTRUCTURE'],
  ['nests', 'IFCRELNESTS'],
  ['voidsElement', 'IFCRELVOIDSELEMENT'],
  ['fillsElement', 'IFCRELFILLSELEMENT'],
];

const PARENT_SLOTS = 4096;

/** Relations followed upwards to find an element's storey, in order of preference. */
const STOREY_PATH: readonly RelationKind[] = [
  'containedInSpatialStructure',
  'aggregates',
  'fillsElement',
  'voidsElement',
  'nests',
];

export class StepIfcModel implements IfcModel {
  readonly schema: IfcSchemaId;
  private readonly access: Access;
  private readonly relations: RelationIndex;
  private readonly unitTable: Units;
  private readonly psets: PropertySets;
  private readonly classificationIndex: Classifications;
  private readonly materialIndex: Materials;
  private readonly attributeMaps = new Map<number, ReadonlyMap<string, StepValue>>();

  constructor(
    private readonly store: InstanceStore,
    readonly schemaInfo: SchemaTables,
    readonly header: StepHeader,
    readonly fileName: string | null,
    /** Relation rows another thread built over the same index (shared-model.ts). */
    relationRows: RelationRows | null = null,
  ) {
    this.schema = schemaInfo.id;
    this.access = new Access(store, schemaInfo);
    this.relations = new RelationIndex(this.access, store.takeRelationPairs(), relationRows);
    this.unitTable = new Units(this.access);
    const typeOf = (id: number) => this.typeOf(id);
    this.psets = new PropertySets(this.access, this.relations, this.unitTable, typeOf);
    this.classificationIndex = new Classifications(this.access, this.relations, typeOf);
    this.materialIndex = new Materials(this.access, this.relations, typeOf);
  }

  /** The indexed file under the model, for building the same model on another thread (shared-model.ts). */
  sharedParts(): { store: InstanceStore; fileName: string | null; relations: RelationRows } {
    return { store: this.store, fileName: this.fileName, relations: this.relations.allRows() };
  }

  get instanceCount(): number {
    return this.store.count;
  }

  /** Every instance's STEP id, in file order (a view of the index: do not change it). */
  instanceIds(): Uint32Array {
    return this.store.index.ids.subarray(0, this.store.count);
  }

  /** The instance's position in file order (0 … instanceCount - 1), or -1 for an unknown id. */
  ordinalOf(id: number): number {
    return this.store.ordinal(id);
  }

  /** The ids an instance refers to in any parameter, at any depth, in order; appended to `out`. */
  referencesOf(id: number, out: number[] = []): number[] {
    const k = this.store.ordinal(id);
    if (k < 0) return out;
    const { bytes, index } = this.store;
    return allReferences(bytes, index.paramStarts[k]!, index.ends[k]!, out);
  }

  /** Whether an instance is of the upper-case class `ancestorUpper` or a subtype of it (cached per class). */
  isA(id: number, ancestorUpper: string): boolean {
    return this.access.is(id, ancestorUpper);
  }

  /**
   * The index's class column: `classOf[k]` is the class ordinal of the instance at ordinal k (file
   * order), `classNames[c]` its upper-case name ('' for complex instances). A view: do not change it.
   */
  classColumn(): { readonly classOf: Uint16Array; readonly classNames: readonly string[] } {
    const { classOf, classNames, count } = this.store.index;
    return { classOf: classOf.subarray(0, count), classNames };
  }

  /** `referencesOf` by instance ordinal (file order), for passes over every instance. */
  referencesAtOrdinal(k: number, out: number[] = []): number[] {
    const { bytes, index } = this.store;
    return k < 0 || k >= this.store.count
      ? out
      : allReferences(bytes, index.paramStarts[k]!, index.ends[k]!, out);
  }

  /**
   * For reachability passes over every instance (`referencesAtOrdinal` without a list): each
   * instance the one at ordinal k refers to that is not yet marked in `visited` (a byte per
   * ordinal) is marked and its ordinal pushed on `stack` at `top`; returns the new top.
   */
  markReferencesAtOrdinal(k: number, visited: Uint8Array, stack: Int32Array, top: number): number {
    if (k < 0 || k >= this.store.count) return top;
    const { bytes, index } = this.store;
    const ordinals = this.store.ordinalTable ?? this.sparseOrdinal;
    const kept = index.references;
    if (kept && (kept.unread.length === 0 || !this.unreadReferences(kept.unread).has(k))) {
      // Kept by the scan (read with forValidity): the same references, the bytes not read again.
      const from = k === 0 ? 0 : kept.ends[k - 1]!;
      return markKeptReferences(kept.targets, from, kept.ends[k]!, ordinals, visited, stack, top);
    }
    return markReferences(bytes, index.paramStarts[k]!, index.ends[k]!, ordinals, visited, stack, top);
  }

  private readonly sparseOrdinal = (id: number) => this.store.ordinal(id);

  /** The ordinals whose references the scan did not keep, as a set (built on first use; usually none). */
  private unreadSet: Set<number> | null = null;
  private unreadReferences(unread: Uint32Array): Set<number> {
    this.unreadSet ??= new Set(unread);
    return this.unreadSet;
  }

  /**
   * Keys for the ways instances are written (written-keys.ts): the same key for two instances of a
   * class whose `parts` are written with the same bytes, for passes that judge each way once.
   */
  writtenKeys(parts: readonly WrittenPart[]): WrittenKeys {
    return new WrittenKeys(this.store, this.access, parts);
  }

  /** Upper-case class names present in the file. */
  classNamesInFile(): readonly string[] {
    return this.store.classNames().filter((c) => c !== '');
  }

  idsOfClass(className: string): readonly number[] {
    return this.store.idsOfClass(className);
  }

  idsOfClassOrSubtypes(className: string): readonly number[] {
    const classes = this.schemaInfo.classAndSubtypes(className);
    if (classes.length === 0) return this.store.idsOfClass(className);
    if (classes.length === 1) return this.store.idsOfClass(classes[0]!);
    // Class by class, straight from the grouped ordinals (no per-class id list built and copied).
    const groups = classes.map((c) => this.store.ordinalsOfClass(c.toUpperCase()));
    let total = 0;
    for (const g of groups) total += g.length;
    const out = new Array<number>(total);
    const { ids } = this.store.index;
    let n = 0;
    for (const g of groups) for (let i = 0; i < g.length; i++) out[n++] = ids[g[i]!]!;
    return out;
  }

  classOf(id: number): string | undefined {
    return this.store.classOf(id);
  }

  attributes(id: number): ReadonlyMap<string, StepValue> {
    const cached = this.attributeMaps.get(id);
    if (cached) return cached;
    const def = this.access.entityDef(id);
    const params = this.store.params(id);
    const map = new Map<string, StepValue>();
    if (def && params) {
      def.attributeNames.forEach((name, i) => {
        map.set(name, params[i] ?? NULL_VALUE);
      });
    }
    if (this.attributeMaps.size > 10_000) this.attributeMaps.clear();
    this.attributeMaps.set(id, map);
    return map;
  }

  attribute(id: number, name: string): StepValue | undefined {
    const def = this.access.entityDef(id);
    const i = def?.attributeIndex.get(name);
    if (i === undefined) return undefined;
    // Only this parameter is decoded (the others skipped over): decoding and caching all of them
    // was most of an attribute facet's cost (decision 0193).
    return this.store.param(id, i) ?? NULL_VALUE;
  }

  /** A string attribute (also a typed one, IFCLABEL('x')) read straight from the bytes; null when unset or not a string. */
  attributeString(id: number, name: string): string | null {
    return this.access.str(id, name);
  }

  /**
   * The first byte of an attribute's parameter as written (after white space), without decoding it:
   * 36 `$`, 42 `*`, 46 `.` (an enumeration), 39 `'` (a string), 35 `#`, 40 `(`, a letter (a typed
   * value) or a digit or sign; -1 when the instance or its class has no such attribute. For passes
   * that only care about one kind of value (say, enumerations) and can skip the rest undecoded.
   */
  attributeLead(id: number, name: string): number {
    const p = this.locate(id, name);
    return p < 0 ? -1 : (this.store.bytes[p] ?? -1);
  }

  /** The last parameter `locate` walked to: the instance's ordinal, the parameter's index and offset. */
  private walkedOrdinal = -1;
  private walkedIndex = 0;
  private walkedAt = 0;

  /** What `locate` found besides the offset: the instance's parameter bounds and the attribute's index. */
  private locatedStart = 0;
  private locatedEnd = 0;
  private locatedIndex = 0;

  /**
   * The offset of an attribute's first byte as written (after white space), or -1 when the
   * instance or its class has no such attribute; the instance's parameter bounds and the
   * attribute's index are left in `located…` for a decoder fallback. Shared by the raw reads
   * below, without an object per read.
   */
  private locate(id: number, name: string): number {
    const k = this.store.ordinal(id);
    if (k < 0) return -1;
    const i = this.access.attributeIndexOf(this.store.index.classOf[k]!, name);
    if (i < 0) return -1;
    const { bytes, index } = this.store;
    const start = index.paramStarts[k]!;
    const end = index.ends[k]!;
    // A later attribute of the instance located last: the walk goes on from there.
    const at =
      k === this.walkedOrdinal && i >= this.walkedIndex
        ? parameterOffsetFrom(bytes, this.walkedAt, this.walkedIndex, end, i)
        : parameterOffset(bytes, start, end, i);
    if (at < 0) return -1;
    this.walkedOrdinal = k;
    this.walkedIndex = i;
    this.walkedAt = at;
    this.locatedStart = start;
    this.locatedEnd = end;
    this.locatedIndex = i;
    return skipSpace(bytes, at);
  }

  /**
   * An enumeration attribute's value as written (.USERDEFINED. → 'USERDEFINED'), or null when the
   * attribute holds anything else or the class has no such attribute. Only an enumeration is
   * decoded; anything else is recognised by its first byte and skipped.
   */
  attributeEnum(id: number, name: string): string | null {
    const read = this.attributeEnumOrLead(id, name);
    return typeof read === 'string' ? read : null;
  }

  /**
   * `attributeEnum` and `attributeLead` in one read: the enumeration's value when the attribute is
   * an enumeration, otherwise its first byte as `attributeLead` gives it (-1: no such attribute).
   */
  attributeEnumOrLead(id: number, name: string): string | number {
    const p = this.locate(id, name);
    if (p < 0) return -1;
    const { bytes } = this.store;
    const lead = bytes[p] ?? -1;
    if (lead !== 46) return lead;
    const end = this.locatedEnd;
    const q = bytes.indexOf(46, p + 1);
    if (q !== -1 && q <= end) return internLatin1(bytes, p + 1, q); // the few values repeat: interned
    const v = decodeParameterAt(bytes, this.locatedStart, end, this.locatedIndex); // malformed: as the decoder reports it
    return v?.kind === 'enum' ? v.value : lead;
  }

  /**
   * Which of `candidates` a string attribute equals (`attributeString`, compared on the bytes): its
   * index; -1 a string none of them is; -2 null (unset, not a string, no such attribute); -3 ''.
   * A plain literal (no quote, backslash or byte past ASCII inside) is compared as written, without
   * a string built; anything else through `attributeString`. For passes that judge a string
   * against a few allowed values and need its text only when it is none of them.
   */
  attributeStringIndex(id: number, name: string, candidates: readonly string[]): number {
    const p = this.locate(id, name);
    if (p < 0) return -2;
    const { bytes } = this.store;
    if (bytes[p] === 39) {
      const q = bytes.indexOf(39, p + 1);
      const after = q === -1 || q >= this.locatedEnd ? -1 : bytes[skipSpace(bytes, q + 1)];
      if (after === 44 || after === 41) {
        let plain = true;
        for (let k = p + 1; k < q; k++) {
          const c = bytes[k]!;
          if (c === 92 || c >= 128) {
            plain = false;
            break;
          }
        }
        if (plain) {
          const n = q - p - 1;
          if (n === 0) return -3;
          for (let i = 0; i < candidates.length; i++) {
            const s = candidates[i]!;
            if (s.length !== n) continue;
            let k = 0;
            while (k < n && s.charCodeAt(k) === bytes[p + 1 + k]) k++;
            if (k === n) return i;
          }
          return -1;
        }
      }
    }
    const s = this.access.str(id, name);
    return s === null ? -2 : s === '' ? -3 : candidates.indexOf(s);
  }

  /**
   * A typed value's type as the decoder names it (`IFCLABEL('x')` → 'IFCLABEL', interned), read
   * from the bytes without decoding the value inside; null when the attribute holds anything else
   * or the class has no such attribute: `attribute`'s `type` when its kind is 'typed'.
   */
  attributeTypeName(id: number, name: string): string | null {
    const p = this.locate(id, name);
    if (p < 0) return null;
    const { bytes } = this.store;
    const end = this.locatedEnd;
    const lead = bytes[p]!;
    if (!isNameByte(lead) || (lead >= 48 && lead <= 57)) return null; // a digit: a number
    let q = p + 1;
    while (q < end && isNameByte(bytes[q]!)) q++;
    if (bytes[skipSpace(bytes, q)] === 40) return internUpperName(bytes, p, q);
    const v = decodeParameterAt(bytes, this.locatedStart, end, this.locatedIndex); // malformed: as the decoder reports it
    return v?.kind === 'typed' ? v.type : null;
  }

  /**
   * A reference attribute's id (`#12` → 12) read from the bytes, or null when the attribute holds
   * anything else or the class has no such attribute: `attribute` when its kind is 'ref'.
   */
  attributeRef(id: number, name: string): number | null {
    const p = this.locate(id, name);
    if (p < 0) return null;
    const { bytes } = this.store;
    if (bytes[p] !== 35) return null;
    const end = this.locatedEnd;
    let ref = 0;
    let q = p + 1;
    for (let d = bytes[q]!; d >= 48 && d <= 57 && q < end; d = bytes[++q]!) ref = ref * 10 + (d - 48);
    const next = bytes[skipSpace(bytes, q)];
    if (q > p + 1 && (next === 44 || next === 41)) return ref;
    const v = decodeParameterAt(bytes, this.locatedStart, end, this.locatedIndex); // anything unusual: as the decoder reads it
    return v?.kind === 'ref' ? v.id : null;
  }

  /**
   * The ids an attribute refers to at any depth (in nested lists and typed values too), in order,
   * read straight from the bytes; appended to `out`. Nothing when the class has no such attribute.
   */
  attributeRefsDeep(id: number, name: string, out: number[] = []): number[] {
    const k = this.store.ordinal(id);
    if (k < 0) return out;
    const i = this.access.attributeIndexOf(this.store.index.classOf[k]!, name);
    if (i < 0) return out;
    const { bytes, index } = this.store;
    extractRefs(bytes, index.paramStarts[k]!, index.ends[k]!, i, out);
    return out;
  }

  /**
   * What an instance points to through one of the relation indexes (its containers, wholes, type …),
   * as the index holds them (a view: do not change it). For passes over every element that would
   * otherwise build `parents` lists.
   */
  relationTargets(kind: RelationKind, id: number): Uint32Array {
    return this.relations.targets(kind, id);
  }

  /**
   * `relationTargets(kind, id).length` by instance ordinal, and where those targets start in
   * `relationTargetColumn(kind)`, without a view per instance (for passes over every element).
   */
  relationTargetCount(kind: RelationKind, k: number): number {
    return this.relations.targetCount(kind, k);
  }

  relationFirstTarget(kind: RelationKind, k: number): number {
    return this.relations.firstTarget(kind, k);
  }

  /** Every target of a relation index, row after row (a view: do not change it). */
  relationTargetColumn(kind: RelationKind): Uint32Array {
    return this.relations.targetsOf(kind);
  }

  /** Ids of every instance with at least one target through a relation index, in file order. */
  relationSources(kind: RelationKind): number[] {
    return this.relations.sources(kind);
  }

  /**
   * The positions of `ids` in file order: `ids[order[0]]` comes first in the file, unknown ids
   * last. Passes that read many instances' bytes and keep an answer per position read them in this
   * order: front to back through the file costs about half of reading them class by class (as
   * `idsOfClassOrSubtypes` lists them), the memory's prefetching doing the rest.
   */
  fileOrder(ids: readonly number[]): Int32Array {
    const order = new Int32Array(ids.length);
    const positionAt = new Int32Array(this.store.count).fill(-1);
    let unknown = 0;
    for (let n = 0; n < ids.length; n++) {
      const k = this.store.ordinal(ids[n]!);
      if (k < 0) unknown++;
      else if (positionAt[k] !== -1) {
        // An id listed twice: sort the positions instead (stable, by ordinal, unknown ids last).
        const sorted = Array.from({ length: ids.length }, (_, i) => i);
        const rank = (i: number) => {
          const o = this.store.ordinal(ids[i]!);
          return o < 0 ? Number.MAX_SAFE_INTEGER : o;
        };
        sorted.sort((a, b) => rank(a) - rank(b));
        order.set(sorted);
        return order;
      } else positionAt[k] = n;
    }
    let o = 0;
    for (let k = 0; k < positionAt.length; k++) if (positionAt[k] !== -1) order[o++] = positionAt[k]!;
    if (unknown > 0) for (let n = 0; n < ids.length; n++) if (this.store.ordinal(ids[n]!) < 0) order[o++] = n;
    return order;
  }

  /**
   * `fileOrder(idsOfClassOrSubtypes(className))` from one pass over the class column: the list
   * holds each class's instances in file order, class after class, so an instance's position is
   * its class's start in the list plus how many of its class came before it. No id is looked up.
   */
  fileOrderOfClassOrSubtypes(className: string): Int32Array {
    const classes = this.schemaInfo.classAndSubtypes(className);
    const uppers = classes.length === 0 ? [className.toUpperCase()] : classes.map((c) => c.toUpperCase());
    const { classOf, classNames } = this.store.index;
    const start = new Int32Array(classNames.length).fill(-1);
    let total = 0;
    for (const upper of uppers) {
      const c = classNames.indexOf(upper);
      if (c < 0) continue;
      if (start[c] !== -1) return this.fileOrder(this.idsOfClassOrSubtypes(className)); // listed twice
      start[c] = total;
      total += this.store.ordinalsOfClass(upper).length;
    }
    const order = new Int32Array(total);
    const before = new Int32Array(classNames.length);
    const count = this.store.count;
    let o = 0;
    for (let k = 0; k < count && o < total; k++) {
      const c = classOf[k]!;
      const at = start[c]!;
      if (at === -1) continue;
      order[o++] = at + before[c]!;
      before[c]!++;
    }
    return order;
  }

  /**
   * A number that two instances with the same GlobalId share (a hash of its characters, below 2^53),
   * or -1 when it has none (unset or empty). Read from the bytes when written plainly, without
   * building the string. Equal GlobalIds give equal keys; equal keys may still be different GlobalIds.
   */
  globalIdKey(id: number): number {
    const k = this.store.ordinal(id);
    if (k < 0) return -1;
    const { bytes, index } = this.store;
    const at = index.paramStarts[k]! + 1;
    if (bytes[at] === 39 && bytes[at + 23] === 39 && this.access.is(id, 'IFCROOT')) {
      // hashCodes over the 22 bytes, inlined (see there).
      let h1 = 0x811c9dc5;
      let h2 = 0x01000193;
      let w = 0;
      let plain = true;
      for (let i = at + 1; i < at + 23; i++) {
        const c = bytes[i]!;
        if (GUID_BYTE[c]! >= 2) {
          plain = false;
          break;
        }
        w = (w << 8) | c;
        if (((i - at) & 3) === 0) {
          h1 = Math.imul(h1 ^ w, 0x01000193);
          h2 = Math.imul(h2 ^ w, 0x5bd1e995) ^ (h2 >>> 13);
          w = 0;
        }
      }
      if (plain) {
        h1 = Math.imul(h1 ^ w, 0x01000193);
        h2 = Math.imul(h2 ^ w, 0x5bd1e995) ^ (h2 >>> 13);
        return (h1 >>> 0) * 0x200000 + ((h2 >>> 0) & 0x1fffff);
      }
    }
    const text = this.globalId(id);
    return text === null || text === '' ? -1 : hashCodes(text);
  }

  /**
   * `globalIdKey` and `globalIdWellFormed` of many instances in one read of each GlobalId's bytes:
   * `keys[i]` is `globalIdKey(ids[i])`, `wellFormed[i]` is `globalIdWellFormed(ids[i])` as 1 (true),
   * 0 (false) or 2 (null). For passes over every rooted instance.
   */
  globalIdSurvey(
    ids: readonly number[],
    /** `fileOrder(ids)` when the caller has it already. */
    order: Int32Array = this.fileOrder(ids),
  ): { keys: Float64Array; wellFormed: Uint8Array } {
    const keys = new Float64Array(ids.length);
    const wellFormed = new Uint8Array(ids.length);
    const { bytes, index } = this.store;
    const { paramStarts, classOf, classNames } = index;
    // Per class ordinal, 1 when IFCROOT or a subtype (asked once per class, not per instance).
    const rooted = new Uint8Array(classNames.length);
    for (let c = 0; c < classNames.length; c++)
      rooted[c] = this.schemaInfo.isSubtypeOf(classNames[c]!, 'IFCROOT') ? 1 : 0;
    // In file order (the bytes read front to back), each answer written at the id's own position.
    for (let o = 0; o < order.length; o++) {
      const n = order[o]!;
      const id = ids[n]!;
      const k = this.store.ordinal(id);
      if (k < 0) {
        keys[n] = -1;
        wellFormed[n] = 2;
        continue;
      }
      const at = paramStarts[k]! + 1;
      if (bytes[at] !== 39 || bytes[at + 23] !== 39) {
        keys[n] = this.globalIdKey(id);
        wellFormed[n] = 2;
        continue;
      }
      // globalIdWellFormed: the first character 0–3, then the base-64 alphabet; a backslash: unsure.
      const first = bytes[at + 1]!;
      let formed = first >= 48 && first <= 51 ? 1 : 0;
      // globalIdKey's hash, inlined (see there).
      let h1 = 0x811c9dc5;
      let h2 = 0x01000193;
      let w = 0;
      let plain = true;
      for (let i = at + 1; i < at + 23; i++) {
        const c = bytes[i]!;
        const kind = GUID_BYTE[c]!;
        if (kind !== 1) {
          if (formed === 1 && i > at + 1) formed = kind === 2 ? 2 : 0;
          if (kind >= 2) {
            plain = false;
            if (formed !== 1) break;
            continue;
          }
        }
        w = (w << 8) | c;
        if (((i - at) & 3) === 0) {
          h1 = Math.imul(h1 ^ w, 0x01000193);
          h2 = Math.imul(h2 ^ w, 0x5bd1e995) ^ (h2 >>> 13);
          w = 0;
        }
      }
      wellFormed[n] = formed;
      if (plain && rooted[classOf[k]!] === 1) {
        h1 = Math.imul(h1 ^ w, 0x01000193);
        h2 = Math.imul(h2 ^ w, 0x5bd1e995) ^ (h2 >>> 13);
        keys[n] = (h1 >>> 0) * 0x200000 + ((h2 >>> 0) & 0x1fffff);
      } else keys[n] = this.globalIdKey(id);
    }
    return { keys, wellFormed };
  }

  /**
   * The ids an attribute refers to (a reference or a list of them), read straight from the bytes;
   * appended to `out` when given (a list a pass over many instances reuses), else a new list.
   */
  attributeRefs(id: number, name: string, out?: number[]): number[] {
    return this.access.refs(id, name, out);
  }

  /**
   * `attributeRefs` written into `out` from position `at` on, returning the position after the
   * last; `out`'s length is left to the caller. For passes that read many short lists into one
   * array: emptying it (`length = 0`) would drop its storage every time.
   */
  attributeRefsInto(id: number, name: string, out: number[], at = 0): number {
    // Located as the raw reads locate (going on from an earlier attribute of the same instance).
    const p = this.locate(id, name);
    if (p < 0) return at;
    return referencesFrom(
      this.store.bytes,
      p,
      this.locatedStart,
      this.locatedEnd,
      this.locatedIndex,
      out,
      at,
    );
  }

  predefinedType(id: number): string | null {
    return this.predefinedTypeView(id)?.value ?? null;
  }

  predefinedTypeView(id: number): PredefinedTypeView | null {
    return resolvePredefinedType(this.access, id, this.typeOf(id));
  }

  typeOf(id: number): number | null {
    const type = this.relations.first('definesByType', id);
    return type < 0 ? null : type;
  }

  propertySets(id: number): readonly PropertySetView[] {
    return this.psets.forObject(id);
  }

  classifications(id: number): readonly ClassificationView[] {
    return this.classificationIndex.forObject(id);
  }

  classifiedResources(): readonly number[] {
    return this.classificationIndex.classifiedResources();
  }

  /** Only the references associated with the object itself (no type inheritance). */
  ownClassifications(id: number): readonly ClassificationReferenceView[] {
    return this.classificationIndex.ownRefs(id);
  }

  materials(id: number): readonly MaterialView[] {
    return this.materialIndex.forObject(id);
  }

  /** Parent links by id in direct-mapped slots: wholes (storeys, buildings) are asked for by every element in them. */
  private readonly parentIds = new Float64Array(PARENT_SLOTS).fill(-1);
  private readonly parentLinks: (readonly ParentLink[])[] = new Array(PARENT_SLOTS);

  parents(id: number): readonly ParentLink[] {
    const slot = id & (PARENT_SLOTS - 1);
    if (this.parentIds[slot] === id) return this.parentLinks[slot]!;
    const links = this.parentsOf(id);
    this.parentIds[slot] = id;
    this.parentLinks[slot] = links;
    return links;
  }

  private parentsOf(id: number): readonly ParentLink[] {
    const out: ParentLink[] = [];
    for (const [kind, relation] of PART_OF) {
      const targets = this.relations.targets(kind, id);
      for (let i = 0; i < targets.length; i++) out.push({ id: targets[i]!, relation });
    }
    return out;
  }

  /** Ids of every IfcProduct and IfcTypeObject instance (what the server stores as elements). */
  *products(): IterableIterator<number> {
    for (const cls of this.store.classNames()) {
      if (
        this.schemaInfo.isSubtypeOf(cls, 'IFCPRODUCT') ||
        this.schemaInfo.isSubtypeOf(cls, 'IFCTYPEOBJECT')
      ) {
        yield* this.store.idsOfClass(cls);
      }
    }
  }

  globalId(id: number): string | null {
    // Fast path: a rooted instance starts with its 22-character GlobalId literal.
    const k = this.store.ordinal(id);
    if (k < 0) return null;
    const { bytes, index } = this.store;
    const at = index.paramStarts[k]! + 1;
    if (bytes[at] === 39 && bytes[at + 23] === 39 && this.access.is(id, 'IFCROOT')) {
      for (let i = at + 1; i < at + 23; i++) {
        const c = bytes[i]!;
        if (c === 39 || c === 92 || c >= 128) return this.access.str(id, 'GlobalId');
      }
      return asciiString(bytes, at + 1, at + 23);
    }
    return this.access.str(id, 'GlobalId');
  }

  /**
   * Whether a rooted instance's GlobalId is written as 22 characters of the IFC base-64 alphabet
   * starting with 0–3, read from the bytes without building the string (null: not written plainly,
   * e.g. with escapes or not as the first parameter; ask `globalId`).
   */
  globalIdWellFormed(id: number): boolean | null {
    const k = this.store.ordinal(id);
    if (k < 0) return null;
    const { bytes, index } = this.store;
    const at = index.paramStarts[k]! + 1;
    if (bytes[at] !== 39 || bytes[at + 23] !== 39) return null;
    const first = bytes[at + 1]!;
    if (first < 48 || first > 51) return false;
    for (let i = at + 2; i < at + 23; i++) {
      const c = bytes[i]!;
      const ok =
        (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
      if (!ok) return c === 92 ? null : false; // a backslash may start an escape: decode to be sure
    }
    return true;
  }

  name(id: number): string | null {
    return this.access.str(id, 'Name');
  }

  /** The building storey an element is in: up through containment and aggregation (and voids/fills). */
  storeyOf(id: number): number | null {
    const seen = new Set<number>();
    let cur: number | null = id;
    while (cur !== null && !seen.has(cur) && seen.size < 64) {
      seen.add(cur);
      if (this.access.is(cur, 'IFCBUILDINGSTOREY')) return cur;
      let next = -1;
      for (const kind of STOREY_PATH) {
        next = this.relations.first(kind, cur);
        if (next >= 0) break;
      }
      cur = next < 0 ? null : next;
    }
    return null;
  }

  /** The project's unit assignment, each with its scale (and offset) to SI. */
  units(): readonly UnitView[] {
    return this.unitTable.list();
  }

  /** Converts a value of a measure type (e.g. 'IFCAREAMEASURE') from the project's unit to SI. */
  toSI(value: number, measureType: string): number {
    const c = this.unitTable.conversionFor(measureType.toUpperCase(), null);
    return value * c.scale + c.offset;
  }

  dispose(): void {
    this.store.dispose();
    this.attributeMaps.clear();
  }
}

/**
 * How a byte reads in a GlobalId (decision 0447): 1 a character of the IFC base-64 alphabet, 0 any
 * other plain byte, 2 a backslash (an escape may start), 3 a quote or a byte of 128 or more.
 */
const GUID_BYTE = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  GUID_BYTE[c] =
    c === 39 || c >= 128
      ? 3
      : c === 92
        ? 2
        : (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36
          ? 1
          : 0;
}

/**
 * A 53-bit hash of a string's character codes (two 32-bit lanes over groups of four characters;
 * `globalIdKey` and `globalIdSurvey` inline it for bytes). Equal strings give equal hashes.
 */
function hashCodes(text: string): number {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    w = (w << 8) | text.charCodeAt(i);
    if (((i + 1) & 3) === 0) {
      h1 = Math.imul(h1 ^ w, 0x01000193);
      h2 = Math.imul(h2 ^ w, 0x5bd1e995) ^ (h2 >>> 13);
      w = 0;
    }
  }
  h1 = Math.imul(h1 ^ w, 0x01000193);
  h2 = Math.imul(h2 ^ w, 0x5bd1e995) ^ (h2 >>> 13);
  return (h1 >>> 0) * 0x200000 + ((h2 >>> 0) & 0x1fffff);
}
