/**
 * Property and quantity sets of objects, decoded once per set and property, merged with the type
 * object's sets property by property (the occurrence's value winning).
 */
import type { IfcValue, PropertyKind, PropertySetView, PropertyView } from '../model';
import type { Access } from './access';
import type { RelationIndex } from './relations';
import type { Conversion, Units } from './units';
import { convertToSI, toIfcValues } from './values';

/** Quantity class → [value attribute, measure type]. */
const QUANTITIES: Record<string, readonly [string, string]> = {
  IFCQUANTITYLENGTH: ['LengthValue', 'IFCLENGTHMEASURE'],
  IFCQUANTITYAREA: ['AreaValue', 'IFCAREAMEASURE'],
  IFCQUANTITYVOLUME: ['VolumeValue', 'IFCVOLUMEMEASURE'],
  IFCQUANTITYCOUNT: ['CountValue', 'IFCCOUNTMEASURE'],
  IFCQUANTITYWEIGHT: ['WeightValue', 'IFCMASSMEASURE'],
  IFCQUANTITYTIME: ['TimeValue', 'IFCTIMEMEASURE'],
  IFCQUANTITYNUMBER: ['NumberValue', 'IFCNUMERICMEASURE'],
};

/** Attributes of IfcRoot (GlobalId, OwnerHistory, Name, Description) precede a predefined set's own. */
const ROOT_ATTRIBUTES = 4;
/** Cached views kept at most (bounded memory on huge models); dropped whole when full. */
const SET_CACHE_LIMIT = 100_000;
const PROPERTY_CACHE_LIMIT = 400_000;
const NO_SETS: readonly PropertySetView[] = Object.freeze([]);

export class PropertySets {
  private readonly sets = new Map<number, PropertySetView | null>();
  private readonly props = new Map<number, PropertyView>();

  constructor(
    private readonly access: Access,
    private readonly relations: RelationIndex,
    private readonly units: Units,
    private readonly typeOf: (id: number) => number | null,
  ) {}

  /** The object's own sets merged with its type object's sets. */
  forObject(id: number): readonly PropertySetView[] {
    const own = this.ownSets(id);
    const typeId = this.typeOf(id);
    const inherited = typeId === null ? NO_SETS : this.ownSets(typeId);
    if (inherited.length === 0) return own;
    if (own.length === 0) return inherited.map((s) => ({ ...s, source: 'type' as const }));
    const result: PropertySetView[] = [];
    const typeByName = new Map(inherited.map((s) => [s.name, s]));
    const merged = new Set<string>();
    for (const set of own) {
      const fromType = typeByName.get(set.name);
      if (!fromType || merged.has(set.name)) {
        result.push(set);
        continue;
      }
      merged.add(set.name);
      const names = new Set(set.properties.map((p) => p.name));
      const properties = [...set.properties, ...fromType.properties.filter((p) => !names.has(p.name))];
      result.push({ ...set, properties, source: 'merged' });
    }
    for (const set of inherited) if (!merged.has(set.name)) result.push({ ...set, source: 'type' });
    return result;
  }

  /** Sets attached directly to an object or type object (not inherited). */
  ownSets(id: number): readonly PropertySetView[] {
    const ids = [...this.relations.targets('definesByProperties', id)];
    if (this.access.is(id, 'IFCTYPEOBJECT')) {
      for (const setId of this.access.refs(id, 'HasPropertySets')) if (!ids.includes(setId)) ids.push(setId);
    }
    if (ids.length === 0) return NO_SETS;
    const out: PropertySetView[] = [];
    for (const setId of ids) {
      const view = this.setView(setId);
      if (view) out.push(view);
    }
    return out;
  }

  setView(setId: number): PropertySetView | null {
    const cached = this.sets.get(setId);
    if (cached !== undefined) return cached;
    const { access } = this;
    const className = access.store.classOf(setId);
    let view: PropertySetView | null = null;
    if (className && access.schema.isSubtypeOf(className, 'IFCPROPERTYSETDEFINITION')) {
      const name = access.str(setId, 'Name') ?? '';
      let properties: PropertyView[];
      if (className === 'IFCPROPERTYSET') properties = this.propertiesOf(access.refs(setId, 'HasProperties'));
      else if (className === 'IFCELEMENTQUANTITY')
        properties = this.propertiesOf(access.refs(setId, 'Quantities'));
      else properties = this.predefinedProperties(setId, className);
      view = { name, className, properties, id: setId, source: 'occurrence' };
    }
    if (this.sets.size >= SET_CACHE_LIMIT) this.sets.clear();
    this.sets.set(setId, view);
    return view;
  }

