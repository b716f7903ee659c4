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
  ReportModelInfo,
  SpecificationResult,
  ValidationProblem,
} from '../results';
import { candidateIds } from './candidates';
import { ElementMemo } from './element-memo';

export interface CheckOptions {
  /** Model file name for the report. */
  readonly modelFileName?: string | null;
  /** Identity and header of the model (SHA-256, FILE_NAME, IfcProject), for reporters that need them. */
  readonly modelOrigin?: Omit<ReportModelInfo, 'fileName' | 'schema'>;
  /** SHA-256 of the IDS file's bytes. */
  readonly idsSha256?: string | null;
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

/** One specification being checked: compiled facets, its candidates (ascending ids) and results. */
interface SpecRun {
  readonly spec: Specification;
  readonly applicability: readonly CompiledFacet[];
  readonly requirements: readonly CompiledFacet[];
  readonly prohibited: boolean;
  readonly candidates: readonly number[];
  cursor: number;
  readonly elements: ElementResult[];
  passedCount: number;
}

function ascending(ids: readonly number[]): readonly number[] {
  for (let i = 1; i < ids.length; i++) {
    if ((ids[i] as number) < (ids[i - 1] as number)) return [...ids].sort((a, b) => a - b);
  }
  return ids;
}

function prepare(model: IfcModel, spec: Specification): SpecRun {
  const applicability = spec.applicability.map(compileFacet);
  return {
    spec,
    applicability,
    requirements: spec.requirements.map(compileFacet),
    prohibited: spec.cardinality === 'prohibited',
    candidates: ascending(candidateIds(model, applicability)),
    cursor: 0,
    elements: [],
    passedCount: 0,
  };
}

/** Every id that is a candidate of some specification, ascending, without duplicates. */
function unionOf(runs: readonly SpecRun[]): ArrayLike<number> {
  let total = 0;
  let max = 0;
  for (const r of runs) {
    total += r.candidates.length;
    const last = r.candidates[r.candidates.length - 1];
    if (last !== undefined && last > max) max = last;
  }
  if (max <= Math.max(16 * total, 1 << 24)) {
    // Ids are dense enough: mark them in a bitmap and read it back in order (no sort).
    const seen = new Uint8Array(max + 1);
    let count = 0;
    for (const r of runs) {
      for (let i = 0; i < r.candidates.length; i++) {
        const id = r.candidates[i] as number;
        if (seen[id] === 0) {
          seen[id] = 1;
          count++;
        }
      }
    }
    const out = new Float64Array(count);
    let w = 0;
    for (let id = 0; id <= max; id++) if (seen[id] === 1) out[w++] = id;
    return out;
  }
  const all = new Float64Array(total);
  let n = 0;
  for (const r of runs) for (let i = 0; i < r.candidates.length; i++) all[n++] = r.candidates[i] as number;
  all.sort();
  let w = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[w++] = all[i] as number;
  return all.subarray(0, w);
}

/** The element's identity, looked up once however many specifications it meets. */
class ElementIdentity {
  id = -1;
  private loaded = false;
  globalId: string | null = null;
  className = '';
  name: string | null = null;
  /** One shared result for every specification the element passes. */
  passed: ElementResult | null = null;

  reset(id: number): void {
    this.id = id;
    this.loaded = false;
    this.passed = null;
  }

  load(model: IfcModel): this {
    if (!this.loaded) {
      this.globalId = model.globalId(this.id);
      this.className = model.classOf(this.id) ?? '';
      this.name = model.name(this.id);
      this.loaded = true;
    }
    return this;
  }
}

function evaluateElement(model: IfcModel, run: SpecRun, who: ElementIdentity): void {
  const id = who.id;
  const applicability = run.applicability;
  for (let i = 0; i < applicability.length; i++) {
    if ((applicability[i] as CompiledFacet).evaluate(model, id).status !== 'pass') return;
  }
  let failures: FacetFailure[] | null = null;
  if (!run.prohibited) {
    const requirements = run.requirements;
    for (let r = 0; r < requirements.length; r++) {
      const failure = requirementFailure(requirements[r] as CompiledFacet, r, model, id);
      if (failure) {
        if (failures === null) failures = [];
        failures.push(failure);
      }
    }
  }
  const passed = !run.prohibited && failures === null;
  who.load(model);
  if (passed) {
    run.passedCount++;
    who.passed ??= {
      id,
      globalId: who.globalId,
      className: who.className,
      name: who.name,
      passed: true,
      failures: NO_FAILURES,
    };
    run.elements.push(who.passed);
    return;
  }
  run.elements.push({
    id,
    globalId: who.globalId,
    className: who.className,
    name: who.name,
    passed: false,
    failures: failures ?? NO_FAILURES,
  });
}

function result(run: SpecRun): SpecificationResult {
  const { spec, elements, passedCount } = run;
  const applicableCount = elements.length;
  const failedCount = applicableCount - passedCount;
  let reason: string | null = null;
  if (run.prohibited && applicableCount > 0) {
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
    applicability: run.applicability.map(summary),
    requirements: run.requirements.map(summary),
    status: reason === null ? 'pass' : 'fail',
    reason,
    applicableCount,
    passedCount,
    failedCount,
    elements,
  };
}

/**
 * Visits each candidate element once, in id order, and evaluates every specification it is a
 * candidate of, so the element's property sets and other views are decoded once per check.
 */
function checkAll(model: IfcModel, specs: readonly Specification[]): SpecificationResult[] {
  const memo = new ElementMemo(model);
  const runs = specs.map((spec) => prepare(memo, spec));
  const ids = unionOf(runs);
  const who = new ElementIdentity();
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k] as number;
    who.reset(id);
    for (let s = 0; s < runs.length; s++) {
      const run = runs[s] as SpecRun;
      const cands = run.candidates;
      if (run.cursor >= cands.length || cands[run.cursor] !== id) continue;
      while (run.cursor < cands.length && cands[run.cursor] === id) run.cursor++;
      evaluateElement(memo, run, who);
    }
  }
  return runs.map(result);
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
  const idsInfo = { title: ids.info.title, fileName: ids.fileName, sha256: options.idsSha256 ?? null };
  const modelInfo = { ...options.modelOrigin, fileName: options.modelFileName ?? null, schema: model.schema };
  if (ids.problems.length > 0) return invalidReport(ids.problems, idsInfo, modelInfo, now);
  const specifications = checkAll(model, ids.specifications);
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
