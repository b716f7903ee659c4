/**
 * An in-memory IfcModel for unit tests: instances are declared directly with their attributes,
 * property sets, classifications, materials and parents, and the real schema tables answer schema
 * questions. Only what a test declares exists.
 */

import { schemaTables } from '@plumbline/ifc';
import type {
  ClassificationReferenceView,
  IfcModel,
  IfcSchemaId,
  IfcValue,
  MaterialView,
  ParentLink,
  PartOfRelation,
  PredefinedTypeView,
  PropertyKind,
  PropertySetView,
  PropertyView,
  SchemaInfo,
  StepValue,
  UnitView,
} from '@plumbline/ifc/model';

export interface FakeInstance {
  readonly attributes?: Readonly<Record<string, StepValue>>;
  readonly predefinedType?: string | null;
  /** Whether `predefinedType` is a user-defined name (written as USERDEFINED in IFC). */
  readonly userDefinedPredefinedType?: boolean;
  readonly type?: number | null;
  readonly propertySets?: readonly PropertySetView[];
  readonly classifications?: readonly ClassificationReferenceView[];
  readonly materials?: readonly MaterialView[];
  readonly parents?: readonly ParentLink[];
  readonly storey?: number | null;
}

interface Stored extends FakeInstance {
  readonly className: string;
}

export class FakeModel implements IfcModel {
  readonly schemaInfo: SchemaInfo;
  private readonly instances = new Map<number, Stored>();
  private nextId = 1;

  constructor(readonly schema: IfcSchemaId = 'IFC4') {
    this.schemaInfo = schemaTables(schema);
  }

  get instanceCount(): number {
    return this.instances.size;
  }

  /** Adds an instance and returns its id. */
  add(className: string, instance: FakeInstance = {}): number {
    const id = this.nextId++;
    this.instances.set(id, { ...instance, className: className.toUpperCase() });
    return id;
  }

  idsOfClass(className: string): readonly number[] {
    const upper = className.toUpperCase();
    return [...this.instances].filter(([, i]) => i.className === upper).map(([id]) => id);
  }

  idsOfClassOrSubtypes(className: string): readonly number[] {
    return [...this.instances]
      .filter(([, i]) => this.schemaInfo.isSubtypeOf(i.className, className))
      .map(([id]) => id);
  }

  classOf(id: number): string | undefined {
    return this.instances.get(id)?.className;
  }

  attributes(id: number): ReadonlyMap<string, StepValue> {
    const inst = this.instances.get(id);
    const out = new Map<string, StepValue>();
    if (!inst) return out;
    for (const name of this.schemaInfo.attributeNames(inst.className) ?? []) {
      out.set(name, inst.attributes?.[name] ?? NULL);
    }
    return out;
  }

  attribute(id: number, name: string): StepValue | undefined {
    const inst = this.instances.get(id);
    if (!inst || !(this.schemaInfo.attributeNames(inst.className) ?? []).includes(name)) return undefined;
    return inst.attributes?.[name] ?? NULL;
  }

  predefinedType(id: number): string | null {
    return this.instances.get(id)?.predefinedType ?? null;
  }

  predefinedTypeView(id: number): PredefinedTypeView | null {
    const instance = this.instances.get(id);
    const value = instance?.predefinedType ?? null;
    return value === null ? null : { value, userDefined: instance?.userDefinedPredefinedType ?? false };
  }

  typeOf(id: number): number | null {
    return this.instances.get(id)?.type ?? null;
  }

  propertySets(id: number): readonly PropertySetView[] {
    return this.instances.get(id)?.propertySets ?? [];
  }

  classifications(id: number): readonly ClassificationReferenceView[] {
    return this.instances.get(id)?.classifications ?? [];
  }

  classifiedResources(): readonly number[] {
    const out: number[] = [];
    for (const [id, instance] of this.instances) {
      const rooted = this.schemaInfo.isSubtypeOf(instance.className, 'IFCROOT');
      if (!rooted && (instance.classifications?.length ?? 0) > 0) out.push(id);
    }
    return out.sort((a, b) => a - b);
  }

  materials(id: number): readonly MaterialView[] {
    return this.instances.get(id)?.materials ?? [];
  }

  parents(id: number): readonly ParentLink[] {
    return this.instances.get(id)?.parents ?? [];
  }

  *products(): IterableIterator<number> {
    for (const [id, inst] of this.instances) {
      if (
        this.schemaInfo.isSubtypeOf(inst.className, 'IFCPRODUCT') ||
        this.schemaInfo.isSubtypeOf(inst.className, 'IFCTYPEOBJECT')
      )
        yield id;
    }
  }

  globalId(id: number): string | null {
    const v = this.attribute(id, 'GlobalId');
    return v?.kind === 'string' ? v.value : null;
  }

  name(id: number): string | null {
    const v = this.attribute(id, 'Name');
    return v?.kind === 'string' ? v.value : null;
  }

  storeyOf(id: number): number | null {
    return this.instances.get(id)?.storey ?? null;
  }

  /** Project units: a test may set them; length scale applies to every LENGTHUNIT measure. */
  unitList: UnitView[] = [];

  units(): readonly UnitView[] {
    return this.unitList;
  }

  toSI(value: number, measureType: string): number {
    const unitType = measureType.replace(/^IFC/, '').replace(/MEASURE$/, 'UNIT');
    const unit = this.unitList.find((u) => u.unitType === unitType);
    return unit ? value * unit.scale + unit.offset : value;
  }

  dispose(): void {
    this.instances.clear();
  }
}

const NULL: StepValue = { kind: 'null' };

// Builders for STEP values and views, so tests read like the IFC they stand for.
export const step = {
  null: NULL,
  derived: { kind: 'derived' } as StepValue,
  str: (value: string): StepValue => ({ kind: 'string', value }),
  int: (value: number): StepValue => ({ kind: 'integer', value }),
  real: (value: number): StepValue => ({ kind: 'real', value }),
  enum: (value: string): StepValue => ({ kind: 'enum', value }),
  ref: (id: number): StepValue => ({ kind: 'ref', id }),
  list: (...items: StepValue[]): StepValue => ({ kind: 'list', items }),
  typed: (type: string, value: StepValue): StepValue => ({ kind: 'typed', type, value }),
};

export function value(
  v: string | number | boolean,
  dataType: string | null,
  isReal = typeof v === 'number' && !Number.isInteger(v),
): IfcValue {
  return { value: v, dataType, isReal };
}

let propertyIds = 10_000;

export function property(
  name: string,
  values: readonly IfcValue[],
  options: { kind?: PropertyKind; siValues?: readonly IfcValue[] } = {},
): PropertyView {
  return {
    name,
    kind: options.kind ?? 'single',
    values,
    siValues: options.siValues ?? values,
    id: propertyIds++,
  };
}

export function propertySet(
  name: string,
  properties: readonly PropertyView[],
  className = 'IFCPROPERTYSET',
): PropertySetView {
  return { name, className, properties, id: propertyIds++, source: 'occurrence' };
}

export function classification(
  system: string | null,
  identification: string | null,
  ancestors: readonly string[] = [],
): ClassificationReferenceView {
  const hierarchy = [identification, ...ancestors].filter((x): x is string => x !== null);
  return { id: propertyIds++, identification, name: null, system, hierarchy, location: null };
}

export function material(
  names: readonly string[],
  categories: readonly string[] = [],
  className = 'IFCMATERIAL',
): MaterialView {
  return { names, categories, className, id: propertyIds++ };
}

export function parent(id: number, relation: PartOfRelation): ParentLink {
  return { id, relation };
}
