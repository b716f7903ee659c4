import { describeElements, type ElementSignatures } from '@plumbline/ids';
import type { IfcModel, IfcModelOrigin, PropertyView } from '@plumbline/ifc';

/**
 * Column arrays of the `elements` table for one version, for the COPY writer (output-writer.ts): each
 * product's signature (packages/ids identity: class, names, storey, placement, property
 * fingerprint), which is also what the next version is matched against.
 */
export type ElementColumns = ElementSignatures;

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
 * names, resolved predefined type, storey and identity signature, and every property and quantity
 * (the type's merged in, as the IDS engine sees them). Values are kept as written, several values
 * joined with '; '. One walk of the model gives both (the properties ride on `describeElements`).
 */
export function extractModel(model: IfcModel): ExtractedModel {
  const properties: PropertyColumns = {
    elementStepId: [],
    propertySet: [],
    name: [],
    value: [],
    dataType: [],
  };
  const elements = describeElements(model, {
    onPropertySet: (id, set) => {
      for (const property of set.properties) addProperty(properties, id, set.name, property, '');
    },
  });
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
