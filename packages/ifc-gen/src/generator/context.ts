/**
 * What every part of the generator shares: the STEP writer, GlobalId streams, the ids of shared
 * instances (owner history, contexts, directions), and small writers for recurring patterns
 * (rooted entities, property sets, quantities, placements, mapped geometry, materials).
 */
import type { MaterialSpec, ProfileSpec, PropSpec, PropValue } from './catalogue';
import { MATERIAL_CATEGORIES } from './catalogue';
import type { DefectPlan } from './defects';
import { GlobalIdFactory } from './random';
import { bool, real, ref, refs, type StepWriter, str } from './step-writer';

/**
 * Colours by kind of shape (the shape map key's first part), as red, green, blue and transparency:
 * a viewer shows walls, floors, frames, doors, glass and services apart, as an architect's model would.
 */
const SURFACE_COLOURS: Record<string, readonly [number, number, number, number]> = {
  wall: [0.87, 0.85, 0.81, 0],
  slab: [0.6, 0.61, 0.63, 0],
  column: [0.5, 0.53, 0.57, 0],
  beam: [0.5, 0.53, 0.57, 0],
  door: [0.6, 0.42, 0.27, 0],
  window: [0.56, 0.74, 0.88, 0.45],
  opening: [0.9, 0.9, 0.9, 0.9],
  space: [0.7, 0.85, 0.95, 0.7],
  duct: [0.74, 0.77, 0.8, 0],
  pipe: [0.25, 0.52, 0.76, 0],
  svc: [0.9, 0.82, 0.52, 0],
  proxy: [0.8, 0.38, 0.62, 0],
};
const DEFAULT_SURFACE_COLOUR = [0.75, 0.75, 0.75, 0] as const;

/** Shared instance ids written by the project setup. */
export interface SharedIds {
  ownerHistory: number;
  bodyContext: number;
  origin: number;
  dirX: number;
  dirY: number;
  dirZ: number;
  originPlacement: number;
  alongXPlacement: number;
  identityOperator: number;
  enumerations: Map<string, number>;
}

export class GenContext {
  /** Layout objects (spatial structure, elements, types): stable across versions. */
  private readonly layoutIds: GlobalIdFactory;
  /** Everything else rooted: relations, property sets. */
  private readonly otherIds: GlobalIdFactory;
  /** Objects that exist only in some versions (placeholders). */
  private readonly extraIds: GlobalIdFactory;
  private extraSerial = 0;
  private layoutSerial = 0;
  private otherSerial = 0;
  private readonly materials = new Map<string, number>();
  private readonly boxMaps = new Map<string, number>();
  private readonly styles = new Map<string, number>();
  private readonly names = new Map<string, string>();
  private ohArg: string | undefined;
  /** Characters of references that will be written at the very end (type relations): the tail. */
  deferredChars = 0;
  /** Further occurrence property sets on each wall, door and window (extra-psets.ts); 0 by default. */
  extraPropertySets = 0;
  shared!: SharedIds;

  constructor(
    readonly writer: StepWriter,
    readonly seed: number,
    readonly defects: DefectPlan,
    readonly random: () => number,
  ) {
    this.layoutIds = new GlobalIdFactory(seed, 1);
    this.otherIds = new GlobalIdFactory(seed, 2);
    this.extraIds = new GlobalIdFactory(seed, 3);
  }

  /** Writes `ENTITY('guid',#oh,<rest>)` for an object of the building layout. */
  object(entity: string, rest: string): number {
    return this.writer.add(
      `${entity}('${this.layoutIds.id(this.layoutSerial++)}${this.ownerHistoryArg}${rest})`,
    );
  }

  /** Like `object`, from the stream of version-dependent objects. */
  extraObject(entity: string, rest: string): number {
    return this.writer.add(
      `${entity}('${this.extraIds.id(this.extraSerial++)}${this.ownerHistoryArg}${rest})`,
    );
  }

  /** Writes `ENTITY('guid',#oh,<rest>)` for a relation or property definition. */
  rooted(entity: string, rest: string): number {
    return this.writer.add(
      `${entity}('${this.otherIds.id(this.otherSerial++)}${this.ownerHistoryArg}${rest})`,
    );
  }

  /** `',#<owner history>,` : the text between a GlobalId and the rest of a rooted entity. */
  private get ownerHistoryArg(): string {
    this.ohArg ??= `',#${this.shared.ownerHistory},`;
    return this.ohArg;
  }

  /** A STEP string for a name that recurs (property and set names, enumeration values). */
  name(value: string): string {
    let encoded = this.names.get(value);
    if (encoded === undefined) {
      encoded = str(value);
      if (this.names.size < 5000) this.names.set(value, encoded);
    }
    return encoded;
  }

  relate(entity: string, relating: number, related: readonly number[], relatingFirst: boolean): number {
    return relatingFirst
      ? this.rooted(entity, `$,$,#${relating},${refs(related)}`)
      : this.rooted(entity, `$,$,${refs(related)},#${relating}`);
  }

