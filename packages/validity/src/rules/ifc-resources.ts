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

/** Whether a type name can denote an entity instance (an entity, or a select or aggregate reaching one). */
function typeMayReference(view: View, typeName: string, seen = new Set<string>()): boolean {
  const upper = typeName.toUpperCase();
  if (view.tables.entities.has(upper)) return true;
  if (seen.has(upper)) return false;
  seen.add(upper);
  const t = view.tables.types.get(upper);
  if (!t || t.kind === 'enum') return false;
  if (t.kind === 'select') return t.payload.some((m) => typeMayReference(view, m, seen));
  const under = (t.payload[0] ?? '').replace(/^\[+/, '');
  return typeMayReference(view, under, seen);
}

/** Whether any explicit attribute of the class can hold a reference. */
function mayReference(view: View, upperClass: string): boolean {
  const def = view.tables.entities.get(upperClass);
  if (!def) return true; // unknown class: scan it
  return def.attributes.some((a) => typeMayReference(view, a.type));
}

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
  // Per class of the file: whether it is rooted, terminal, and which followed inverses it has.
  const { classOf, classNames } = model.classColumn();
  // (Bytes per class ordinal, read per instance in the passes below.)
  const rooted = Uint8Array.from(classNames, (c) => (c !== '' && view.classIs(c, 'IfcRoot') ? 1 : 0));
  const terminal = Uint8Array.from(classNames, (c) =>
    c !== '' && view.classIs(c, 'IfcResourceLevelRelationship') ? 1 : 0,
  );
  // Classes whose attributes cannot hold a reference (points, directions …) are not scanned for one.
  const scanned = Uint8Array.from(classNames, (c) => (c === '' || mayReference(view, c) ? 1 : 0));
  // Resource classes: neither complex ('') nor rooted.
  const resource = Uint8Array.from(classNames, (c, i) => (c !== '' && rooted[i] === 0 ? 1 : 0));
  // Per class, the maps that answer its followed inverses, built once per inverse for the classes
  // of the file; a map with no entry (the model has no such relationship) is left out.
  const indexes = new Map<string, ReadonlyMap<number, number[]>>();
  const indexFor = (entity: string, attribute: string) => {
    const key = `${entity}.${attribute}`;
    let map = indexes.get(key);
    if (!map) {
      map = view.inverseIndex(entity, attribute);
      indexes.set(key, map);
    }
    return map;
  };
  const followedOf = classNames.map((c) => {
    const list: ReadonlyMap<number, number[]>[] = [];
    for (const [name, def] of view.tables.entities.get(c)?.inverses ?? []) {
      if (!FOLLOWED_INVERSES.has(name)) continue;
      const map = PRESENTATION_INVERSES.has(name) ? presentation : indexFor(def.entity, def.attribute);
      if (map.size > 0) list.push(map);
    }
    return list;
  });

  const ids = model.instanceIds();
  // A stack of ordinals: each instance is pushed when first seen, so at most once.
  const stack = new Int32Array(ids.length);
  let top = 0;
  for (let k = 0; k < ids.length; k++) {
    if (rooted[classOf[k]!] === 1) {
      visited[k] = 1;
      stack[top++] = k;
    }
  }
  while (top > 0) {
    const k = stack[--top]!;
    const cls = classOf[k]!;
    if (terminal[cls] === 1) continue; // entered, not crossed
    // The references read from the bytes, each new one marked and pushed (nothing allocated).
    if (scanned[cls] === 1) top = model.markReferencesAtOrdinal(k, visited, stack, top);
    const followed = followedOf[cls]!;
    if (followed.length === 0) continue;
    const id = ids[k]!;
    for (let f = 0; f < followed.length; f++) {
      const by = followed[f]!.get(id);
      if (!by) continue;
      for (const r of by) {
        const o = model.ordinalOf(r);
        if (o >= 0 && !visited[o]) {
          visited[o] = 1;
          stack[top++] = o;
        }
      }
    }
  }

  const unreached: number[] = [];
  let resources = 0;
  for (let k = 0; k < ids.length; k++) {
    if (resource[classOf[k]!] === 0) continue;
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
