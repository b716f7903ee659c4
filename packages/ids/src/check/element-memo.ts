/**
 * An IfcModel view that remembers the expensive answers about the element being checked (its
 * property sets, classifications, materials, attributes, names). The checker visits elements one
 * at a time across all specifications, so each element's views are built once per check instead of
 * once per facet and specification, and nothing is retained beyond the current element.
 */
import type {
  ClassificationReferenceView,
  IfcModel,
  MaterialView,
  PredefinedTypeView,
  PropertySetView,
  StepValue,
} from '@plumbline/ifc/model';

export class ElementMemo implements IfcModel {
  private psetsId = -1;
  private psets: readonly PropertySetView[] = [];
  private classesId = -1;
  private classes: readonly ClassificationReferenceView[] = [];
  private materialsId = -1;
  private mats: readonly MaterialView[] = [];
  private attrsId = -1;
  private attrs: ReadonlyMap<string, StepValue> = new Map();
  private ptId = -1;
  private pt: PredefinedTypeView | null = null;

  constructor(readonly model: IfcModel) {}

  get schema() {
    return this.model.schema;
  }
  get schemaInfo() {
    return this.model.schemaInfo;
  }
  get instanceCount() {
    return this.model.instanceCount;
  }

  propertySets(id: number): readonly PropertySetView[] {
    if (id !== this.psetsId) {
      this.psets = this.model.propertySets(id);
      this.psetsId = id;
    }
    return this.psets;
  }

  classifications(id: number): readonly ClassificationReferenceView[] {
    if (id !== this.classesId) {
      this.classes = this.model.classifications(id);
      this.classesId = id;
    }
    return this.classes;
  }

  classifiedResources(): readonly number[] {
    return this.model.classifiedResources();
  }

  materials(id: number): readonly MaterialView[] {
    if (id !== this.materialsId) {
      this.mats = this.model.materials(id);
      this.materialsId = id;
    }
    return this.mats;
  }

  attributes(id: number): ReadonlyMap<string, StepValue> {
    if (id !== this.attrsId) {
      this.attrs = this.model.attributes(id);
      this.attrsId = id;
    }
    return this.attrs;
  }

  predefinedType(id: number): string | null {
    return this.predefinedTypeView(id)?.value ?? null;
  }

  predefinedTypeView(id: number): PredefinedTypeView | null {
    if (id !== this.ptId) {
      this.pt = this.model.predefinedTypeView(id);
      this.ptId = id;
    }
    return this.pt;
  }

  idsOfClass(className: string) {
    return this.model.idsOfClass(className);
  }
  idsOfClassOrSubtypes(className: string) {
    return this.model.idsOfClassOrSubtypes(className);
  }
  classOf(id: number) {
    return this.model.classOf(id);
  }
  attribute(id: number, name: string) {
    return id === this.attrsId ? this.attrs.get(name) : this.model.attribute(id, name);
  }
  typeOf(id: number) {
    return this.model.typeOf(id);
  }
  parents(id: number) {
    return this.model.parents(id);
  }
  products() {
    return this.model.products();
  }
  globalId(id: number) {
    return this.model.globalId(id);
  }
  name(id: number) {
    return this.model.name(id);
  }
  storeyOf(id: number) {
    return this.model.storeyOf(id);
  }
  units() {
    return this.model.units();
  }
  toSI(value: number, measureType: string) {
    return this.model.toSI(value, measureType);
  }
  dispose(): void {
    // the memo does not own the model
  }
}
