/**
 * Entity facet: exact IFC class (subtypes never match) and optionally the resolved PredefinedType.
 * In IFC2X3 models an IFC4 class name absent from IFC2X3 (IFCAIRTERMINAL) matches its generic
 * occurrence typed by the specific type (IfcFlowTerminal typed by IfcAirTerminalType).
 */
import { type IfcModel, predefinedTypeNames } from '@plumbline/ifc/model';
import { type Ifc2x3Mapping, ifc2x3Mapping } from '../audit/ifc2x3-mapping';
import type { EntityFacet } from '../document';
import { compileValue, type ValueMatcher } from '../restriction/matcher';
import { type CompiledFacet, type Evaluation, PASS } from './evaluation';

export class CompiledEntityFacet implements CompiledFacet {
  readonly type = 'entity' as const;
  readonly cardinality = 'required' as const;
  readonly name: ValueMatcher;
  readonly predefinedType: ValueMatcher | null;
  /** IFC2X3 mappings of the finite names that IFC2X3 lacks (computed on first IFC2X3 use). */
  private mappings: readonly Ifc2x3Mapping[] | null = null;

  constructor(readonly source: EntityFacet) {
    this.name = compileValue(source.name);
    this.predefinedType = source.predefinedType ? compileValue(source.predefinedType) : null;
  }

  /** Whether the class alone matches (used to pick candidate classes). */
  matchesClass(className: string): boolean {
    return this.name.matchesString(className);
  }

  /** For IFC2X3 models: the occurrence/type pairs the names stand for. */
  ifc2x3Mappings(): readonly Ifc2x3Mapping[] {
    this.mappings ??= (this.name.finite ?? [])
      .map(ifc2x3Mapping)
      .filter((m): m is Ifc2x3Mapping => m !== null);
    return this.mappings;
  }

  private matchesMapped(model: IfcModel, id: number, cls: string): boolean {
    if (model.schema !== 'IFC2X3') return false;
    const mappings = this.ifc2x3Mappings();
    if (mappings.length === 0) return false;
    const typeId = model.typeOf(id);
    const typeClass = typeId === null ? undefined : model.classOf(typeId);
    return mappings.some((m) => m.occurrence === cls && m.type === typeClass);
  }

  evaluate(model: IfcModel, id: number): Evaluation {
    const cls = model.classOf(id) ?? '';
    if (!this.name.matchesString(cls) && !this.matchesMapped(model, id, cls)) {
      return { status: 'fail', detail: { kind: 'classMismatch', actual: [cls] }, actualValue: cls };
    }
    if (this.predefinedType) {
      const view = model.predefinedTypeView(id);
      if (view === null) return { status: 'fail', detail: { kind: 'predefinedTypeMissing' } };
      // A user-defined type answers to its name and to USERDEFINED (IDS 1.0 entity facet).
      const matcher = this.predefinedType;
      if (!predefinedTypeNames(view).some((name) => matcher.matchesString(name))) {
        const userDefined = view.userDefined && view.value !== 'USERDEFINED';
        return {
          status: 'fail',
          detail: {
            kind: 'predefinedTypeMismatch',
            actual: [view.value],
            ...(userDefined ? { userDefined: true } : {}),
          },
          actualValue: view.value,
        };
      }
    }
    return PASS;
  }
}
