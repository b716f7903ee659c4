/**
 * An instance's predefined type as IDS 1.0 reads it (entity-facet.md, "The logic for the
 * identification of predefinedType"): the type object's value wins over the occurrence's; a
 * PredefinedType of USERDEFINED stands for the name in the class's user-defined type attribute.
 */
import type { PredefinedTypeView } from '../model';
import type { Access } from './access';

/**
 * Where each kind of entity keeps the name of a user-defined type: IfcObject.ObjectType,
 * IfcElementType.ElementType, IfcTypeProcess.ProcessType, IfcTypeResource.ResourceType. A class
 * has at most one of them, so the first one set is the class's own.
 */
const USER_DEFINED_TYPE_ATTRIBUTES = ['ObjectType', 'ElementType', 'ProcessType', 'ResourceType'] as const;

function userDefinedName(access: Access, id: number): string | null {
  for (const attribute of USER_DEFINED_TYPE_ATTRIBUTES) {
    const name = access.str(id, attribute);
    if (name !== null) return name;
  }
  return null;
}

/** What the instance itself says, without looking at its type object. */
function ownPredefinedType(access: Access, id: number): PredefinedTypeView | null {
  const value = access.enumValue(id, 'PredefinedType');
  if (value !== null && value !== 'USERDEFINED') return { value, userDefined: false };
  const name = userDefinedName(access, id);
  if (value === 'USERDEFINED') return { value: name ?? 'USERDEFINED', userDefined: true };
  // No PredefinedType (a class without one, or unset): the user-defined name alone, if any.
  return name === null ? null : { value: name, userDefined: false };
}

/**
 * The type object's value when it defines one (not NOTDEFINED, and a USERDEFINED with a name),
 * else the occurrence's, else a bare USERDEFINED of the type.
 */
export function resolvePredefinedType(
  access: Access,
  id: number,
  typeOf: number | null,
): PredefinedTypeView | null {
  const typeId = access.is(id, 'IFCTYPEOBJECT') ? id : typeOf;
  const fromType = typeId === null ? null : ownPredefinedType(access, typeId);
  const typeDefines =
    fromType !== null &&
    fromType.value !== 'NOTDEFINED' &&
    !(fromType.userDefined && fromType.value === 'USERDEFINED');
  if (typeDefines) return fromType;
  const own = typeId === id ? fromType : ownPredefinedType(access, id);
  return own ?? (fromType?.userDefined ? fromType : null);
}
