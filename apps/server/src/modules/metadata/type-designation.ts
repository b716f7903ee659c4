import { schemaTables } from '@plumbline/ifc';

/**
 * The stored `predefined_type` column holds what the IDS engine matches (`predefinedTypeView`): the
 * enumeration value, the user-defined name behind USERDEFINED, or, for a class without a
 * PredefinedType attribute (an IFC2X3 door), its ObjectType. A screen must not call the last one a
 * predefined type, so this splits the column back into what the schema says each part is.
 */
export interface TypeDesignation {
  /** An enumeration value of the class's PredefinedType (USERDEFINED when a name stands in for it). */
  predefinedType: string | null;
  /** The ObjectType (or ElementType) name, when that is what the model gives. */
  objectType: string | null;
}

const SCHEMAS = ['IFC4X3_ADD2', 'IFC4', 'IFC2X3'] as const;

/**
 * Whether `value` is a value of the class's predefined-type enumeration in a schema that knows the
 * class: the type of its PredefinedType attribute, else the `<Class>TypeEnum` its type object uses
 * (an IFC2X3 IfcWall takes its IfcWallType's value).
 */
function isEnumerationValue(ifcClass: string, value: string): boolean {
  const upper = value.toUpperCase();
  for (const schema of SCHEMAS) {
    const tables = schemaTables(schema);
    if (!tables.hasEntity(ifcClass)) continue;
    const attribute = tables.attributeDef(ifcClass, 'PredefinedType');
    const enumNames = [
      attribute?.type,
      `${ifcClass.replace(/STANDARDCASE$/i, '')}TypeEnum`,
      `${ifcClass.replace(/TYPE$/i, '')}TypeEnum`,
    ];
    for (const name of enumNames) {
      if (name && tables.enumValues(name)?.includes(upper)) return true;
    }
  }
  return false;
}

export function typeDesignation(
  ifcClass: string,
  stored: string | null,
  userDefined: boolean,
): TypeDesignation {
  if (stored === null) return { predefinedType: null, objectType: null };
  if (userDefined) {
    return stored === 'USERDEFINED'
      ? { predefinedType: 'USERDEFINED', objectType: null }
      : { predefinedType: 'USERDEFINED', objectType: stored };
  }
  return isEnumerationValue(ifcClass, stored)
    ? { predefinedType: stored, objectType: null }
    : { predefinedType: null, objectType: stored };
}
