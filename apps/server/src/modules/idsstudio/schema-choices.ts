/**
 * The choices the Studio offers per IFC version, from the engine's schema tables: entities with
 * their predefined types and attributes (official EXPRESS schemas), the standard property and
 * quantity sets with each property's data type (buildingSMART's definitions), and every IDS
 * dataType with the restriction base and the SI unit its values are written in. Built once per
 * version and kept (a few hundred KB each); the route answers it with a long cache lifetime.
 */
import type { IdsIfcVersion, StudioSchema } from '@plumbline/contracts';
import { siUnitOf, unitTypeOf } from '@plumbline/ids/describe/si-units';
import { allDataTypes } from '@plumbline/ids/lint/data-type-info';
import { propertySetTables } from '@plumbline/ifc/schema/property-sets';
import { type EntityDef, schemaTables } from '@plumbline/ifc/schema/schema-info';

const built = new Map<IdsIfcVersion, StudioSchema>();

function isRooted(entity: EntityDef): boolean {
  for (let e: EntityDef | null = entity; e; e = e.supertype) if (e.upper === 'IFCROOT') return true;
  return false;
}

function buildSchema(version: IdsIfcVersion): StudioSchema {
  const tables = schemaTables(version);
  const entities = [...tables.entities.values()]
    .map((e) => {
      const predefined = tables.attributeDef(e.name, 'PredefinedType');
      return {
        name: e.name,
        abstract: e.abstract,
        parent: e.supertype?.name ?? null,
        rooted: isRooted(e),
        predefined_types: predefined ? [...(tables.enumValues(predefined.type) ?? [])] : [],
        attributes: [...e.attributeNames],
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const psets = propertySetTables(version);
  const property_sets = psets
    ? [...psets.sets.values()]
        .map((set) => ({
          name: set.name,
          quantity: set.quantity,
          classes: [...set.applicableClasses],
          properties: [...set.properties.values()].map((p) => ({
            name: p.name,
            data_type: p.dataType,
            kind: p.kind,
            enumeration: [...p.enumeration],
            deprecated: p.deprecated,
          })),
        }))
        .sort((a, b) => a.name.localeCompare(b.name))
    : [];
  const data_types = allDataTypes()
    .filter((t) => t.versions.includes(version))
    .map((t) => ({
      name: t.name,
      base: t.base,
      unit_type: unitTypeOf(t.name) ?? null,
      unit: siUnitOf(t.name) ?? null,
    }));
  return { ifc_version: version, entities, property_sets, data_types };
}

/** The Studio's choices for one IFC version, built on first use. */
export function studioSchema(version: IdsIfcVersion): StudioSchema {
  let schema = built.get(version);
  if (!schema) {
    schema = buildSchema(version);
    built.set(version, schema);
  }
  return schema;
}
