/**
 * IFC105 / IFC106: every resource instance (not an IfcRoot) is reached from a rooted instance by
 * forward references or a small set of inverse attributes. One traversal over the model (each
 * instance's bytes scanned once), shared by both rules; memory is a byte per instance.
 */
import type { Findings, Rule } from '../rule';
import type { View } from '../view';

/** Inverse attributes the traversal follows besides forward references (as the rule's feature lists them). */
const FOLLOWED_INVERSES = new Set([
  // resource-level relationships, entered through the inverses that point into them
  'Relates',
  'ApprovedResources',
  'IsPointedTo',
  'PropertyDependsOn',
  'ExternalReferenceForResources',
  'IsRelatedWith',
  'PropertyForDependance',
  'HasApprovals',
  'PropertiesForConstraint',
  'IsPointer',
  'RelatesTo',
  'HasExternalReference',
  'IsRelatedBy',
  'HasConstraints',
  'HasExternalReferences',
  // the curated ones
  'StyledByItem',
  'HasCoordinateOperation',
  'LayerAssignments',
  'LayerAssignment',
  'HasSubContexts',
  'HasProperties',
  'HasRepresentation',
  'HasColours',
  'HasTextures',
  'HasShapeAspects',
  'WellKnownText',
]);

/** Read from the assignments and styled items themselves (one map for the three names, as upstream). */
const PRESENTATION_INVERSES = new Set(['LayerAssignments', 'LayerAssignment', 'StyledByItem']);

const unreachedCache = new WeakMap<View, { resources: number; unreached: number[] }>();

/** Resource instances no rooted instance reaches, and how many resource instances there are. */
export function unreachedResources(view: View): { resources: number; unreached: number[] } {
  const cached = unreachedCache.get(view);
  if (cached) return cached;
  const { model } = view;
  const visited = new Uint8Array(model.instanceCount);
  const presentation = new Map<number, number[]>();
  const note = (target: number, by: number) => {
    const list = presentation.get(target);
    if (list) list.push(by);
    else presentation.set(target, [by]);
  };
  for (const a of view.ofType('IfcPresentationLayerAssignment')) {
    for (const item of view.refs(a, 'AssignedItems')) note(item, a);
  }
  for (const s of view.ofType('IfcStyledItem')) {
    const item = view.ref(s, 'Item');
    if (item !== null) note(item, s);
  }
  const inversesOfClass = new Map<string, [string, string, string][]>();
  const followed = (upper: string) => {
    let list = inversesOfClass.get(upper);
    if (!list) {
      list = [];
      for (const [name, def] of view.tables.entities.get(upper)?.inverses ?? []) {
        if (FOLLOWED_INVERSES.has(name)) list.push([name, def.entity, def.attribute]);
      }
      inversesOfClass.set(upper, list);
    }
    return list;
  };

  const stack: number[] = [...view.ofType('IfcRoot')];
  const refs: number[] = [];
  while (stack.length > 0) {
    const id = stack.pop()!;
    const k = model.ordinalOf(id);
    if (k < 0 || visited[k]) continue;
    visited[k] = 1;
    const upper = view.classOf(id);
    if (view.classIs(upper, 'IfcResourceLevelRelationship')) continue; // entered, not crossed
    refs.length = 0;
    for (const r of model.referencesOf(id, refs)) stack.push(r);
    for (const [name, entity, attribute] of followed(upper)) {
      const by = PRESENTATION_INVERSES.has(name)
        ? presentation.get(id)
        : view.inverseIndex(entity, attribute).get(id);
      if (by) for (const r of by) stack.push(r);
    }
  }

  const unreached: number[] = [];
  let resources = 0;
  const ids = model.instanceIds();
  for (let k = 0; k < ids.length; k++) {
    const upper = view.classOf(ids[k]!);
    if (upper === '' || view.classIs(upper, 'IfcRoot')) continue;
    resources++;
    if (!visited[k]) unreached.push(ids[k]!);
  }
  const result = { resources, unreached };
  unreachedCache.set(view, result);
  return result;
}

function checkReached(view: View, out: Findings): void {
  const { resources, unreached } = unreachedResources(view);
  out.activate(resources > 0);
  for (const id of unreached) out.add(id, 'validity.IFC10x.unreferenced');
}

export const IFC105: Rule = { id: 'IFC105', severity: 'error', disabledUpstream: true, check: checkReached };
export const IFC106: Rule = { id: 'IFC106', severity: 'warning', check: checkReached };
