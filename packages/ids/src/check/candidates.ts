/**
 * Broad phase: which instances a specification's applicability could match, without looking at
 * each instance. An entity facet names classes (exact, no subtypes), so its instances come from the
 * model's class index; other facets narrow to the classes that can carry them.
 */
import type { IfcModel } from '@plumbline/ifc/model';
import { entityNames, tablesFor } from '../audit/schema-lookup';
import { CompiledAttributeFacet } from '../facets/attribute';
import { CompiledEntityFacet } from '../facets/entity';
import type { CompiledFacet } from '../facets/evaluation';

/** Classes present in the model whose name satisfies `accept`. */
function classesMatching(model: IfcModel, accept: (cls: string) => boolean): string[] {
  return entityNames(model.schema).filter((cls) => accept(cls) && model.idsOfClass(cls).length > 0);
}

function idsOfClasses(model: IfcModel, classes: readonly string[]): readonly number[] {
  if (classes.length === 1) return model.idsOfClass(classes[0] as string);
  const out: number[] = [];
  for (const cls of classes) {
    const ids = model.idsOfClass(cls);
    for (let i = 0; i < ids.length; i++) out.push(ids[i] as number);
  }
  return out;
}

/** Rooted instances that could carry properties, classifications, materials or part-of relations. */
function objectDefinitions(model: IfcModel, withProperties: boolean): readonly number[] {
  const roots = ['IFCOBJECTDEFINITION'];
  if (withProperties && model.schema !== 'IFC2X3') roots.push('IFCMATERIALDEFINITION', 'IFCPROFILEDEF');
  if (roots.length === 1) return model.idsOfClassOrSubtypes('IFCOBJECTDEFINITION');
  return roots.flatMap((r) => [...model.idsOfClassOrSubtypes(r)]);
}

export function candidateIds(model: IfcModel, applicability: readonly CompiledFacet[]): readonly number[] {
  if (applicability.length === 0) return [];
  const entity = applicability.find((f): f is CompiledEntityFacet => f instanceof CompiledEntityFacet);
  if (entity) {
    const finite = entity.name.finite;
    const classes = finite
      ? finite.filter((cls) => model.schemaInfo.hasEntity(cls) && cls === cls.toUpperCase())
      : classesMatching(model, (cls) => entity.matchesClass(cls));
    if (model.schema === 'IFC2X3') {
      // IFC4 names resolved through their IFC2X3 occurrence; the facet checks the type.
      for (const m of entity.ifc2x3Mappings())
        if (!classes.includes(m.occurrence)) classes.push(m.occurrence);
    }
    return idsOfClasses(model, classes);
  }
  const nonAttribute = applicability.find((f) => !(f instanceof CompiledAttributeFacet));
  if (nonAttribute) {
    const objects = objectDefinitions(model, nonAttribute.type === 'property');
    if (nonAttribute.type !== 'classification') return objects;
    // "Any object in IFC model can have a Classification Reference" (IDS classification facet):
    // resources that are not IfcRoot, such as materials, too.
    const resources = model.classifiedResources();
    return resources.length === 0 ? objects : [...objects, ...resources];
  }
  // Only attribute facets: the classes that declare a matching attribute.
  const attr = applicability[0] as CompiledAttributeFacet;
  const tables = tablesFor(model.schema);
  const classes = classesMatching(model, (cls) => {
    const names = tables.entity(cls)?.attributeNames ?? [];
    return names.some((n) => attr.name.matchesString(n));
  });
  return idsOfClasses(model, classes);
}