  // --- properties -------------------------------------------------------------------------

  value(value: PropValue): string {
    if (typeof value.value === 'boolean') return `${value.type}(${bool(value.value)})`;
    if (typeof value.value === 'string') return `${value.type}(${str(value.value)})`;
    if (value.type === 'IFCINTEGER' || value.type === 'IFCCOUNTMEASURE')
      return `${value.type}(${value.value})`;
    return `${value.type}(${real(value.value)})`;
  }

  property(spec: PropSpec): number {
    switch (spec.kind) {
      case 'single':
        return this.writer.add(
          `IFCPROPERTYSINGLEVALUE(${this.name(spec.name)},$,${this.value(spec.value)},$)`,
        );
      case 'enum':
        return this.writer.add(
          `IFCPROPERTYENUMERATEDVALUE(${this.name(spec.name)},$,(IFCLABEL(${this.name(spec.value)})),${this.enumeration(spec.enumeration)})`,
        );
      case 'bounded':
        return this.writer.add(
          `IFCPROPERTYBOUNDEDVALUE(${str(spec.name)},$,${spec.type}(${real(spec.upper)}),${spec.type}(${real(spec.lower)}),$,$)`,
        );
    }
  }

  private enumeration(name: string): string {
    const id = this.shared.enumerations.get(name);
    return id === undefined ? '$' : ref(id);
  }

  /** An IfcPropertySet (not yet related to anything). */
  propertySet(name: string, props: readonly PropSpec[]): number {
    const ids = props.map((p) => this.property(p));
    return this.rooted('IFCPROPERTYSET', `${this.name(name)},$,${refs(ids)}`);
  }

  /** An occurrence property set with its IfcRelDefinesByProperties. */
  occurrencePset(objectId: number, name: string, props: readonly PropSpec[]): void {
    if (props.length === 0) return;
    const pset = this.propertySet(name, props);
    this.rooted('IFCRELDEFINESBYPROPERTIES', `$,$,(#${objectId}),#${pset}`);
  }

  /** An IfcElementQuantity with its relation. Quantities: [entity, name, value]. */
  quantities(objectId: number, name: string, quantities: readonly [string, string, number][]): void {
    const ids = quantities.map(([entity, qname, v]) =>
      this.writer.add(
        `${entity}(${this.name(qname)},$,$,${entity === 'IFCQUANTITYCOUNT' ? `${v}.` : real(v)},$)`,
      ),
    );
    const set = this.rooted('IFCELEMENTQUANTITY', `${this.name(name)},$,'BaseQuantities',${refs(ids)}`);
    this.rooted('IFCRELDEFINESBYPROPERTIES', `$,$,(#${objectId}),#${set}`);
  }

  // --- placement and geometry ---------------------------------------------------------------

  /** A local placement at (x, y, z) relative to `parent`, optionally turned 90° (x axis along +Y). */
  placement(parent: number | null, x: number, y: number, z: number, turned = false): number {
    const point = this.writer.add(`IFCCARTESIANPOINT((${real(x)},${real(y)},${real(z)}))`);
    const axis = this.writer.add(
      turned
        ? `IFCAXIS2PLACEMENT3D(#${point},#${this.shared.dirZ},#${this.shared.dirY})`
        : `IFCAXIS2PLACEMENT3D(#${point},$,$)`,
    );
    return this.writer.add(`IFCLOCALPLACEMENT(${parent === null ? '$' : ref(parent)},#${axis})`);
  }

  /**
   * A representation map of an extruded rectangle (x × y, its corner or centre at the origin),
   * written once per distinct key.
   * `along: 'z'` extrudes upwards (walls, columns, slabs); `'x'` along the local x axis (beams, ducts).
   */
  shapeMap(key: string, x: number, y: number, centred: boolean, depth: number, along: 'x' | 'z'): number {
    const found = this.boxMaps.get(key);
    if (found !== undefined) return found;
    const profileId = this.rectangle(x, y, centred);
    const position = along === 'z' ? this.shared.originPlacement : this.shared.alongXPlacement;
    const solid = this.writer.add(
      `IFCEXTRUDEDAREASOLID(#${profileId},#${position},#${this.shared.dirZ},${real(depth)})`,
    );
    const style = this.surfaceStyle(key.split(':')[0] ?? '');
    this.writer.add(`IFCSTYLEDITEM(#${solid},(#${style}),$)`);
    const rep = this.writer.add(
      `IFCSHAPEREPRESENTATION(#${this.shared.bodyContext},'Body','SweptSolid',(#${solid}))`,
    );
    const map = this.writer.add(`IFCREPRESENTATIONMAP(#${this.shared.originPlacement},#${rep})`);
    this.boxMaps.set(key, map);
    return map;
  }

