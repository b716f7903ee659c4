import type { IfcModel, IfcModelOrigin, PropertyView } from '@plumbline/ifc';

/** Column arrays of the `elements` table for one version, for the COPY writer (output-writer.ts). */
export interface ElementColumns {
  stepId: number[];
  globalId: (string | null)[];
  ifcClass: string[];
  name: (string | null)[];
  typeName: (string | null)[];
  predefinedType: (string | null)[];
  predefinedTypeUserDefined: boolean[];
  level: (string | null)[];
}

/** Column arrays of `element_properties`: one entry per element, set and property. */
export interface PropertyColumns {
  elementStepId: number[];
  propertySet: string[];
  name: string[];
  value: (string | null)[];
  dataType: (string | null)[];
}

export interface ExtractedModel {
  elements: ElementColumns;
  properties: PropertyColumns;
  /** The header's FILE_NAME and the IfcProject (set by analyse, which has the STEP model). */
  origin?: IfcModelOrigin;
  /** The schema the model was read with (set by analyse). */
  schema?: string;
}

/**
 * Everything the database stores about a model: each IfcProduct and IfcTypeObject with its class,
 * names, resolved predefined type and storey, and every property and quantity (the type's merged in,
 * as the IDS engine sees them). Values are kept as written, several values joined with '; '.
 */
export function extractModel(model: IfcModel): ExtractedModel {
  const elements: ElementColumns = {
    stepId: [],
    globalId: [],
    ifcClass: [],
    name: [],
    typeName: [],
    predefinedType: [],
    predefinedTypeUserDefined: [],
    level: [],
  };
  const properties: PropertyColumns = {
    elementStepId: [],
    propertySet: [],
    name: [],
    value: [],
    dataType: [],
  };
  const storeyNames = new Map<number, string | null>();
  for (const id of model.products()) {
    const typeId = model.typeOf(id);
    const storeyId = model.storeyOf(id);
    let level: string | null = null;
    if (storeyId !== null) {
      if (!storeyNames.has(storeyId)) storeyNames.set(storeyId, model.name(storeyId));
      level = storeyNames.get(storeyId) ?? null;
    }
    elements.stepId.push(id);
    elements.globalId.push(model.globalId(id));
    elements.ifcClass.push(model.classOf(id) ?? 'UNKNOWN');
    elements.name.push(model.name(id));
    elements.typeName.push(typeId === null ? null : model.name(typeId));
    const predefined = model.predefinedTypeView(id);
    elements.predefinedType.push(predefined?.value ?? null);
    elements.predefinedTypeUserDefined.push(predefined?.userDefined ?? false);
    elements.level.push(level);
    for (const set of model.propertySets(id)) {
      for (const property of set.properties) addProperty(properties, id, set.name, property, '');
    }
  }
  return { elements, properties };
}

function addProperty(
  into: PropertyColumns,
  elementId: number,
  setName: string,
  property: PropertyView,
  prefix: string,
): void {
  const name = prefix + property.name;
  if (property.kind === 'complex' && property.properties) {
    for (const nested of property.properties) addProperty(into, elementId, setName, nested, `${name}.`);
    return;
  }
  into.elementStepId.push(elementId);
  into.propertySet.push(setName);
  into.name.push(name);
  into.value.push(
    property.values.length === 0 ? null : property.values.map((v) => String(v.value)).join('; '),
  );
  into.dataType.push(property.values[0]?.dataType ?? null);
}
