/**
 * Inverse relation indexes, each built on first use by scanning only the instances of one
 * relationship class (and its subtypes).
 */
import { extractRefs } from '../step/decode';
import type { Access } from './access';

export type RelationKind =
  | 'definesByProperties'
  | 'definesByType'
  | 'associatesClassification'
  | 'associatesMaterial'
  | 'aggregates'
  | 'nests'
  | 'containedInSpatialStructure'
  | 'assignsToGroup'
  | 'voidsElement'
  | 'fillsElement';

interface RelationSpec {
  readonly className: string;
  /** Attribute holding the object(s) the index is keyed by. */
  readonly from: string;
  /** Attribute holding what they point to. */
  readonly to: string;
}

export const RELATIONS: Record<RelationKind, RelationSpec> = {
  definesByProperties: {
    className: 'IFCRELDEFINESBYPROPERTIES',
    from: 'RelatedObjects',
    to: 'RelatingPropertyDefinition',
  },
  definesByType: { className: 'IFCRELDEFINESBYTYPE', from: 'RelatedObjects', to: 'RelatingType' },
  associatesClassification: {
    className: 'IFCRELASSOCIATESCLASSIFICATION',
    from: 'RelatedObjects',
    to: 'RelatingClassification',
  },
  associatesMaterial: {
    className: 'IFCRELASSOCIATESMATERIAL',
    from: 'RelatedObjects',
    to: 'RelatingMaterial',
  },
  aggregates: { className: 'IFCRELAGGREGATES', from: 'RelatedObjects', to: 'RelatingObject' },
  nests: { className: 'IFCRELNESTS', from: 'RelatedObjects', to: 'RelatingObject' },
  containedInSpatialStructure: {
    className: 'IFCRELCONTAINEDINSPATIALSTRUCTURE',
    from: 'RelatedElements',
    to: 'RelatingStructure',
  },
  assignsToGroup: { className: 'IFCRELASSIGNSTOGROUP', from: 'RelatedObjects', to: 'RelatingGroup' },
  voidsElement: {
    className: 'IFCRELVOIDSELEMENT',
    from: 'RelatedOpeningElement',
    to: 'RelatingBuildingElement',
  },
  fillsElement: {
    className: 'IFCRELFILLSELEMENT',
    from: 'RelatedBuildingElement',
    to: 'RelatingOpeningElement',
  },
};

const NONE: readonly number[] = Object.freeze([]);

export class RelationIndex {
  private readonly built = new Map<RelationKind, Map<number, number[]>>();

  constructor(private readonly access: Access) {}

  /** What `id` points to through relation `kind` (e.g. its property sets, its type, its container). */
  targets(kind: RelationKind, id: number): readonly number[] {
    return this.index(kind).get(id) ?? NONE;
  }

  private index(kind: RelationKind): Map<number, number[]> {
    let map = this.built.get(kind);
    if (map) return map;
    map = new Map();
    const spec = RELATIONS[kind];
    const { store, schema } = this.access;
    const from: number[] = [];
    const to: number[] = [];
    for (const cls of schema.classAndSubtypes(spec.className)) {
      const def = schema.entities.get(cls)!;
      const fromIndex = def.attributeIndex.get(spec.from);
      const toIndex = def.attributeIndex.get(spec.to);
      if (fromIndex === undefined || toIndex === undefined) continue;
      for (const relId of store.idsOfClass(cls)) {
        const k = store.ordinal(relId);
        const start = store.index.paramStarts[k]!;
        const end = store.index.ends[k]!;
        from.length = 0;
        to.length = 0;
        extractRefs(store.bytes, start, end, fromIndex, from);
        extractRefs(store.bytes, start, end, toIndex, to);
        for (const f of from) {
          const list = map.get(f);
          if (list) {
            for (const t of to) if (!list.includes(t)) list.push(t);
          } else map.set(f, [...to]);
        }
      }
    }
    this.built.set(kind, map);
    return map;
  }
}
