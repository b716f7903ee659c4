import {
  type CheckReport,
  checkModel,
  type Facet,
  type FacetFailure,
  type IdsDocument,
  type IdsValue,
  parseIds,
  type SpecificationResult,
} from '@plumbline/ids';
import { type IfcModel, readIfc } from '@plumbline/ifc';
import { type ReportWithElements, withElements } from '../support/applicable-elements';

/**
 * The independent path for the assistant's question set: facts computed straight from the IFC file
 * (the parser) and the engine's own report, never from the server or the analyst. The element
 * status rule is written here from spec 2 §4 ('per specification score'), not imported.
 */
export type Status = 'passed' | 'warning' | 'failed' | 'not_applicable';

export interface Truth {
  model: IfcModel;
  /** The engine's report, every applicable element listed (passes named from the model). */
  report: ReportWithElements;
  /** Each reported specification's requirement facets, as the engine's IDS reader read them. */
  requirements: Map<SpecificationResult, readonly Facet[]>;
  /** Every IfcProduct and IfcTypeObject: the population every screen counts. */
  population: number[];
  storeyName(id: number): string | null;
  /** Worst status of an element over every specification. */
  worst: Map<number, Status>;
  /** The engine's comparison with the previous version (models uploaded twice): findings new and resolved. */
  changes?: { new: number; resolved: number };
}

const RANK: Record<Status, number> = { not_applicable: 0, passed: 1, warning: 2, failed: 3 };

/** Each reported specification's requirement facets (the report lists the document's specifications in order). */
export function requirementsOf(
  document: IdsDocument,
  report: CheckReport,
): Map<SpecificationResult, readonly Facet[]> {
  return new Map(report.specifications.map((s, i) => [s, document.specifications[i]?.requirements ?? []]));
}

/** Spec 2 §4: all requirements met → passed; below half met → failed; otherwise warning. */
export function statusOf(passed: boolean, failedFacets: number, requirements: number): Status {
  if (passed) return requirements === 0 ? 'not_applicable' : 'passed';
  if (requirements === 0 || failedFacets === 0) return 'failed';
  return requirements - failedFacets >= requirements / 2 ? 'warning' : 'failed';
}

export function buildTruth(ifc: Buffer, idsFiles: readonly Buffer[]): Truth {
  const model = readIfc(new Uint8Array(ifc));
  const documents = idsFiles.map((ids) => parseIds(ids));
  const reports = documents.map((document) => withElements(checkModel(model, document), model));
  const requirements = new Map(
    reports.flatMap((r, i) => [...requirementsOf(documents[i] as IdsDocument, r)]),
  );
  const first = reports[0] as ReportWithElements;
  const report: ReportWithElements = { ...first, specifications: reports.flatMap((r) => r.specifications) };
  const population = [...model.products()];
  const worst = new Map<number, Status>();
  for (const s of report.specifications)
    for (const e of s.elements) {
      const status = statusOf(e.passed, e.failures.length, s.requirements.length);
      if (RANK[status] > RANK[worst.get(e.id) ?? 'not_applicable']) worst.set(e.id, status);
    }
  return {
    model,
    report,
    requirements,
    population,
    storeyName(id) {
      const storey = model.storeyOf(id);
      return storey === null ? null : model.name(storey);
    },
    worst,
  };
}

/** Instances of these classes or their subtypes among the population. */
export function ofClasses(t: Truth, roots: readonly string[]): number[] {
  return t.population.filter((id) =>
    roots.some((r) => t.model.schemaInfo.isSubtypeOf(t.model.classOf(id) ?? '', r)),
  );
}

function spec(t: Truth, name: string) {
  const found = t.report.specifications.find((s) => s.name === name);
  if (!found) throw new Error(`no specification "${name}"`);
  return found;
}

/** A property's value on an element (occurrence merged with type), or null when absent or empty. */
export function propertyValue(t: Truth, id: number, name: string): string | null {
  for (const set of t.model.propertySets(id))
    for (const p of set.properties)
      if (p.name === name && p.values.length > 0) {
        const text = p.values.map((v) => String(v.value)).join('; ');
        if (text !== '') return text;
      }
  return null;
}

