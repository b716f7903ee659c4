/**
 * Property and quantity sets of objects, decoded once per set and property, merged with the type
 * object's sets property by property (the occurrence's value winning).
 */
import type { IfcValue, PropertyKind, PropertySetView, PropertyView } from '../model';
import { decodeSimpleFields, type SimpleFields } from '../step/decode';
import { decodeScalarFields, decodeStringAt, type ScalarFields } from '../step/decode-direct';
import type { Access } from './access';
import type { RelationIndex } from './relations';
import type { Conversion, Units } from './units';
import { convertToSI, scalarValue, toIfcValues } from './values';

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
const SET_CACHE_LIMIT = 4096;
/**
 * Set and property views are cached in direct-mapped slots by id (bounded, nothing to clear or
 * rehash; some exporters share one property among many sets, and type sets are read again and again).
 */
const VIEW_SLOTS = 8192;
const NO_SETS: readonly PropertySetView[] = Object.freeze([]);
const NO_VALUES = Object.freeze({ values: Object.freeze([]), siValues: Object.freeze([]) });

/** A bounded cache of views by instance id: one slot per id modulo its size, the last one in wins. */
class ViewSlots<V> {
  private readonly ids = new Float64Array(VIEW_SLOTS).fill(-1);
  private readonly views: (V | undefined)[] = new Array(VIEW_SLOTS);

  get(id: number): V | undefined {
    const slot = id & (VIEW_SLOTS - 1);
    return this.ids[slot] === id ? this.views[slot] : undefined;
  }

  set(id: number, view: V): void {
    const slot = id & (VIEW_SLOTS - 1);
    this.ids[slot] = id;
    this.views[slot] = view;
  }
}

/** How single values and quantities of one class are read: value and unit positions, the quantity's measure. */
interface SimpleLayout {
  readonly kind: PropertyKind;
  readonly valueIndex: number;
  readonly unitIndex: number;
  readonly measure: string | null;
}

/** A property set whose properties are decoded when first read. */
const recentlyLoaded: (LazyPropertySet | undefined)[] = new Array(256);
let recentSlot = 0;

class LazyPropertySet implements PropertySetView {
  loaded: readonly PropertyView[] | null = null;

  constructor(
    readonly name: string,
    readonly className: string,
    readonly id: number,
    readonly source: PropertySetView['source'],
    private readonly load: () => readonly PropertyView[],
  ) {}

  get properties(): readonly PropertyView[] {
    if (this.loaded !== null) return this.loaded;
    const properties = this.load();
    // Decoded properties are kept for the sets read most recently only: a check reads an
    // element's sets in a short burst, and keeping every decoded set alive would make the
    // garbage collector copy most of the model's properties over and over.
    this.loaded = properties;
    const evicted = recentlyLoaded[recentSlot];
    if (evicted) evicted.loaded = null;
    recentlyLoaded[recentSlot] = this;
    recentSlot = (recentSlot + 1) % recentlyLoaded.length;
    return properties;
  }

  toJSON() {
    const { name, className, properties, id, source } = this;
    return { name, className, properties, id, source };
  }
}

/**
 * A single value or quantity whose name is read at once and whose value only when asked (IDS
 * matches names first and reads the values of the matching properties only).
 */
class LazySimpleProperty implements PropertyView {
  private decodedValues: readonly IfcValue[] | null = null;
  private decodedSI: readonly IfcValue[] | null = null;

  constructor(
    readonly id: number,
    readonly name: string,
    readonly kind: PropertyKind,
    private readonly owner: PropertySets,
    /** Instance ordinal, parameter positions of the value and the unit, and the quantity's measure. */
    private readonly ordinal: number,
    private readonly valueIndex: number,
    private readonly unitIndex: number,
    private readonly measure: string | null,
  ) {}

  get values(): readonly IfcValue[] {
    if (this.decodedValues === null) this.decode();
    return this.decodedValues!;
  }

  get siValues(): readonly IfcValue[] {
    if (this.decodedSI === null) this.decode();
    return this.decodedSI!;
  }

  private decode(): void {
    const { values, siValues } = this.owner.decodeSimpleValue(
      this.ordinal,
      this.valueIndex,
      this.unitIndex,
      this.measure,
    );
    this.decodedValues = values;
    this.decodedSI = siValues;
  }

  toJSON() {
    const { id, name, kind, values, siValues } = this;
    return { name, kind, values, siValues, id };
  }
}

/**
 * An occurrence's set merged with its type's set of the same name: the occurrence's properties,
 * then the type's that the occurrence does not have (computed on first read, with plain loops).
 */
class MergedPropertySet implements PropertySetView {
  readonly source = 'merged' as const;
  private merged: readonly PropertyView[] | null = null;

  constructor(
    private readonly own: PropertySetView,
    private readonly fromType: PropertySetView,
  ) {}

