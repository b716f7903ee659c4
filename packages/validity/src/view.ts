/**
 * What the rules read: the @plumbline/ifc model index seen the way the rules' authors wrote them
 * (attributes by name, inverse attributes by name, classes with or without subtypes), each answer
 * built on first use and bounded by the instances of the classes asked about.
 */
import type { EntityDef, IfcSchemaId, SchemaTables, StepIfcModel, StepValue } from '@plumbline/ifc';

/** The header fields the rules read. */
export interface HeaderView {
  /** FILE_SCHEMA's first name as written, e.g. 'IFC4X3_ADD2'. */
  readonly schemaIdentifier: string;
  /** FILE_DESCRIPTION's description strings. */
  readonly description: readonly string[];
}

const NONE: readonly number[] = [];
const NO_CANDIDATES: readonly string[] = [];

/** `View.globalIdSurvey`: per rooted instance, `globalIdKey` and `globalIdWellFormed` (1 true, 0 false, 2 null). */
export interface GlobalIdSurvey {
  readonly roots: readonly number[];
  readonly keys: Float64Array;
  readonly wellFormed: Uint8Array;
}

export class View {
  readonly schema: IfcSchemaId;
  readonly tables: SchemaTables;
  readonly header: HeaderView;
  private readonly subtypeFlags = new Map<string, Map<string, boolean>>();
  private readonly inverseMaps = new Map<string, Map<number, number[]>>();
  private readonly relatedMaps = new Map<string, Map<number, number[]>>();
  private readonly ofTypeCache = new Map<string, readonly number[]>();

  constructor(readonly model: StepIfcModel) {
    this.schema = model.schema;
    this.tables = model.schemaInfo;
    this.classColumn = model.classColumn();
    const fileSchema = model.header.fileSchema[0] ?? '';
    const description = model.header.entities.get('FILE_DESCRIPTION')?.[0];
    this.header = {
      schemaIdentifier: fileSchema,
      description:
        description?.kind === 'list'
          ? description.items.flatMap((v) => (v.kind === 'string' ? [v.value] : []))
          : [],
    };
  }

  /** The schema as the rules name it: 'IFC2X3', 'IFC4' or 'IFC4X3' (IFC4X3_ADD2). */
  get schemaName(): 'IFC2X3' | 'IFC4' | 'IFC4X3' {
    return this.schema === 'IFC4X3_ADD2' ? 'IFC4X3' : this.schema;
  }

  /** Upper-case class of an instance ('' when unknown). */
  classOf(id: number): string {
    return this.model.classOf(id) ?? '';
  }

  /** The class as the schema spells it (IfcWall), for messages. */
  className(id: number): string {
    const upper = this.classOf(id);
    return this.tables.entities.get(upper)?.name ?? upper;
  }

  entity(id: number): EntityDef | undefined {
    return this.tables.entities.get(this.classOf(id));
  }

  /** The index's class column: class ordinal per instance ordinal, and the file's upper-case class names. */
  private readonly classColumn: { readonly classOf: Uint16Array; readonly classNames: readonly string[] };
  /** Per ancestor as a rule spells it: per class ordinal of the file, 1 when the class is it or a subtype. */
  private readonly classSets = new Map<string, Uint8Array>();

  /**
   * The classes of the file that are `ancestor` (any case) or a subtype of it, as a byte per class
   * ordinal (built once per ancestor over the file's few hundred classes): for `isIn` in passes
   * over many instances.
   */
  classSet(ancestor: string): Uint8Array {
    let set = this.classSets.get(ancestor);
    if (!set) {
      const upper = ancestor.toUpperCase();
      const { classNames } = this.classColumn;
      set = new Uint8Array(classNames.length);
      for (let c = 0; c < classNames.length; c++)
        if (this.tables.isSubtypeOf(classNames[c]!, upper)) set[c] = 1;
      this.classSets.set(ancestor, set);
    }
    return set;
  }

  /** The class ordinal of an instance (an index into `classSet`'s bytes), or -1 for an unknown id. */
  classOrdinal(id: number): number {
    const k = this.model.ordinalOf(id);
    return k < 0 ? -1 : this.classColumn.classOf[k]!;
  }

