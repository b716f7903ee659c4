/**
 * Classification references of objects with their hierarchy (ReferencedSource chains of
 * IfcClassificationReference up to an IfcClassification), including the type object's references
 * for systems the occurrence does not classify itself. Rooted objects are classified through
 * IfcRelAssociatesClassification, other resources (materials, profiles …) through
 * IfcExternalReferenceRelationship, IFC2X3 materials through IfcMaterialClassificationRelationship.
 */
import type { ClassificationReferenceView } from '../model';
import type { Access } from './access';
import type { RelationIndex, RelationKind } from './relations';

/** Every relation that attaches a classification (or another external reference) to an instance. */
const CLASSIFYING_RELATIONS: readonly RelationKind[] = [
  'associatesClassification',
  'referencesExternally',
  'classifiesMaterial',
];
/** The relations by which instances that are not IfcRoot are classified. */
const RESOURCE_RELATIONS: readonly RelationKind[] = ['referencesExternally', 'classifiesMaterial'];

export interface ClassificationView extends ClassificationReferenceView {
  /** Whether the reference is associated with the object itself or inherited from its type object. */
  readonly source: 'occurrence' | 'type';
}

const MAX_DEPTH = 32;

export class Classifications {
  private readonly views = new Map<number, ClassificationReferenceView | null>();

  constructor(
    private readonly access: Access,
    private readonly relations: RelationIndex,
    private readonly typeOf: (id: number) => number | null,
  ) {}

  /** The object's references; a type's reference applies unless the occurrence has one in the same system. */
  forObject(id: number): readonly ClassificationView[] {
    const own = this.tagged(id, 'occurrence');
    const typeId = this.typeOf(id);
    if (typeId === null || typeId === id) return own;
    const inherited = this.tagged(typeId, 'type').filter((v) => !own.some((o) => o.system === v.system));
    return inherited.length === 0 ? own : [...own, ...inherited];
  }

  private readonly taggedViews = {
    occurrence: new Map<number, ClassificationView>(),
    type: new Map<number, ClassificationView>(),
  };

  /** The object's own references as views tagged with where they apply from (cached per reference). */
  private tagged(id: number, source: ClassificationView['source']): ClassificationView[] {
    const out: ClassificationView[] = [];
    const cache = this.taggedViews[source];
    for (const refId of this.referencesOf(id)) {
      let view = cache.get(refId);
      if (!view) {
        const base = this.view(refId);
        if (!base) continue;
        view = { ...base, source };
        cache.set(refId, view);
      }
      out.push(view);
    }
    return out;
  }

  ownRefs(id: number): ClassificationReferenceView[] {
    const out: ClassificationReferenceView[] = [];
    for (const refId of this.referencesOf(id)) {
      const v = this.view(refId);
      if (v) out.push(v);
    }
    return out;
  }

  /** Ids of resources (not IfcRoot) that hold a reference of their own, ascending. */
  classifiedResources(): number[] {
    const ids = new Set<number>();
    for (const kind of RESOURCE_RELATIONS) for (const id of this.relations.sources(kind)) ids.add(id);
    // Only classification references count (a document reference is not a classification).
    return [...ids].filter((id) => this.ownRefs(id).length > 0).sort((a, b) => a - b);
  }

  /** The referenced ids of an instance through every classifying relation (non-classifications are dropped by `view`). */
  private referencesOf(id: number): number[] {
    const out: number[] = [];
    for (const kind of CLASSIFYING_RELATIONS) this.relations.collect(kind, id, out);
    return out;
  }

  private view(refId: number): ClassificationReferenceView | null {
    const cached = this.views.get(refId);
    if (cached !== undefined) return cached;
    const { access } = this;
    let view: ClassificationReferenceView | null = null;
    if (access.is(refId, 'IFCCLASSIFICATIONREFERENCE')) {
      const hierarchy: string[] = [];
      let system: string | null = null;
      const seen = new Set<number>();
      for (let cur: number | null = refId; cur !== null && !seen.has(cur) && seen.size < MAX_DEPTH; ) {
        seen.add(cur);
        if (access.is(cur, 'IFCCLASSIFICATION')) {
          system = access.str(cur, 'Name');
          break;
        }
        const identification = this.identification(cur);
        if (identification !== null) hierarchy.push(identification);
        cur = access.ref(cur, 'ReferencedSource');
      }
      view = {
        id: refId,
        identification: this.identification(refId),
        name: access.str(refId, 'Name'),
        system,
        hierarchy,
        location: access.str(refId, 'Location'),
      };
    } else if (access.is(refId, 'IFCCLASSIFICATION')) {
      // The whole system associated without a particular reference.
      view = {
        id: refId,
        identification: null,
        name: null,
        system: access.str(refId, 'Name'),
        hierarchy: [],
        location: access.str(refId, 'Location') ?? access.str(refId, 'Specification'),
      };
    } else if (access.is(refId, 'IFCCLASSIFICATIONNOTATION')) {
      // IFC2X3 notation: facets are identifications, their system unknown.
      const facets = access.refs(refId, 'NotationFacets').map((f) => access.str(f, 'NotationValue') ?? '');
      view = {
        id: refId,
        identification: facets[0] ?? null,
        name: null,
        system: null,
        hierarchy: facets,
        location: null,
      };
    }
    this.views.set(refId, view);
    return view;
  }

  /** Identification (IFC4, IFC4X3) or ItemReference (IFC2X3). */
  private identification(refId: number): string | null {
    return this.access.str(refId, 'Identification') ?? this.access.str(refId, 'ItemReference');
  }
}