  get name(): string {
    return this.own.name;
  }
  get className(): string {
    return this.own.className;
  }
  get id(): number {
    return this.own.id;
  }

  get properties(): readonly PropertyView[] {
    if (this.merged !== null) return this.merged;
    const own = this.own.properties;
    const out = own.slice();
    for (const p of this.fromType.properties) {
      let shadowed = false;
      for (let i = 0; i < own.length; i++) {
        if ((own[i] as PropertyView).name === p.name) {
          shadowed = true;
          break;
        }
      }
      if (!shadowed) out.push(p);
    }
    this.merged = out;
    return out;
  }

  toJSON() {
    const { name, className, properties, id, source } = this;
    return { name, className, properties, id, source };
  }
}

export class PropertySets {
  private readonly sets = new ViewSlots<PropertySetView | null>();
  private readonly props = new ViewSlots<PropertyView>();
  /** Per class ordinal of the file: how its single values or quantities are read; null for other classes. */
  private readonly layouts: (SimpleLayout | null | undefined)[] = [];

  constructor(
    private readonly access: Access,
    private readonly relations: RelationIndex,
    private readonly units: Units,
    private readonly typeOf: (id: number) => number | null,
  ) {}

  /** The last objects asked for, with their sets (a check asks several times per element in a row). */
  private readonly recentIds = new Int32Array(64).fill(-1);
  private readonly recentSets: (readonly PropertySetView[])[] = new Array(64);

  /** The object's own sets merged with its type object's sets. */
  forObject(id: number): readonly PropertySetView[] {
    const slot = id & 63;
    if (this.recentIds[slot] === id) return this.recentSets[slot]!;
    const sets = this.mergedSets(id);
    this.recentIds[slot] = id;
    this.recentSets[slot] = sets;
    return sets;
  }

  private mergedSets(id: number): readonly PropertySetView[] {
    const own = this.ownSets(id);
    const typeId = this.typeOf(id);
    const inherited = typeId === null || typeId === id ? NO_SETS : this.typeSets(typeId);
    if (inherited.length === 0) return own;
    // An own set merges with the type's first set of its name, once per name; the type's sets of
    // a name so merged are not inherited again. Marks on the type's sets instead of a list of
    // names, and the result sized once: this ran for every element (decision 0193).
    const marked = inherited.length <= 31 ? null : new Uint8Array(inherited.length);
    let marks = 0;
    const isMarked = (j: number) => (marked === null ? (marks & (1 << j)) !== 0 : marked[j] === 1);
    const firstNamed = (name: string) => {
      for (let j = 0; j < inherited.length; j++)
        if ((inherited[j] as PropertySetView).name === name) return j;
      return -1;
    };
    const result = new Array<PropertySetView>(own.length + inherited.length);
    let w = 0;
    for (let i = 0; i < own.length; i++) {
      const set = own[i] as PropertySetView;
      const j = firstNamed(set.name);
      if (j < 0 || isMarked(j)) {
        result[w++] = set;
        continue;
      }
      if (marked === null) marks |= 1 << j;
      else marked[j] = 1;
      result[w++] = new MergedPropertySet(set, inherited[j] as PropertySetView);
    }
    for (let j = 0; j < inherited.length; j++) {
      const set = inherited[j] as PropertySetView;
      if (!isMarked(firstNamed(set.name))) result[w++] = this.asInherited(set);
    }
    result.length = w;
    return result;
  }

  /** A type object's set as seen from its occurrences (one view per set, shared by all of them). */
  private readonly inheritedViews = new Map<number, PropertySetView>();

  private asInherited(set: PropertySetView): PropertySetView {
    let view = this.inheritedViews.get(set.id);
    if (!view) {
      view = new LazyPropertySet(set.name, set.className, set.id, 'type', () => set.properties);
      if (this.inheritedViews.size >= SET_CACHE_LIMIT) this.inheritedViews.clear();
      this.inheritedViews.set(set.id, view);
    }
    return view;
  }

  /** A type object's own sets, kept (types are few and shared by many occurrences). */
  private readonly setsOfType = new Map<number, readonly PropertySetView[]>();

  private typeSets(typeId: number): readonly PropertySetView[] {
    let sets = this.setsOfType.get(typeId);
    if (!sets) {
      sets = this.ownSets(typeId);
      if (this.setsOfType.size >= SET_CACHE_LIMIT) this.setsOfType.clear();
      this.setsOfType.set(typeId, sets);
    }
    return sets;
  }

  /** Sets attached directly to an object or type object (not inherited). */
  ownSets(id: number): readonly PropertySetView[] {
    const ids = this.relations.collect('definesByProperties', id, []);
    if (this.access.is(id, 'IFCTYPEOBJECT'))
      for (const set of this.access.refs(id, 'HasPropertySets')) ids.push(set);
    if (ids.length === 0) return NO_SETS;
    const out: PropertySetView[] = [];
    for (const setId of ids) {
      const view = this.setView(setId);
      if (view && !out.some((v) => v.id === view.id)) out.push(view);
    }
    return out;
  }

