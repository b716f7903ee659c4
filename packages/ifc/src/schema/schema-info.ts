/** Runtime view of a generated schema table (format: see express-parser.ts `encodeSchemaTable`). */
import type { IfcSchemaId, SchemaInfo } from '../model';
import * as ifc2x3 from './generated/ifc2x3';
import * as ifc4 from './generated/ifc4';
import * as ifc4x3 from './generated/ifc4x3-add2';

export interface AttributeDef {
  readonly name: string;
  /** Declared type name as in the schema (e.g. 'IfcLabel'), without optional/aggregate markers. */
  readonly type: string;
  readonly optional: boolean;
  /** Aggregate depth: 0 for a single value, 1 for LIST/SET OF …, 2 for LIST OF LIST … */
  readonly aggregate: number;
}

/** An inverse attribute: the instances of `entity` (or a subtype) whose `attribute` refers to this one. */
export interface InverseDef {
  readonly name: string;
  readonly entity: string;
  readonly attribute: string;
}

export interface EntityDef {
  /** Spelling as in the schema, e.g. 'IfcWall'. */
  readonly name: string;
  readonly upper: string;
  readonly supertype: EntityDef | null;
  readonly abstract: boolean;
  readonly ownAttributes: readonly AttributeDef[];
  readonly ownDerived: readonly string[];
  /** Every explicit attribute in STEP order, inherited first. */
  readonly attributes: readonly AttributeDef[];
  readonly attributeNames: readonly string[];
  /** Attribute name → position in the STEP parameter list. */
  readonly attributeIndex: ReadonlyMap<string, number>;
  /** Inverse attributes by name, inherited ones included (a redeclaration replaces its supertype's). */
  readonly inverses: ReadonlyMap<string, InverseDef>;
  readonly subtypes: EntityDef[];
}

export type TypeKind = 'entity' | 'defined' | 'enum' | 'select';

export interface TypeDef {
  readonly name: string;
  readonly kind: Exclude<TypeKind, 'entity'>;
  /** defined: underlying type ('REAL', '[IfcLengthMeasure' …); enum: values; select: members. */
  readonly payload: readonly string[];
}

function parseAttribute(encoded: string): AttributeDef {
  const colon = encoded.indexOf(':');
  let type = encoded.slice(colon + 1);
  const optional = type.startsWith('?');
  if (optional) type = type.slice(1);
  let aggregate = 0;
  while (type.startsWith('[')) {
    aggregate++;
    type = type.slice(1);
  }
  return { name: encoded.slice(0, colon), type, optional, aggregate };
}

function parseInverse(encoded: string): InverseDef {
  const [name = '', entity = '', attribute = ''] = encoded.split(':');
  return { name, entity, attribute };
}

export class SchemaTables implements SchemaInfo {
  readonly entities = new Map<string, EntityDef>();
  readonly types = new Map<string, TypeDef>();

  constructor(
    readonly id: IfcSchemaId,
    table: string,
  ) {
    const raw = new Map<
      string,
      {
        name: string;
        sup: string;
        abstract: boolean;
        own: AttributeDef[];
        derived: string[];
        inverses: InverseDef[];
      }
    >();
    for (const line of table.split('\n')) {
      const f = line.split('|');
      const name = f[1] ?? '';
      if (f[0] === 'E') {
        raw.set(name.toUpperCase(), {
          name,
          sup: (f[2] ?? '').toUpperCase(),
          abstract: f[3] === '1',
          own: f[4] ? f[4].split(',').map(parseAttribute) : [],
          derived: f[5] ? f[5].split(',') : [],
          inverses: f[6] ? f[6].split(',').map(parseInverse) : [],
        });
      } else if (f[0] === 'T') {
        const kind = f[2] === 'e' ? 'enum' : f[2] === 's' ? 'select' : 'defined';
        this.types.set(name.toUpperCase(), { name, kind, payload: f[3] ? f[3].split(',') : [] });
      }
    }
    const build = (upper: string): EntityDef => {
      const done = this.entities.get(upper);
      if (done) return done;
      const r = raw.get(upper);
      if (!r) throw new Error(`schema table ${id}: unknown supertype ${upper}`);
      const supertype = r.sup ? build(r.sup) : null;
      const attributes = [...(supertype?.attributes ?? []), ...r.own];
      const def: EntityDef = {
        name: r.name,
        upper,
        supertype,
        abstract: r.abstract,
        ownAttributes: r.own,
        ownDerived: r.derived,
        attributes,
        attributeNames: attributes.map((a) => a.name),
        attributeIndex: new Map(attributes.map((a, i) => [a.name, i])),
        inverses: new Map([...(supertype?.inverses ?? []), ...r.inverses.map((i) => [i.name, i] as const)]),
        subtypes: [],
      };
      supertype?.subtypes.push(def);
      this.entities.set(upper, def);
      return def;
    };
    for (const upper of raw.keys()) build(upper);
  }

