/**
 * The schema knowledge the IDS engine needs (entity names, attributes and their declared types,
 * defined types), read from @plumbline/ifc's tables generated from the official EXPRESS schemas.
 */

import type { IfcSchemaId } from '@plumbline/ifc/model';
import { type SchemaTables, schemaTables } from '@plumbline/ifc/schema/schema-info';

export const SCHEMA_IDS: readonly IfcSchemaId[] = ['IFC2X3', 'IFC4', 'IFC4X3_ADD2'];

export function isSchemaId(version: string): version is IfcSchemaId {
  return (SCHEMA_IDS as readonly string[]).includes(version);
}

export function tablesFor(version: IfcSchemaId): SchemaTables {
  return schemaTables(version);
}

/** Upper-case names of every entity in the schema. */
export function entityNames(version: IfcSchemaId): readonly string[] {
  let names = namesCache.get(version);
  if (!names) {
    names = [...tablesFor(version).entities.keys()];
    namesCache.set(version, names);
  }
  return names;
}
const namesCache = new Map<IfcSchemaId, readonly string[]>();

/** What kind of value an attribute or a defined type holds, for lexical checks. */
export type ValueCategory =
  | 'string'
  | 'integer'
  | 'real'
  | 'boolean'
  | 'logical'
  | 'object'
  | 'select'
  | 'list'
  | 'unknown';

function categoryOfUnderlying(raw: string): ValueCategory {
  if (raw.startsWith('[')) return 'list';
  switch (raw.toUpperCase()) {
    case 'STRING':
    case 'BINARY':
      return 'string';
    case 'INTEGER':
      return 'integer';
    case 'REAL':
    case 'NUMBER':
      return 'real';
    case 'BOOLEAN':
      return 'boolean';
    case 'LOGICAL':
      return 'logical';
    default:
      return 'unknown';
  }
}

/** Category of a named type (defined type, enumeration, select, entity, or a base type). */
export function categoryOfType(tables: SchemaTables, typeName: string): ValueCategory {
  const base = categoryOfUnderlying(typeName);
  if (base !== 'unknown') return base;
  const kind = tables.typeKind(typeName);
  if (kind === 'entity') return 'object';
  if (kind === 'select') return 'select';
  if (kind === 'enum') return 'string';
  if (kind === 'defined') {
    const under = tables.underlyingType(typeName);
    if (under === undefined) return 'unknown';
    const c = categoryOfUnderlying(under);
    if (c !== 'unknown') return c;
    return categoryOfType(tables, under);
  }
  return 'unknown';
}

/** Category of an attribute's declared type in a class; undefined when the class has no such attribute. */
export function attributeCategory(
  tables: SchemaTables,
  className: string,
  attribute: string,
): ValueCategory | undefined {
  const def = tables.attributeDef(className, attribute);
  if (!def) return undefined;
  if (def.aggregate > 0) return 'list';
  return categoryOfType(tables, def.type);
}

/** Whether the upper-case name is a defined type or enumeration usable as a property dataType. */
export function isDataType(tables: SchemaTables, name: string): boolean {
  const kind = tables.typeKind(name);
  return kind === 'defined' || kind === 'enum';
}