  /** Whether the instance's class is in a `classSet`. */
  isIn(id: number, set: Uint8Array): boolean {
    const k = this.model.ordinalOf(id);
    return k >= 0 && set[this.classColumn.classOf[k]!] === 1;
  }

  /** Whether the instance is of `ancestor` (any case) or a subtype of it. */
  is(id: number, ancestor: string): boolean {
    return this.isIn(id, this.classSet(ancestor));
  }

  /** Whether an upper-case class name is `ancestor` or a subtype of it (cached). */
  classIs(upperClass: string, ancestor: string): boolean {
    const target = ancestor.toUpperCase();
    let flags = this.subtypeFlags.get(target);
    if (!flags) {
      flags = new Map();
      this.subtypeFlags.set(target, flags);
    }
    let flag = flags.get(upperClass);
    if (flag === undefined) {
      flag = this.tables.isSubtypeOf(upperClass, target);
      flags.set(upperClass, flag);
    }
    return flag;
  }

  /** Instances of a class, with its subtypes or without, in file order per class. */
  ofType(className: string, subtypes = true): readonly number[] {
    const key = `${className.toUpperCase()}|${subtypes}`;
    let ids = this.ofTypeCache.get(key);
    if (!ids) {
      ids = subtypes ? this.model.idsOfClassOrSubtypes(className) : this.model.idsOfClass(className);
      this.ofTypeCache.set(key, ids);
    }
    return ids;
  }

  /**
   * `model.fileOrder(ofType(className))` (with subtypes): positions in that list, in file order,
   * from one pass over the class column. Not kept: each pass that reads in file order asks once,
   * and at 1 GB the positions of every IfcRoot take 15 MB.
   */
  fileOrder(className: string): Int32Array {
    return this.model.fileOrderOfClassOrSubtypes(className);
  }

  /** An explicit attribute as written; undefined when the class has no such attribute. */
  attr(id: number, name: string): StepValue | undefined {
    return this.model.attribute(id, name);
  }

  /** Whether the instance's class has an explicit attribute of this name. */
  hasAttribute(id: number, name: string): boolean {
    return this.entity(id)?.attributeIndex.has(name) ?? false;
  }

  /** A reference attribute's id, or null (read from the bytes, nothing decoded). */
  ref(id: number, name: string): number | null {
    return this.model.attributeRef(id, name);
  }

  /** The ids an attribute refers to (a reference, or a list of them at any depth); ids the file lacks are left out. */
  refs(id: number, name: string): number[] {
    const refs = this.model.attributeRefs(id, name);
    for (let i = 0; i < refs.length; i++) {
      if (this.model.ordinalOf(refs[i]!) < 0) return refs.filter((r) => this.model.ordinalOf(r) >= 0);
    }
    return refs;
  }

