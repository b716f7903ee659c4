/**
 * The part-of links of every product, read once (from the model's relation index) into a byte per
 * instance, for the spatial rules (SPS003, SPS005, SPS007) that each ask them of every element.
 */
import type { View } from '../view';

export const LINK = {
  contained: 1, // IfcRelContainedInSpatialStructure (ContainedInStructure)
  containedInStructureElement: 2, // … whose structure is an IfcSpatialStructureElement
  aggregated: 4, // IfcRelAggregates (Decomposes)
  nested: 8, // IfcRelNests (Nests)
  voids: 16, // IfcRelVoidsElement (VoidsElements)
  partOfElement: 32, // aggregated into an IfcElement
  nestedInAnnotation: 64, // nested under an IfcAnnotation
} as const;

const cache = new WeakMap<View, Uint8Array>();

/** Link bits per instance ordinal, filled for every IfcProduct. */
export function productLinks(view: View): Uint8Array {
  let bits = cache.get(view);
  if (bits) return bits;
  const { model } = view;
  bits = new Uint8Array(model.instanceCount);
  // Straight from the model's relation rows (what `parents` lists), without building link lists.
  const any = (targets: Uint32Array, ancestor: string) => {
    for (let i = 0; i < targets.length; i++) if (view.is(targets[i]!, ancestor)) return true;
    return false;
  };
  for (const id of view.ofType('IfcProduct')) {
    let b = 0;
    const contained = model.relationTargets('containedInSpatialStructure', id);
    if (contained.length > 0) {
      b |= LINK.contained;
      if (any(contained, 'IfcSpatialStructureElement')) b |= LINK.containedInStructureElement;
    }
    const wholes = model.relationTargets('aggregates', id);
    if (wholes.length > 0) {
      b |= LINK.aggregated;
      if (any(wholes, 'IfcElement')) b |= LINK.partOfElement;
    }
    const nests = model.relationTargets('nests', id);
    if (nests.length > 0) {
      b |= LINK.nested;
      if (any(nests, 'IfcAnnotation')) b |= LINK.nestedInAnnotation;
    }
    if (model.relationTargets('voidsElement', id).length > 0) b |= LINK.voids;
    bits[model.ordinalOf(id)] = b;
  }
  cache.set(view, bits);
  return bits;
}

export type LinkName = 'ContainedInStructure' | 'Decomposes' | 'Nests' | 'VoidsElements';

/** Whether a product's inverse attribute of this name is non-empty (false when its class has no such inverse). */
export function hasLink(view: View, id: number, name: LinkName): boolean {
  if (!view.hasInverse(id, name)) return false;
  const b = productLinks(view)[view.model.ordinalOf(id)] ?? 0;
  switch (name) {
    case 'ContainedInStructure':
      return (b & LINK.contained) !== 0;
    case 'Decomposes':
      return (b & LINK.aggregated) !== 0 || (view.schema === 'IFC2X3' && (b & LINK.nested) !== 0);
    case 'Nests':
      return (b & LINK.nested) !== 0;
    case 'VoidsElements':
      return (b & LINK.voids) !== 0;
  }
}

/** Whether a product has the link bit (any class). */
export function linkBit(view: View, id: number, bit: number): boolean {
  return ((productLinks(view)[view.model.ordinalOf(id)] ?? 0) & bit) !== 0;
}