  entity(className: string): EntityDef | undefined {
    return this.entities.get(className.toUpperCase());
  }

  hasEntity(className: string): boolean {
    return this.entities.has(className.toUpperCase());
  }

  isSubtypeOf(className: string, ancestor: string): boolean {
    const target = ancestor.toUpperCase();
    for (let e = this.entity(className); e; e = e.supertype ?? undefined) if (e.upper === target) return true;
    return false;
  }

  attributeNames(className: string): readonly string[] | undefined {
    return this.entity(className)?.attributeNames;
  }

  isDerivedAttribute(className: string, attributeName: string): boolean {
    for (let e = this.entity(className); e; e = e.supertype ?? undefined) {
      if (e.ownDerived.includes(attributeName)) return true;
    }
    return false;
  }

  /** Declared type of an attribute (name, optional flag, aggregate depth), or undefined. */
  attributeDef(className: string, attributeName: string): AttributeDef | undefined {
    const e = this.entity(className);
    const i = e?.attributeIndex.get(attributeName);
    return i === undefined ? undefined : e?.attributes[i];
  }

  /** What a type name denotes in this schema: an entity, a defined type, an enumeration or a select. */
  typeKind(typeName: string): TypeKind | undefined {
    const upper = typeName.toUpperCase();
    if (this.entities.has(upper)) return 'entity';
    return this.types.get(upper)?.kind;
  }

  /** Underlying type of a defined type, followed to its root (e.g. IfcPositiveLengthMeasure → 'REAL'). */
  underlyingType(typeName: string): string | undefined {
    let t = this.types.get(typeName.toUpperCase());
    for (let hops = 0; t?.kind === 'defined' && hops < 8; hops++) {
      const next = this.types.get((t.payload[0] ?? '').toUpperCase());
      if (next?.kind !== 'defined') return t.payload[0];
      t = next;
    }
    return undefined;
  }

  /** Values of an enumeration type (upper case), or undefined. */
  enumValues(typeName: string): readonly string[] | undefined {
    const t = this.types.get(typeName.toUpperCase());
    return t?.kind === 'enum' ? t.payload : undefined;
  }

  /** Upper-case names of `className` and all its subtypes. */
  classAndSubtypes(className: string): string[] {
    const out: string[] = [];
    const walk = (e: EntityDef) => {
      out.push(e.upper);
      for (const s of e.subtypes) walk(s);
    };
    const root = this.entity(className);
    if (root) walk(root);
    return out;
  }
}

const cache = new Map<IfcSchemaId, SchemaTables>();
const sources: Record<IfcSchemaId, string> = {
  IFC2X3: ifc2x3.table,
  IFC4: ifc4.table,
  IFC4X3_ADD2: ifc4x3.table,
};

/** The schema tables for one schema, decoded once per process. */
export function schemaTables(id: IfcSchemaId): SchemaTables {
  let tables = cache.get(id);
  if (!tables) {
    tables = new SchemaTables(id, sources[id]);
    cache.set(id, tables);
  }
  return tables;
}