/** The recipes a question's expected figures name; each computes one number or one set of GlobalIds. */
export type Recipe =
  | { of: 'population' }
  | { of: 'onStorey'; storey: string }
  | { of: 'class'; classes: string[] }
  | { of: 'classOnStorey'; classes: string[]; storey: string }
  | { of: 'specApplicable'; spec: string; classes?: string[] }
  | { of: 'specNotMeeting'; spec: string; classes?: string[] }
  | { of: 'compliantPairs' }
  | { of: 'applicablePairs' }
  | { of: 'status'; status: Status; storey?: string; classes?: string[]; property?: string; value?: string }
  | { of: 'withValue'; classes: string[]; property: string; value: string; storey?: string }
  | { of: 'ofType'; classes: string[]; typeName: string }
  | { of: 'specsApplyingToNothing' }
  | { of: 'specCount' }
  | { of: 'changes'; kind: 'new' | 'resolved' }
  | { of: 'lacking'; classes: string[] | null; property: string; external?: boolean }
  | { of: 'inScope'; classes: string[] | null; external?: boolean }
  | { of: 'requirementFailing'; spec: string; index: number }
  | { of: 'missingChecks'; item: string }
  | { of: 'fixTopCleared' }
  | { of: 'failedChecks' }
  | { of: 'specsApplyingTo'; classes: string[] };

function inScope(t: Truth, classes: string[] | null, external?: boolean): number[] {
  const ids = classes ? ofClasses(t, classes) : t.population;
  return external
    ? ids.filter((id) => (propertyValue(t, id, 'IsExternal') ?? '').toLowerCase() === 'true')
    : ids;
}

/** A property's value compared case-blind ('TRUE' and 'true'). */
function hasValue(t: Truth, id: number, property: string | undefined, value: string | undefined): boolean {
  if (property === undefined) return true;
  return (propertyValue(t, id, property) ?? '').toLowerCase() === (value ?? '').toLowerCase();
}

function withStatus(t: Truth, r: Extract<Recipe, { of: 'status' }>): number[] {
  const allowed = r.classes ? new Set(ofClasses(t, r.classes)) : null;
  return t.population.filter(
    (id) =>
      (t.worst.get(id) ?? 'not_applicable') === r.status &&
      (r.storey === undefined || t.storeyName(id) === r.storey) &&
      (!allowed || allowed.has(id)) &&
      hasValue(t, id, r.property, r.value),
  );
}

function withValue(t: Truth, r: Extract<Recipe, { of: 'withValue' }>): number[] {
  return ofClasses(t, r.classes).filter(
    (id) => hasValue(t, id, r.property, r.value) && (r.storey === undefined || t.storeyName(id) === r.storey),
  );
}

function ofType(t: Truth, r: Extract<Recipe, { of: 'ofType' }>): number[] {
  return ofClasses(t, r.classes).filter((id) => {
    const type = t.model.typeOf(id);
    return type !== null && (t.model.name(type) ?? '').includes(r.typeName);
  });
}

function applicableOf(t: Truth, name: string, classes?: string[]) {
  const s = spec(t, name);
  const allowed = classes ? new Set(ofClasses(t, classes)) : null;
  return s.elements.filter((e) => !allowed || allowed.has(e.id));
}

/**
 * What a failure says is missing, as a reader groups it (`Pset.Property`, `attribute Name`,
 * `classification`, `material`): from the engine's outcome (absent or empty) and the IDS reader's
 * facet, never from the reason's words.
 */
export function missingItemOf(facet: Facet | undefined, failure: FacetFailure): string | null {
  if (!facet || (failure.outcome !== 'absent' && failure.outcome !== 'empty')) return null;
  // A name as the screens write it: the literal, or a restriction's values or patterns joined by ' | '.
  const literal = (value: IdsValue | null, otherwise: string) => {
    if (!value) return otherwise;
    if (value.kind === 'simple') return value.value;
    const listed = value.enumeration.length > 0 ? value.enumeration : value.patterns;
    return listed.length > 0 ? listed.join(' | ') : otherwise;
  };
  switch (facet.type) {
    case 'property':
      return `${literal(facet.propertySet, 'any property set')}.${literal(facet.baseName, 'any property')}`;
    case 'attribute':
      return `attribute ${literal(facet.name, 'any')}`;
    case 'classification':
      return 'classification';
    case 'material':
      return 'material';
    default:
      return null;
  }
}

