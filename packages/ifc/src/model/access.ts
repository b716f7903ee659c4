/** Attribute access by name through the schema tables, with small typed helpers. */
import type { StepValue } from '../model';
import type { EntityDef, SchemaTables } from '../schema/schema-info';
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

  is(id: number, ancestorUpper: string): boolean {
    const cls = this.store.classOf(id);
    return cls !== undefined && this.schema.isSubtypeOf(cls, ancestorUpper);
  }

  /** The whole instance decoded once (not cached), or undefined for an unknown id or class. */
  row(id: number): Row | undefined {
    const def = this.entityDef(id);
    const params = def && this.store.paramsOnce(id);
    return def && params ? new Row(def, params) : undefined;
  }

  /** One attribute as written; undefined when the class has no such attribute or the id is unknown. */
  attr(id: number, name: string): StepValue | undefined {
    const i = this.entityDef(id)?.attributeIndex.get(name);
    if (i === undefined) return undefined;
    return this.store.param(id, i);
  }

  /** A string (or typed string such as IFCLABEL('x')) attribute; null when unset or not a string. */
  str(id: number, name: string): string | null {
    let v = this.attr(id, name);
    if (v?.kind === 'typed') v = v.value;
    return v?.kind === 'string' ? v.value : null;
  }

  enumValue(id: number, name: string): string | null {
    const v = this.attr(id, name);
    return v?.kind === 'enum' ? v.value : null;
  }

  ref(id: number, name: string): number | null {
    const v = this.attr(id, name);
    return v?.kind === 'ref' ? v.id : null;
  }

  /** Referenced ids of a list attribute (or of a single reference). */
  refs(id: number, name: string): number[] {
    return refsOf(this.attr(id, name));
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
