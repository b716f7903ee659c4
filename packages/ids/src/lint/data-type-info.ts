/**
 * What the IDS documentation's DataTypes table says about a dataType: the IFC versions it is valid
 * in and the xs: base a restriction on it uses. Small and browser-safe on its own (the Studio's
 * sentences and data type lists read it without the schema tables the linter needs).
 */
import type { IfcSchemaId } from '@plumbline/ifc/model';
import { dataTypeTable } from './generated/data-types';

const VERSIONS: readonly IfcSchemaId[] = ['IFC2X3', 'IFC4', 'IFC4X3_ADD2'];

export interface DataTypeInfo {
  readonly name: string;
  readonly versions: readonly IfcSchemaId[];
  /** xs: base a restriction on this dataType uses ('double', 'string' …), or null when none. */
  readonly base: string | null;
}

let dataTypes: Map<string, DataTypeInfo> | null = null;

function table(): Map<string, DataTypeInfo> {
  if (!dataTypes) {
    dataTypes = new Map();
    for (const row of dataTypeTable.split('\n')) {
      const [type, flags, base] = row.split('|') as [string, string, string];
      const versions = VERSIONS.filter((_, i) => flags[i] === '1');
      dataTypes.set(type, { name: type, versions, base: base || null });
    }
  }
  return dataTypes;
}

/** What IDS says about a dataType; undefined when it does not list it. */
export function dataTypeInfo(name: string): DataTypeInfo | undefined {
  return table().get(name.toUpperCase());
}

/** Every dataType IDS lists, in the table's (alphabetical) order. */
export function allDataTypes(): DataTypeInfo[] {
  return [...table().values()];
}
