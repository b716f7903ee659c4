/**
 * The part-of links of every product, read once (from the model's relation index) into a byte per
 * instance, for the spatial rules (SPS003, SPS005, SPS007) that each ask them of every element.
 */
import type { StepIfcModel } from '@plumbline/ifc';
import type { View } from '../view';

type RelationKind = Parameters<StepIfcModel['relationTargetCount']>[0];

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
  // Straight from the model's relation rows (what `parents` lists), without building link lists
  // or a view of the rows per product.
  const any = (kind: RelationKind, k: number, count: number, ancestor: Uint8Array) => {
    const column = model.relationTargetColumn(kind);
    const first = model.relationFirstTarget(kind, k);
    for (let i = 0; i < count; i++) if (view.isIn(column[first + i]!, ancestor)) return true;
    return false;
  };
  const structureElement = view.classSet('IfcSpatialStructureElement');
  const element = view.classSet('IfcElement');
  const annotation = view.classSet('IfcAnnotation');
  // Every IfcProduct by ordinal, from the class column (no id list, no id looked up).
  const product = view.classSet('IfcProduct');
  const { classOf } = model.classColumn();
  for (let k = 0; k < classOf.length; k++) {
    if (product[classOf[k]!] !== 1) continue;
    let b = 0;
    const contained = model.relationTargetCount('containedInSpatialStructure', k);
    if (contained > 0) {
      b |= LINK.contained;
      if (any('containedInSpatialStructure', k, contained, structureElement))
        b |= LINK.containedInStructureElement;
    }
    const wholes = model.relationTargetCount('aggregates', k);
    if (wholes > 0) {
      b |= LINK.aggregated;
      if (any('aggregates', k, wholes, element)) b |= LINK.partOfElement;
    }
    const nests = model.relationTargetCount('nests', k);
    if (nests > 0) {
      b |= LINK.nested;
      if (any('nests', k, nests, annotation)) b |= LINK.nestedInAnnotation;
    }
    if (model.relationTargetCount('voidsElement', k) > 0) b |= LINK.voids;
    bits[k] = b;
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

/** The spatial links of a view's elements, for passes over every element (see `linkReader`). */
export interface LinkReader {
  /** The element's declared spatial links that are non-empty, as `NAMED` bits (`hasLink` for the four names at once). */
  names(id: number): number;
  /** Whether a product has the link bit (any class). */
  bit(id: number, bit: number): boolean;
}

/** `LinkReader.names`' bits, one per inverse name. */
export const NAMED = { ContainedInStructure: 1, Decomposes: 2, Nests: 4, VoidsElements: 8 } as const;

const readers = new WeakMap<View, LinkReader>();

const elementNames = new WeakMap<View, Uint8Array>();

/**
 * `linkReader(view).names` of every element, by position in `ofType('IfcElement')`, worked out once
 * per view for SPS003, SPS005 and SPS007, which each ask it of every element (decision 0454).
 */
export function elementLinkNames(view: View): Uint8Array {
  let names = elementNames.get(view);
  if (!names) {
    const links = linkReader(view);
    const elements = view.ofType('IfcElement');
    names = new Uint8Array(elements.length);
    for (let i = 0; i < elements.length; i++) names[i] = links.names(elements[i]!);
    elementNames.set(view, names);
  }
  return names;
}

/**
 * The link bits and the names each class declares, held by one reader per view: a rule asks it of
 * every element without looking the view's tables up per element. The names a class declares are
 * read once per class ordinal of the file.
 */
export function linkReader(view: View): LinkReader {
  let reader = readers.get(view);
  if (reader) return reader;
  const { model } = view;
  const bits = productLinks(view);
  const { classOf, classNames } = model.classColumn();
  const declared = new Uint8Array(classNames.length).fill(255);
  const ifc2x3 = view.schema === 'IFC2X3';
  reader = {
    names(id: number): number {
      const k = model.ordinalOf(id);
      if (k < 0) return 0;
      const c = classOf[k]!;
      let mask = declared[c]!;
      if (mask === 255) {
        mask = 0;
        for (const [name, bit] of Object.entries(NAMED)) if (view.hasInverse(id, name)) mask |= bit;
        declared[c] = mask;
      }
      if (mask === 0) return 0;
      const b = bits[k]!;
      let names = 0;
      if (b & LINK.contained) names |= NAMED.ContainedInStructure;
      if (b & LINK.aggregated || (ifc2x3 && b & LINK.nested)) names |= NAMED.Decomposes;
      if (b & LINK.nested) names |= NAMED.Nests;
      if (b & LINK.voids) names |= NAMED.VoidsElements;
      return names & mask;
    },
    bit(id: number, bit: number): boolean {
      const k = model.ordinalOf(id);
      return k >= 0 && (bits[k]! & bit) !== 0;
    },
  };
  readers.set(view, reader);
  return reader;
}