  /** The surface style (colour, transparency) of a kind of shape, written once per kind. */
  private surfaceStyle(kind: string): number {
    const found = this.styles.get(kind);
    if (found !== undefined) return found;
    const [r, g, b, transparency] = SURFACE_COLOURS[kind] ?? DEFAULT_SURFACE_COLOUR;
    const colour = this.writer.add(`IFCCOLOURRGB($,${real(r)},${real(g)},${real(b)})`);
    const rendering = this.writer.add(
      `IFCSURFACESTYLERENDERING(#${colour},${real(transparency)},$,$,$,$,$,$,.NOTDEFINED.)`,
    );
    const style = this.writer.add(`IFCSURFACESTYLE(${str(kind)},.BOTH.,(#${rendering}))`);
    this.styles.set(kind, style);
    return style;
  }

  /** A rectangle profile whose lower-left corner is at (0, -y/2) (or centred), as an id. */
  rectangle(x: number, y: number, centred: boolean, name: string | null = null): number {
    const point = this.writer.add(`IFCCARTESIANPOINT((${real(centred ? 0 : x / 2)},${real(0)}))`);
    const place = this.writer.add(`IFCAXIS2PLACEMENT2D(#${point},$)`);
    return this.writer.add(
      `IFCRECTANGLEPROFILEDEF(.AREA.,${name ? str(name) : '$'},#${place},${real(x)},${real(y)})`,
    );
  }

  profile(spec: ProfileSpec): number {
    const point = this.writer.add('IFCCARTESIANPOINT((0.,0.))');
    const place = this.writer.add(`IFCAXIS2PLACEMENT2D(#${point},$)`);
    switch (spec.kind) {
      case 'rect':
        return this.writer.add(
          `IFCRECTANGLEPROFILEDEF(.AREA.,${str(spec.name)},#${place},${real(spec.x)},${real(spec.y)})`,
        );
      case 'i':
        return this.writer.add(
          `IFCISHAPEPROFILEDEF(.AREA.,${str(spec.name)},#${place},${real(spec.width)},${real(spec.depth)},${real(spec.depth / 30)},${real(spec.depth / 20)},${real(0.0102)},$,$)`,
        );
      case 'circle':
        return this.writer.add(
          `IFCCIRCLEPROFILEDEF(.AREA.,${str(spec.name)},#${place},${real(spec.radius)})`,
        );
    }
  }

  /** The occurrence's own shape: a mapped item of a representation map. */
  mappedShape(map: number): number {
    const item = this.writer.add(`IFCMAPPEDITEM(#${map},#${this.shared.identityOperator})`);
    const rep = this.writer.add(
      `IFCSHAPEREPRESENTATION(#${this.shared.bodyContext},'Body','MappedRepresentation',(#${item}))`,
    );
    return this.writer.add(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${rep}))`);
  }

  // --- materials ----------------------------------------------------------------------------

  material(name: string): number {
    let id = this.materials.get(name);
    if (id === undefined) {
      const category = MATERIAL_CATEGORIES[name];
      id = this.writer.add(`IFCMATERIAL(${str(name)},$,${category ? str(category) : '$'})`);
      this.materials.set(name, id);
    }
    return id;
  }

  /** Writes a material definition and returns [definition id, occurrence usage id or null]. */
  materialDefinition(spec: MaterialSpec): { definition: number; usage: number | null } {
    switch (spec.kind) {
      case 'single':
        return { definition: this.material(spec.material), usage: null };
      case 'layers': {
        const layers = spec.layers.map(([name, thickness], i) =>
          this.writer.add(
            `IFCMATERIALLAYER(#${this.material(name)},${real(thickness)},${name === 'Air cavity' ? '.T.' : '.F.'},${str(`Layer ${i + 1}`)},$,$,$)`,
          ),
        );
        const set = this.writer.add(`IFCMATERIALLAYERSET(${refs(layers)},${str(spec.name)},$)`);
        const total = spec.layers.reduce((sum, [, t]) => sum + t, 0);
        const direction = spec.name.startsWith('FL') ? '.AXIS3.' : '.AXIS2.';
        const usage = this.writer.add(
          `IFCMATERIALLAYERSETUSAGE(#${set},${direction},.POSITIVE.,${real(-total / 2)},$)`,
        );
        return { definition: set, usage };
      }
      case 'profile': {
        const profile = this.profile(spec.profile);
        const item = this.writer.add(
          `IFCMATERIALPROFILE(${str(spec.profile.name)},$,#${this.material(spec.material)},#${profile},$,$)`,
        );
        const set = this.writer.add(`IFCMATERIALPROFILESET(${str(spec.name)},$,(#${item}),$)`);
        const usage = this.writer.add(`IFCMATERIALPROFILESETUSAGE(#${set},5,$)`);
        return { definition: set, usage };
      }
      case 'constituents': {
        const parts = spec.parts.map(([part, name]) =>
          this.writer.add(`IFCMATERIALCONSTITUENT(${str(part)},$,#${this.material(name)},$,${str(part)})`),
        );
        return {
          definition: this.writer.add(`IFCMATERIALCONSTITUENTSET(${str(spec.name)},$,${refs(parts)})`),
          usage: null,
        };
      }
    }
  }
}