  /**
   * `refs` into `out` (emptied first), for passes over many instances that read the list before
   * asking for the next one: no list is allocated per instance. Returns `out`.
   */
  refsInto(id: number, name: string, out: number[]): number[] {
    // Written over what `out` held, not after emptying it: `length = 0` drops an array's storage.
    const n = this.model.attributeRefsInto(id, name, out, 0);
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const r = out[i]!;
      if (this.model.ordinalOf(r) >= 0) out[kept++] = r;
    }
    if (out.length !== kept) out.length = kept;
    return out;
  }

  /** A string attribute (a typed string such as IFCLABEL('x') too), or null. */
  str(id: number, name: string): string | null {
    return this.model.attributeString(id, name);
  }

  /** An enumeration attribute's value (.USERDEFINED. → 'USERDEFINED'), or null. */
  enumValue(id: number, name: string): string | null {
    return this.model.attributeEnum(id, name);
  }

  /**
   * Whether the attribute is given: the class has it and it is written as neither `$` nor `*`
   * (read from its first byte, nothing decoded).
   */
  isSet(id: number, name: string): boolean {
    const lead = this.model.attributeLead(id, name);
    return lead !== -1 && lead !== 36 && lead !== 42 && lead !== 41;
  }

  /**
   * `isEmptyValue(attr(id, name))`, without decoding the attribute when its first byte answers
   * (`$`, `*`, a reference, no such attribute), nor a string literal, judged on its bytes
   * (`attributeStringIndex`: -1 a string that is not '', -3 ''; decision 0454).
   */
  isEmpty(id: number, name: string): boolean {
    const lead = this.model.attributeLead(id, name);
    if (lead === -1 || lead === 36 || lead === 42 || lead === 41) return true;
    if (lead === 35) return false;
    if (lead === 39) {
      const code = this.model.attributeStringIndex(id, name, NO_CANDIDATES);
      if (code === -1) return false;
      if (code === -3) return true;
    }
    return isEmptyValue(this.attr(id, name));
  }

  /**
   * An inverse attribute by name (IsDecomposedBy, ContainedInStructure …): the instances of the
   * declared entity whose attribute refers to this one. Empty when the class has no such inverse.
   */
  inverse(id: number, name: string): readonly number[] {
    const k = this.model.ordinalOf(id);
    if (k < 0) return NONE; // no class: no inverse
    // Per name, per class ordinal of the file (decision 0454: no class name looked up per instance).
    let byClass = this.inverseOfClass.get(name);
    if (!byClass) {
      byClass = new Array(this.classColumn.classNames.length);
      this.inverseOfClass.set(name, byClass);
    }
    const c = this.classColumn.classOf[k]!;
    let index = byClass[c];
    if (index === undefined) {
      const def = this.tables.entities.get(this.classColumn.classNames[c]!)?.inverses.get(name);
      index = def ? this.inverseIndex(def.entity, def.attribute) : null;
      byClass[c] = index;
    }
    return index?.get(id) ?? NONE;
  }

  /** Per inverse name, per class ordinal: the index answering it (null: the class has no such inverse). */
  private readonly inverseOfClass = new Map<string, (ReadonlyMap<number, number[]> | null | undefined)[]>();

  /** Through an inverse attribute's relationships, the instances their `to` attribute names (e.g. Decomposes → RelatingObject). */
  inverseTargets(id: number, name: string, to: string): readonly number[] {
    const def = this.entity(id)?.inverses.get(name);
    if (!def) return [];
    return this.related(def.entity, def.attribute, to).get(id) ?? [];
  }

  /** Per inverse name: per class ordinal of the file, 0 not yet known, 1 declared (or inherited), 2 not. */
  private readonly inverseFlags = new Map<string, Uint8Array>();

  /** Whether the instance's class declares (or inherits) the inverse attribute (a byte per class). */
  hasInverse(id: number, name: string): boolean {
    const c = this.classOrdinal(id);
    if (c < 0) return false;
    let flags = this.inverseFlags.get(name);
    if (!flags) {
      flags = new Uint8Array(this.classColumn.classNames.length);
      this.inverseFlags.set(name, flags);
    }
    let flag = flags[c]!;
    if (flag === 0) {
      flag = this.tables.entities.get(this.classColumn.classNames[c]!)?.inverses.has(name) ? 1 : 2;
      flags[c] = flag;
    }
    return flag === 1;
  }

  /**
   * Whether an inverse attribute is non-empty. The spatial and type relations every element has are
   * answered from the model's own relation index (built from the scan), not from a map of our own.
   */
  inverseNonEmpty(id: number, name: string): boolean {
    if (!this.hasInverse(id, name)) return false;
    const via = (relation: string) => this.model.parents(id).some((l) => l.relation === relation);
    switch (name) {
      case 'IsTypedBy':
        return this.model.typeOf(id) !== null;
      case 'ContainedInStructure':
        return via('IFCRELCONTAINEDINSPATIALSTRUCTURE');
      case 'Decomposes':
        // IFC2X3: IfcRelDecomposes, i.e. aggregation or nesting; later: IfcRelAggregates.
        return via('IFCRELAGGREGATES') || (this.schema === 'IFC2X3' && via('IFCRELNESTS'));
      case 'Nests':
        return via('IFCRELNESTS');
      case 'VoidsElements':
        return via('IFCRELVOIDSELEMENT');
      default:
        return this.inverse(id, name).length > 0;
    }
  }

  /** Target id → the instances of `entity` (and subtypes) whose `attribute` refers to it. Built once per pair. */
  inverseIndex(entity: string, attribute: string): ReadonlyMap<number, number[]> {
    const key = `${entity.toUpperCase()}.${attribute}`;
    let map = this.inverseMaps.get(key);
    if (!map) {
      map = new Map();
      for (const rel of this.ofType(entity)) {
        const refs = this.model.attributeRefs(rel, attribute);
        // A target listed twice counts the relationship once.
        for (const target of refs.length > 1 ? new Set(refs) : refs) {
          const list = map.get(target);
          if (list) list.push(rel);
          else map.set(target, [rel]);
        }
      }
      this.inverseMaps.set(key, map);
    }
    return map;
  }

  /**
   * Through a relationship class, from the instances its `from` attribute names to those its `to`
   * attribute names (e.g. IfcRelContainedInSpatialStructure, RelatedElements → RelatingStructure:
   * element → its structures). Built once per triple, each relationship read once: asking a
   * relationship for an attribute behind a long list would read past the list every time.
   */
  related(entity: string, from: string, to: string): ReadonlyMap<number, number[]> {
    const key = `${entity.toUpperCase()}.${from}>${to}`;
    let map = this.relatedMaps.get(key);
    if (!map) {
      map = new Map();
      const fromRefs: number[] = [];
      const toRefs: number[] = [];
      for (const rel of this.ofType(entity)) {
        // Read from the bytes, at any depth (as `refsIn` of the decoded value), nothing decoded.
        toRefs.length = 0;
        this.model.attributeRefsDeep(rel, to, toRefs);
        const targets = toRefs.filter((r) => this.model.ordinalOf(r) >= 0);
        if (targets.length === 0) continue;
        fromRefs.length = 0;
        this.model.attributeRefsDeep(rel, from, fromRefs);
        for (const source of fromRefs.length > 1 ? new Set(fromRefs) : fromRefs) {
          const list = map.get(source);
          if (list) list.push(...targets);
          else map.set(source, targets.length === 1 ? [targets[0]!] : [...targets]);
        }
      }
      this.relatedMaps.set(key, map);
    }
    return map;
  }

  globalId(id: number): string | null {
    return this.model.globalId(id);
  }

  private rootGlobalIds: GlobalIdSurvey | null = null;

  /**
   * Every IfcRoot instance (as `ofType('IfcRoot')` lists them) with its GlobalId's key and whether
   * it is well formed, each GlobalId read once from the bytes (PJS003 and SCH001 share it).
   */
  globalIdSurvey(): GlobalIdSurvey {
    if (!this.rootGlobalIds) {
      const roots = this.ofType('IfcRoot');
      this.rootGlobalIds = { roots, ...this.model.globalIdSurvey(roots, this.fileOrder('IfcRoot')) };
    }
    return this.rootGlobalIds;
  }
}

