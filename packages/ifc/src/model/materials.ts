/**
 * Materials associated with objects (or, when the object has none, with its type object), with
 * every name IDS may match: materials and their categories, layers, profiles, constituents and
 * the set names.
 */
import type { MaterialView } from '../model';
import type { Access } from './access';
import type { RelationIndex } from './relations';

/** Attributes that lead from a material definition to the materials it is made of. */
const CHILD_ATTRIBUTES = [
  'ForLayerSet',
  'ForProfileSet',
  'MaterialLayers',
  'MaterialProfiles',
  'MaterialConstituents',
  'Materials',
  'Material',
];
/** Attributes holding names IDS matches. */
const NAME_ATTRIBUTES = ['Name', 'LayerSetName'];

export class Materials {
  private readonly views = new Map<number, MaterialView>();

  constructor(
    private readonly access: Access,
    private readonly relations: RelationIndex,
    private readonly typeOf: (id: number) => number | null,
  ) {}

  forObject(id: number): readonly MaterialView[] {
    const own = this.ownMaterials(id);
    if (own.length > 0) return own;
    const typeId = this.typeOf(id);
    return typeId === null ? own : this.ownMaterials(typeId);
  }

  ownMaterials(id: number): MaterialView[] {
    return this.relations.collect('associatesMaterial', id, []).map((m) => this.view(m));
  }

  private view(materialId: number): MaterialView {
    const cached = this.views.get(materialId);
    if (cached) return cached;
    const names: string[] = [];
    const categories: string[] = [];
    const seen = new Set<number>();
    // Depth first, in attribute order, with an explicit stack: a malformed file can chain
    // definitions thousands deep, and recursion would run out of stack.
    const stack = [materialId];
    while (stack.length > 0 && seen.size <= 10_000) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const attr of NAME_ATTRIBUTES) {
        const name = this.access.str(id, attr);
        if (name !== null && !names.includes(name)) names.push(name);
      }
      const category = this.access.str(id, 'Category');
      if (category !== null) {
        if (!categories.includes(category)) categories.push(category);
        if (!names.includes(category)) names.push(category);
      }
      const children: number[] = [];
      for (const attr of CHILD_ATTRIBUTES)
        for (const child of this.access.refs(id, attr)) children.push(child);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
    const view: MaterialView = {
      names,
      categories,
      className: this.access.store.classOf(materialId) ?? '',
      id: materialId,
    };
    this.views.set(materialId, view);
    return view;
  }
}
