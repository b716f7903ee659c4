/** Attribute access by name through the schema tables, with small typed helpers. */
import type { StepValue } from '../model';
import type { EntityDef, SchemaTables } from '../schema/schema-info';
import { decodeStringAt, referencesAt } from '../step/decode-direct';
import type { InstanceStore } from './store';

export class Access {
  constructor(
    readonly store: InstanceStore,
    readonly schema: SchemaTables,
  ) {}

  entityDef(id: number): EntityDef | undefined {
    const cls = this.store.classOf(id);
    return cls ? this.schema.entities.get(cls) : undefined;
  }

  /** Per ancestor, per class ordinal of the file: 0 not yet known, 1 a subtype, 2 not. */
  private readonly subtypeFlags = new Map<string, Uint8Array>();

  /** Whether the instance's class is `ancestorUpper` or one of its subtypes (cached per class). */
  is(id: number, ancestorUpper: string): boolean {
    const k = this.store.ordinal(id);
    if (k < 0) return false;
    const { classOf, classNames } = this.store.index;
    let flags = this.subtypeFlags.get(ancestorUpper);
    if (!flags) {
      flags = new Uint8Array(classNames.length);
      this.subtypeFlags.set(ancestorUpper, flags);
    }
    const ord = classOf[k]!;
    let flag = flags[ord]!;
    if (flag === 0) {
      flag = this.schema.isSubtypeOf(classNames[ord]!, ancestorUpper) ? 1 : 2;
      flags[ord] = flag;
    }
    return flag === 1;
  }

  /** The whole instance decoded once (not cached), or undefined for an unknown id or class. */
  row(id: number): Row | undefined {
    const def = this.entityDef(id);
    const params = def && this.store.paramsOnce(id);
    return def && params ? new Row(def, params) : undefined;
  }

  /** Per attribute name, per class ordinal of the file: parameter index + 1, 0 not yet known, -1 none. */
  private readonly attributeSlots = new Map<string, Int32Array>();

  /** The parameter index of attribute `name` in instances of the class with ordinal `cls`, or -1. */
  attributeIndexOf(cls: number, name: string): number {
    let slots = this.attributeSlots.get(name);
    if (!slots) {
      slots = new Int32Array(this.store.index.classNames.length);
      this.attributeSlots.set(name, slots);
    }
    let slot = slots[cls]!;
    if (slot === 0) {
      const i = this.schema.entities.get(this.store.index.classNames[cls]!)?.attributeIndex.get(name);
      slot = i === undefined ? -1 : i + 1;
      slots[cls] = slot;
    }
    return slot - 1 < 0 ? -1 : slot - 1;
  }

  /** One attribute as written; undefined when the class has no such attribute or the id is unknown. */
  attr(id: number, name: string): StepValue | undefined {
    const k = this.store.ordinal(id);
    if (k < 0) return undefined;
    const i = this.attributeIndexOf(this.store.index.classOf[k]!, name);
    if (i < 0) return undefined;
    return this.store.param(id, i);
  }

  /** A string (or typed string such as IFCLABEL('x')) attribute; null when unset or not a string. */
  str(id: number, name: string): string | null {
    const k = this.store.ordinal(id);
    if (k < 0) return null;
    const i = this.attributeIndexOf(this.store.index.classOf[k]!, name);
    if (i < 0) return null;
    const { bytes, index } = this.store;
    return decodeStringAt(bytes, index.paramStarts[k]!, index.ends[k]!, i, true) ?? null;
  }

  enumValue(id: number, name: string): string | null {
    const v = this.attr(id, name);
    return v?.kind === 'enum' ? v.value : null;
  }

  ref(id: number, name: string): number | null {
    const v = this.attr(id, name);
    return v?.kind === 'ref' ? v.id : null;
  }

  /** Referenced ids of a list attribute (or of a single reference), appended to `out`. */
  refs(id: number, name: string, out: number[] = []): number[] {
    const k = this.store.ordinal(id);
    if (k < 0) return out;
    const i = this.attributeIndexOf(this.store.index.classOf[k]!, name);
    if (i < 0) return out;
    const { bytes, index } = this.store;
    return referencesAt(bytes, index.paramStarts[k]!, index.ends[k]!, i, out);
  }
}

/** An instance decoded whole, read by attribute name (cheaper than several single-attribute reads). */
export class Row {
  constructor(
    readonly def: EntityDef,
    readonly params: readonly StepValue[],
  ) {}

  get(name: string): StepValue | undefined {
    const i = this.def.attributeIndex.get(name);
    return i === undefined ? undefined : this.params[i];
  }

  str(name: string): string | null {
    let v = this.get(name);
    if (v?.kind === 'typed') v = v.value;
    return v?.kind === 'string' ? v.value : null;
  }

  ref(name: string): number | null {
    const v = this.get(name);
    return v?.kind === 'ref' ? v.id : null;
  }

  refs(name: string): number[] {
    return refsOf(this.get(name));
  }
}

export function refsOf(v: StepValue | undefined): number[] {
  if (!v) return [];
  if (v.kind === 'ref') return [v.id];
  if (v.kind !== 'list') return [];
  const out: number[] = [];
  for (const item of v.items) if (item.kind === 'ref') out.push(item.id);
  return out;
}