  /** A set's view; its properties are decoded on first use (IDS reads only the sets it names). */
  setView(setId: number): PropertySetView | null {
    const cached = this.sets.get(setId);
    if (cached !== undefined) return cached;
    const { access } = this;
    const className = access.store.classOf(setId);
    let view: PropertySetView | null = null;
    if (className && access.schema.isSubtypeOf(className, 'IFCPROPERTYSETDEFINITION')) {
      const name = access.str(setId, 'Name') ?? '';
      const load =
        className === 'IFCPROPERTYSET'
          ? () => this.propertiesOf(access.refs(setId, 'HasProperties'))
          : className === 'IFCELEMENTQUANTITY'
            ? () => this.propertiesOf(access.refs(setId, 'Quantities'))
            : () => this.predefinedProperties(setId, className);
      view = new LazyPropertySet(name, className, setId, 'occurrence', load);
    }
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
    const fast = this.simpleProperty(id);
    if (fast) return fast;
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
    this.props.set(id, view);
    return view;
  }

  /** How instances of the class with this ordinal are read as single values or quantities, or null. */
  private layoutOf(cls: number): SimpleLayout | null {
    const known = this.layouts[cls];
    if (known !== undefined) return known;
    const className = this.access.store.index.classNames[cls]!;
    const quantity = QUANTITIES[className];
    let layout: SimpleLayout | null = null;
    if (quantity || className === 'IFCPROPERTYSINGLEVALUE') {
      const def = this.access.schema.entities.get(className);
      const valueIndex = def?.attributeIndex.get(quantity ? quantity[0] : 'NominalValue');
      const unitIndex = def?.attributeIndex.get('Unit');
      if (valueIndex !== undefined && unitIndex !== undefined) {
        layout = {
          kind: quantity ? 'quantity' : 'single',
          valueIndex,
          unitIndex,
          measure: quantity ? quantity[1] : null,
        };
      }
    }
    this.layouts[cls] = layout;
    return layout;
  }

  /** Single values and quantities, read straight from the bytes (most properties of a model). */
  private simpleProperty(id: number): PropertyView | null {
    const { store } = this.access;
    const k = store.ordinal(id);
    if (k < 0) return null;
    const layout = this.layoutOf(store.index.classOf[k]!);
    if (layout === null) return null;
    // The name as a plain string literal (a typed or missing name reads as '').
    const name =
      decodeStringAt(store.bytes, store.index.paramStarts[k]!, store.index.ends[k]!, 0, false) ?? '';
    const view = new LazySimpleProperty(
      id,
      name,
      layout.kind,
      this,
      k,
      layout.valueIndex,
      layout.unitIndex,
      layout.measure,
    );
    this.props.set(id, view);
    return view;
  }

  /** The value of a single value or quantity, as written and in SI. */
  decodeSimpleValue(
    ordinal: number,
    valueIndex: number,
    unitIndex: number,
    measure: string | null,
  ): { values: readonly IfcValue[]; siValues: readonly IfcValue[] } {
    const { store } = this.access;
    const start = store.index.paramStarts[ordinal]!;
    const end = store.index.ends[ordinal]!;
    const s = decodeScalarFields(store.bytes, start, end, valueIndex, unitIndex, this.scalar);
    if (s.kind === 'null') return NO_VALUES;
    if (s.kind !== 'other') {
      const values = [scalarValue(s.kind, s.type ?? measure, s.number, s.text)];
      return { values, siValues: this.toSI(values, s.unit) };
    }
    const f = decodeSimpleFields(
      store.bytes,
      store.index.paramStarts[ordinal]!,
      store.index.ends[ordinal]!,
      valueIndex,
      unitIndex,
      this.fields,
    );
    const values = toIfcValues(f.value ?? undefined, measure);
    return { values, siValues: this.toSI(values, f.unit) };
  }

  private readonly fields: SimpleFields = { name: null, value: null, unit: null };
  private readonly scalar: ScalarFields = { kind: 'null', type: null, number: 0, text: '', unit: null };

  private view(
    id: number,
    name: string,
    kind: PropertyKind,
    values: IfcValue[],
    unitId: number | null,
  ): PropertyView {
    return { name, kind, values, siValues: this.toSI(values, unitId), id };
  }

  private toSI(values: IfcValue[], unitId: number | null): readonly IfcValue[] {
    if (values.length === 0) return values;
    const units = this.units;
    return convertToSI(values, (dataType): Conversion | null => {
      if (!units.isMeasure(dataType) && !(unitId !== null && dataType === null)) return null;
      return units.conversionFor(dataType, unitId);
    });
  }
}
