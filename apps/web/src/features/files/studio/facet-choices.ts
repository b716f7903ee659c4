/**
 * The pickers' lists, from the schema's tables of the specification's IFC version and the facts of
 * the chosen model: what the model really has comes first, with its counts (issue 33 §2). Pure.
 */
import type { StudioModelFacts, StudioSchema } from '@plumbline/contracts';
import type { Choice } from './choice-select';

type Label = (count: number) => string;

/** Element classes: the model's (with counts) first, then the schema's other concrete rooted classes. */
export function classChoices(
  schema: StudioSchema | undefined,
  facts: StudioModelFacts | undefined,
  inModel: Label,
): { model: Choice[]; schema: Choice[] } {
  const spelled = new Map((schema?.entities ?? []).map((e) => [e.name.toUpperCase(), e.name]));
  const model = (facts?.classes ?? []).map((c) => ({
    value: c.ifc_class.toUpperCase(),
    label: `${spelled.get(c.ifc_class.toUpperCase()) ?? c.ifc_class} (${inModel(c.count)})`,
  }));
  const taken = new Set(model.map((c) => c.value));
  const rest = (schema?.entities ?? [])
    .filter((e) => e.rooted && !e.abstract && !taken.has(e.name.toUpperCase()))
    .map((e) => ({ value: e.name.toUpperCase(), label: e.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { model, schema: rest };
}

/** A class's predefined types in the schema. */
export function predefinedTypeChoices(schema: StudioSchema | undefined, ifcClass: string): Choice[] {
  const entity = schema?.entities.find((e) => e.name.toUpperCase() === ifcClass);
  return (entity?.predefined_types ?? []).map((p) => ({ value: p, label: p }));
}

/** Property sets: the model's first, then the standard sets defined for the class (all when none chosen). */
export function propertySetChoices(
  schema: StudioSchema | undefined,
  facts: StudioModelFacts | undefined,
  ifcClass: string,
  inModel: Label,
): { model: Choice[]; schema: Choice[] } {
  const model = (facts?.property_sets ?? []).map((s) => ({
    value: s.name,
    label: `${s.name} (${inModel(s.element_count)})`,
  }));
  const taken = new Set(model.map((c) => c.value));
  const rest = (schema?.property_sets ?? [])
    .filter((s) => !taken.has(s.name) && (ifcClass === '' || s.classes.includes(ifcClass)))
    .map((s) => ({ value: s.name, label: s.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { model, schema: rest };
}

/** A set's properties: those the model has and those the standard defines, once each. */
export function propertyChoices(
  schema: StudioSchema | undefined,
  facts: StudioModelFacts | undefined,
  propertySet: string,
  inModel: Label,
): Choice[] {
  const inFacts = facts?.property_sets.find((s) => s.name === propertySet)?.properties ?? [];
  const standard = schema?.property_sets.find((s) => s.name === propertySet)?.properties ?? [];
  const choices = inFacts.map((p) => ({ value: p.name, label: `${p.name} (${inModel(p.element_count)})` }));
  const taken = new Set(choices.map((c) => c.value));
  for (const p of standard) if (!taken.has(p.name)) choices.push({ value: p.name, label: p.name });
  return choices;
}

/** The data type proposed for a property: the standard's, else the one the model's values carry. */
export function proposedDataType(
  schema: StudioSchema | undefined,
  facts: StudioModelFacts | undefined,
  propertySet: string,
  name: string,
): string {
  const standard = schema?.property_sets
    .find((s) => s.name === propertySet)
    ?.properties.find((p) => p.name === name)?.data_type;
  if (standard) return standard;
  const seen = facts?.property_sets
    .find((s) => s.name === propertySet)
    ?.properties.find((p) => p.name === name)?.data_type;
  return seen?.toUpperCase() ?? '';
}

/** The xs: base of an enumeration of values of a data type ('string' when the type does not say). */
export function restrictionBase(schema: StudioSchema | undefined, dataType: string): string {
  return schema?.data_types.find((d) => d.name === dataType)?.base ?? 'string';
}

/**
 * Attributes for an attribute facet: those of the class the specification applies to, else every
 * attribute a rooted class of the schema has; the current name stays offered when neither lists it.
 */
export function attributeChoices(
  schema: StudioSchema | undefined,
  ifcClass: string,
  current: string,
): Choice[] {
  const entities = schema?.entities ?? [];
  const own = entities.find((e) => e.name.toUpperCase() === ifcClass.toUpperCase())?.attributes;
  const names = own ?? [...new Set(entities.filter((e) => e.rooted).flatMap((e) => e.attributes))].sort();
  const list = current !== '' && !names.includes(current) ? [current, ...names] : names;
  return list.map((name) => ({ value: name, label: name }));
}