  private propertiesOf(ids: readonly number[]): PropertyView[] {
    const out: PropertyView[] = [];
    for (const id of ids) {
      const p = this.property(id, 0);
      if (p) out.push(p);
    }
    return out;
  }

  /** Predefined sets (e.g. IfcDoorPanelProperties): each scalar attribute after IfcRoot's is a property. */
  private predefinedProperties(setId: number, className: string): PropertyView[] {
    const def = this.access.schema.entities.get(className);
    const params = this.access.store.params(setId) ?? [];
    const out: PropertyView[] = [];
    def?.attributes.forEach((attr, i) => {
      if (i < ROOT_ATTRIBUTES) return;
      const declared = this.access.schema.typeKind(attr.type);
      if (declared === 'entity' || declared === 'select') return; // objects are not property values
      const values = toIfcValues(params[i], attr.type.toUpperCase());
      if (values.length === 0) return;
      out.push(this.view(setId, attr.name, 'single', values, null));
    });
    return out;
  }

  private property(id: number, depth: number): PropertyView | null {
    const cached = this.props.get(id);
    if (cached) return cached;
    const row = this.access.row(id);
    if (!row || depth > 16) return null;
    const cls = row.def.upper;
    const name = row.str('Name') ?? '';
    let view: PropertyView;
    const quantity = QUANTITIES[cls];
    if (quantity) {
      view = this.view(id, name, 'quantity', toIfcValues(row.get(quantity[0]), quantity[1]), row.ref('Unit'));
    } else if (cls === 'IFCPROPERTYSINGLEVALUE') {
      view = this.view(id, name, 'single', toIfcValues(row.get('NominalValue')), row.ref('Unit'));
    } else if (cls === 'IFCPROPERTYENUMERATEDVALUE') {
      view = this.view(id, name, 'enumerated', toIfcValues(row.get('EnumerationValues')), null);
    } else if (cls === 'IFCPROPERTYLISTVALUE') {
      view = this.view(id, name, 'list', toIfcValues(row.get('ListValues')), row.ref('Unit'));
    } else if (cls === 'IFCPROPERTYBOUNDEDVALUE') {
      const values: IfcValue[] = [];
      for (const a of ['UpperBoundValue', 'LowerBoundValue', 'SetPointValue'])
        toIfcValues(row.get(a), null, values);
      view = this.view(id, name, 'bounded', values, row.ref('Unit'));
    } else if (cls === 'IFCPROPERTYTABLEVALUE') {
      const defining = toIfcValues(row.get('DefiningValues'));
      const defined = toIfcValues(row.get('DefinedValues'));
      const si = [
        ...this.toSI(defining, row.ref('DefiningUnit')),
        ...this.toSI(defined, row.ref('DefinedUnit')),
      ];
      view = { name, kind: 'table', values: [...defining, ...defined], siValues: si, id };
    } else if (cls === 'IFCCOMPLEXPROPERTY' || cls === 'IFCPHYSICALCOMPLEXQUANTITY') {
      const nested: PropertyView[] = [];
      for (const child of row.refs(cls === 'IFCCOMPLEXPROPERTY' ? 'HasProperties' : 'HasQuantities')) {
        const p = this.property(child, depth + 1);
        if (p) nested.push(p);
      }
      view = { ...this.view(id, name, 'complex', [], null), properties: nested };
    } else if (cls === 'IFCPROPERTYREFERENCEVALUE') {
      view = this.view(id, name, 'reference', [], null);
    } else {
      return null;
    }
    if (this.props.size >= PROPERTY_CACHE_LIMIT) this.props.clear();
    this.props.set(id, view);
    return view;
  }

  private view(
    id: number,
    name: string,
    kind: PropertyKind,
    values: IfcValue[],
    unitId: number | null,
  ): PropertyView {
    return { name, kind, values, siValues: this.toSI(values, unitId), id };
  }

  private toSI(values: IfcValue[], unitId: number | null): IfcValue[] {
    if (values.length === 0) return values;
    const units = this.units;
    return convertToSI(values, (dataType): Conversion | null => {
      if (!units.isMeasure(dataType) && !(unitId !== null && dataType === null)) return null;
      return units.conversionFor(dataType, unitId);
    });
  }
}
