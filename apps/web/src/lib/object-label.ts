/** The identity a result row carries: its STEP id and whatever the stored element gives. */
export interface ObjectIdentity {
  viewer_db_id: number;
  global_id: string | null;
  name: string | null;
  ifc_class: string | null;
}

/**
 * What to call a result row's object when the model gives it no name. Results can apply to IFC
 * entities that are not stored as elements (the IfcProject, a group, a system): their class, name
 * and GlobalId are then unknown here and the STEP id (#N, the line in the IFC file) is what is left
 * (decision 0178). Screens print this instead of dashes.
 */
export function objectLabel(row: ObjectIdentity): { text: string; hint: string } {
  const step = `#${row.viewer_db_id}`;
  if (row.name) return { text: row.name, hint: `${row.ifc_class ?? 'IFC entity'} ${step}` };
  if (row.ifc_class)
    return { text: `Unnamed ${row.ifc_class} ${step}`, hint: `${row.ifc_class} ${step} has no Name` };
  return {
    text: `IFC entity ${step}`,
    hint: `Instance ${step} of the IFC file is not a building element or type, so no GlobalId, name or class is stored for it`,
  };
}

/** The class column's text: the class, or what the object is not when no class is stored. */
export function classLabel(row: ObjectIdentity): string {
  return row.ifc_class ?? 'Not an element';
}
