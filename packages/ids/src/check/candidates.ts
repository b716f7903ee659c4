/**
 * Broad phase: which instances a specification's applicability could match, without looking at
 * each instance. An entity facet names classes (exact, no subtypes), so its instances come from the
 * model's class index; other facets narrow to the classes that can carry them.
 *
 * `CandidateLists` builds each distinct list once per check and hands the same (ascending) array to
 * every specification that needs it: a pack of hundreds of specifications keyed on a property value
 * shares one list instead of rebuilding and re-sorting the whole model's for each (issue 22).
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

/** How to build a candidate list, and the key under which equal lists are shared. */
interface CandidateSource {
  readonly key: string;
  build(): ArrayLike<number>;
}

function idsOfClasses(model: IfcModel, classes: readonly string[]): CandidateSource {
  return {
    key: `classes:${[...classes].sort().join(',')}`,
    build() {
      if (classes.length === 1) return model.idsOfClass(classes[0] as string);
      const out: number[] = [];
      for (const cls of classes) {
        const ids = model.idsOfClass(cls);
        for (let i = 0; i < ids.length; i++) out.push(ids[i] as number);
      }
      return out;
    },
  };
}

/** Rooted instances that could carry properties, classifications, materials or part-of relations. */
function objectDefinitions(
  model: IfcModel,
  withProperties: boolean,
  withResources: boolean,
): CandidateSource {
  const roots = ['IFCOBJECTDEFINITION'];
  if (withProperties && model.schema !== 'IFC2X3') roots.push('IFCMATERIALDEFINITION', 'IFCPROFILEDEF');
  return {
    key: `objects:${roots.join(',')}${withResources ? '+classified' : ''}`,
    build() {
      const objects =
        roots.length === 1
          ? model.idsOfClassOrSubtypes('IFCOBJECTDEFINITION')
          : roots.flatMap((r) => [...model.idsOfClassOrSubtypes(r)]);
      if (!withResources) return objects;
      // "Any object in IFC model can have a Classification Reference" (IDS classification facet):
      // resources that are not IfcRoot, such as materials, too.
      const resources = model.classifiedResources();
      return resources.length === 0 ? objects : [...objects, ...resources];
    },
  };
}

/**
 * The ids ascending: as they are when they already are, else sorted as 32-bit numbers (a typed
 * array's numeric sort, several times faster than sorting numbers with a comparison function: a
 * list of every object definition of a 200 MB model is hundreds of thousands of ids).
 */
function ascending(ids: ArrayLike<number>): ArrayLike<number> {
  for (let i = 1; i < ids.length; i++) {
    if ((ids[i] as number) < (ids[i - 1] as number)) return Uint32Array.from(ids).sort();
  }
  return ids;
}

const NONE: ArrayLike<number> = Object.freeze([]);

/** Candidate lists of one check, each built and sorted once, shared by identity. */
export class CandidateLists {
  private readonly lists = new Map<string, ArrayLike<number>>();

  constructor(private readonly model: IfcModel) {}

  /** The ascending candidate ids of an applicability; equal lists are the same array. */
  of(applicability: readonly CompiledFacet[]): ArrayLike<number> {
    const source = candidateSource(this.model, applicability);
    if (source === null) return NONE;
    let list = this.lists.get(source.key);
    if (list === undefined) {
      list = ascending(source.build());
      this.lists.set(source.key, list);
    }
    return list;
  }
}

function candidateSource(model: IfcModel, applicability: readonly CompiledFacet[]): CandidateSource | null {
  if (applicability.length === 0) return null;
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
    return objectDefinitions(model, nonAttribute.type === 'property', nonAttribute.type === 'classification');
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
