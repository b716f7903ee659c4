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

  /** One attribute as written; undefined when the class has no such attribute or the id is unknown. */
  attr(id: number, name: string): StepValue | undefined {
    const i = this.entityDef(id)?.attributeIndex.get(name);
    if (i === undefined) return undefined;
    return this.store.params(id)?.[i];
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

export function refsOf(v: StepValue | undefined): number[] {
  if (!v) return [];
  if (v.kind === 'ref') return [v.id];
  if (v.kind !== 'list') return [];
  const out: number[] = [];
  for (const item of v.items) if (item.kind === 'ref') out.push(item.id);
  return out;
}