/** Every failure of the report with what it says is missing (null when it is not a missing value). */
export function missingItems(t: {
  report: CheckReport;
  requirements: Truth['requirements'];
}): Array<string | null> {
  return t.report.specifications.flatMap((s) =>
    s.failingElements.flatMap((e) =>
      e.failures.map((f) => missingItemOf(t.requirements.get(s)?.[f.facetIndex], f)),
    ),
  );
}

export function computeNumber(t: Truth, r: Recipe): number {
  switch (r.of) {
    case 'population':
      return t.population.length;
    case 'onStorey':
      return t.population.filter((id) => t.storeyName(id) === r.storey).length;
    case 'class':
      return ofClasses(t, r.classes).length;
    case 'classOnStorey':
      return ofClasses(t, r.classes).filter((id) => t.storeyName(id) === r.storey).length;
    case 'specApplicable':
      return applicableOf(t, r.spec, r.classes).length;
    case 'specNotMeeting':
      return applicableOf(t, r.spec, r.classes).filter((e) => !e.passed).length;
    case 'compliantPairs':
      return t.report.specifications.reduce((n, s) => n + s.passedCount, 0);
    case 'applicablePairs':
      return t.report.specifications.reduce((n, s) => n + s.applicableCount, 0);
    case 'status':
      return withStatus(t, r).length;
    case 'withValue':
      return withValue(t, r).length;
    case 'ofType':
      return ofType(t, r).length;
    case 'specsApplyingToNothing':
      return t.report.specifications.filter((s) => s.applicableCount === 0).length;
    case 'specCount':
      return t.report.specifications.length;
    case 'changes':
      if (!t.changes) throw new Error('this model has no previous version');
      return t.changes[r.kind];
    case 'lacking':
      return inScope(t, r.classes, r.external).filter((id) => propertyValue(t, id, r.property) === null)
        .length;
    case 'inScope':
      return inScope(t, r.classes, r.external).length;
    case 'requirementFailing':
      return spec(t, r.spec).elements.filter((e) => e.failures.some((f) => f.facetIndex === r.index)).length;
    case 'missingChecks':
      return missingItems(t).filter((item) => item === r.item).length;
    case 'failedChecks':
      return t.report.specifications.flatMap((s) => s.elements.flatMap((e) => e.failures)).length;
    case 'fixTopCleared': {
      // Failures of one requirement on occurrences of one named type, where the requirement is a
      // property, classification or material (settable on the type): the biggest such group.
      const groups = new Map<string, number>();
      for (const s of t.report.specifications)
        for (const e of s.elements)
          for (const f of e.failures) {
            if (!['property', 'classification', 'material'].includes(f.type)) continue;
            const typeId = t.model.typeOf(e.id);
            const typeName = typeId === null ? null : t.model.name(typeId);
            if (!typeName) continue;
            const key = `${s.name}|${f.facetIndex}|${typeName}|${classGroup(t, e.id)}`;
            groups.set(key, (groups.get(key) ?? 0) + 1);
          }
      return Math.max(0, ...groups.values());
    }
    case 'specsApplyingTo': {
      const allowed = new Set(ofClasses(t, r.classes));
      return t.report.specifications.filter((s) => s.elements.some((e) => allowed.has(e.id))).length;
    }
  }
}

/** Standard cases grouped with their class ('IFCWALLSTANDARDCASE' with 'IFCWALL'), as the answers label them. */
function classGroup(t: Truth, id: number): string {
  return (t.model.classOf(id) ?? '').replace(/(STANDARDCASE|ELEMENTEDCASE)$/, '');
}

/** The GlobalIds a recipe selects (for the answer's citations). */
export function computeIds(t: Truth, r: Recipe): Set<string> {
  const gid = (ids: number[]) =>
    new Set(ids.map((id) => t.model.globalId(id)).filter((g): g is string => !!g));
  switch (r.of) {
    case 'lacking':
      return gid(inScope(t, r.classes, r.external).filter((id) => propertyValue(t, id, r.property) === null));
    case 'specNotMeeting':
      return gid(
        applicableOf(t, r.spec, r.classes)
          .filter((e) => !e.passed)
          .map((e) => e.id),
      );
    case 'class':
      return gid(ofClasses(t, r.classes));
    case 'status':
      return gid(withStatus(t, r));
    case 'withValue':
      return gid(withValue(t, r));
    case 'ofType':
      return gid(ofType(t, r));
    case 'inScope':
      return gid(inScope(t, r.classes, r.external));
    default:
      throw new Error(`recipe ${r.of} selects no elements`);
  }
}