/** Referenced ids in a value, at any depth. */
export function refsIn(v: StepValue | undefined, out: number[] = []): number[] {
  if (!v) return out;
  if (v.kind === 'ref') out.push(v.id);
  else if (v.kind === 'list') for (const item of v.items) refsIn(item, out);
  else if (v.kind === 'typed') refsIn(v.value, out);
  return out;
}

/**
 * Python's truthiness of an attribute value as ifcopenshell returns it, which the rules' "is empty"
 * means: null, '', 0, false and an empty list are empty; anything else is not.
 */
export function isEmptyValue(v: StepValue | undefined): boolean {
  if (!v) return true;
  switch (v.kind) {
    case 'null':
    case 'derived':
      return true;
    case 'string':
    case 'binary':
      return v.value === '';
    case 'integer':
    case 'real':
      return v.value === 0;
    case 'enum':
      return v.value === 'F';
    case 'list':
      return v.items.length === 0;
    default:
      return false;
  }
}

/** A value as ifcopenshell gives it for comparison with a literal: strings, numbers, booleans or null. */
export function plainValue(v: StepValue | undefined): string | number | boolean | null {
  if (!v) return null;
  switch (v.kind) {
    case 'string':
    case 'binary':
    case 'integer':
    case 'real':
      return v.value;
    case 'enum':
      return v.value === 'T' ? true : v.value === 'F' ? false : v.value === 'U' ? 'UNKNOWN' : v.value;
    case 'typed':
      return plainValue(v.value);
    default:
      return null;
  }
}
