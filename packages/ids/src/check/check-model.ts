/**
 * checkModel: evaluates every specification of an IDS document against a model and produces the
 * CheckReport the reporters and the server consume. Findings are data, never exceptions.
 */
import type { IfcModel } from '@plumbline/ifc/model';
import type { IdsDocument, Specification } from '../document';
import { compileFacet } from '../facets/compile';
import type { CompiledFacet } from '../facets/evaluation';
import type {
  CheckReport,
  ElementResult,
  FacetFailure,
  FacetSummary,
  SpecificationResult,
  ValidationProblem,
} from '../results';
import { candidateIds } from './candidates';

export interface CheckOptions {
  /** Model file name for the report. */
  readonly modelFileName?: string | null;
  /** Clock for `checkedAt` (tests pass a fixed one). */
  readonly now?: () => Date;
}

const NO_FAILURES: readonly FacetFailure[] = Object.freeze([]);

function summary(facet: CompiledFacet): FacetSummary {
  return { type: facet.type, description: facet.description, cardinality: facet.cardinality };
}

/** Applies a requirement's cardinality to its evaluation; null when satisfied. */
function requirementFailure(
  facet: CompiledFacet,
  index: number,
  model: IfcModel,
  id: number,
): FacetFailure | null {
  const e = facet.evaluate(model, id);
  switch (facet.cardinality) {
    case 'required':
      if (e.status === 'pass') return null;
      return e.status === 'fail' && e.actualValue !== undefined
        ? { facetIndex: index, type: facet.type, reason: e.reason, actualValue: e.actualValue }
        : { facetIndex: index, type: facet.type, reason: e.reason };
    case 'optional':
      if (e.status !== 'fail') return null;
      return e.actualValue !== undefined
        ? { facetIndex: index, type: facet.type, reason: e.reason, actualValue: e.actualValue }
        : { facetIndex: index, type: facet.type, reason: e.reason };
    case 'prohibited':
      if (e.status !== 'pass') return null;
      return { facetIndex: index, type: facet.type, reason: `has ${facet.description}, which is prohibited` };
  }
}

function checkSpecification(model: IfcModel, spec: Specification): SpecificationResult {
  const applicability = spec.applicability.map(compileFacet);
  const requirements = spec.requirements.map(compileFacet);
  const prohibited = spec.cardinality === 'prohibited';
  const elements: ElementResult[] = [];
  let passedCount = 0;
  const candidates = candidateIds(model, applicability);
  for (let c = 0; c < candidates.length; c++) {
    const id = candidates[c] as number;
    let applies = true;
    for (let i = 0; i < applicability.length; i++) {
      if ((applicability[i] as CompiledFacet).evaluate(model, id).status !== 'pass') {
        applies = false;
        break;
      }
    }
    if (!applies) continue;
    let failures: FacetFailure[] | null = null;
    if (!prohibited) {
      for (let r = 0; r < requirements.length; r++) {
        const failure = requirementFailure(requirements[r] as CompiledFacet, r, model, id);
        if (failure) {
          if (failures === null) failures = [];
          failures.push(failure);
        }
      }
    }
    const passed = !prohibited && failures === null;
    if (passed) passedCount++;
    elements.push({
      id,
      globalId: model.globalId(id),
      className: model.classOf(id) ?? '',
      name: model.name(id),
      passed,
      failures: failures ?? NO_FAILURES,
    });
  }
  const applicableCount = elements.length;
  const failedCount = applicableCount - passedCount;
  let reason: string | null = null;
  if (prohibited && applicableCount > 0) {
    reason = `${applicableCount} element${applicableCount === 1 ? '' : 's'} match${applicableCount === 1 ? 'es' : ''} a prohibited specification`;
  } else if (spec.cardinality === 'required' && applicableCount === 0) {
    reason = 'No element matches the applicability, but the specification is required';
  } else if (failedCount > 0) {
    reason = `${failedCount} of ${applicableCount} applicable element${applicableCount === 1 ? '' : 's'} fail${failedCount === 1 ? 's' : ''} the requirements`;
  }
  return {
    name: spec.name,
    description: spec.description,
    identifier: spec.identifier,
    instructions: spec.instructions,
    ifcVersions: spec.ifcVersions,
    cardinality: spec.cardinality,
    applicability: applicability.map(summary),
    requirements: requirements.map(summary),
    status: reason === null ? 'pass' : 'fail',
    reason,
    applicableCount,
    passedCount,
    failedCount,
    elements,
  };
}

/** A report for an IDS that did not validate: never a pass. */
export function invalidReport(
  problems: readonly ValidationProblem[],
  ids: { title: string | null; fileName: string | null },
  model: { fileName: string | null; schema: string | null },
  now: () => Date = () => new Date(),
  durationMs = 0,
): CheckReport {
  return {
    status: 'invalid',
    ids,
    model,
    problems,
    specifications: [],
    checkedAt: now().toISOString(),
    durationMs,
  };
}

/** Checks a model against an IDS document. A document with problems yields an 'invalid' report. */
export function checkModel(model: IfcModel, ids: IdsDocument, options: CheckOptions = {}): CheckReport {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const idsInfo = { title: ids.info.title, fileName: ids.fileName };
  const modelInfo = { fileName: options.modelFileName ?? null, schema: model.schema };
  if (ids.problems.length > 0) return invalidReport(ids.problems, idsInfo, modelInfo, now);
  const specifications = ids.specifications.map((spec) => checkSpecification(model, spec));
  return {
    status: specifications.every((s) => s.status === 'pass') ? 'pass' : 'fail',
    ids: idsInfo,
    model: modelInfo,
    problems: [],
    specifications,
    checkedAt: now().toISOString(),
    durationMs: Math.round((performance.now() - started) * 100) / 100,
  };
}
