/**
 * checkModel: evaluates every specification of an IDS document against a model and produces the
 * CheckReport the reporters and the server consume. Findings are data, never exceptions.
 */
import type { IfcModel } from '@plumbline/ifc/model';
import type { IdsDocument, Specification } from '../document';
import { compileFacet } from '../facets/compile';
import type { CompiledFacet, Evaluation } from '../facets/evaluation';
import type {
  CheckReport,
  ElementResult,
  FacetFailure,
  FacetSummary,
  ReportModelInfo,
  SpecificationResult,
  ValidationProblem,
} from '../results';
import { groupKey, LookupGroup, lookupFacet } from './applicability-index';
import { CandidateLists } from './candidates';
import { ElementMemo } from './element-memo';
import { IdList, mergeIds } from './id-list';

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
      return failureOf(facet, index, e);
    case 'optional':
      if (e.status !== 'fail') return null;
      return failureOf(facet, index, e);
    case 'prohibited':
      if (e.status !== 'pass') return null;
      return {
        facetIndex: index,
        type: facet.type,
        outcome: 'prohibited',
        reason: `has ${facet.description}, which is prohibited`,
      };
  }
}

function failureOf(
  facet: CompiledFacet,
  index: number,
  e: Exclude<Evaluation, { status: 'pass' }>,
): FacetFailure {
  const outcome = e.status === 'absent' ? 'absent' : (e.outcome ?? 'mismatch');
  return e.status === 'fail' && e.actualValue !== undefined
    ? { facetIndex: index, type: facet.type, outcome, reason: e.reason, actualValue: e.actualValue }
    : { facetIndex: index, type: facet.type, outcome, reason: e.reason };
}

/** One specification being checked: compiled facets and its results. */
interface SpecRun {
  readonly spec: Specification;
  readonly applicability: readonly CompiledFacet[];
  readonly requirements: readonly CompiledFacet[];
  readonly prohibited: boolean;
  /** Passes as ids only; failures in full (issue 22). */
  readonly passing: IdList;
  readonly failing: ElementResult[];
  /** Counting only (countSpecifications): how many applicable elements pass and fail. */
  passedCount: number;
  failedCount: number;
  /** The element last evaluated: a look-up may select a specification twice for one element. */
  lastId: number;
}

/**
 * The specifications that share one candidate list: those keyed on a property literal in look-up
 * groups (check/applicability-index), the others evaluated on every candidate.
 */
interface CandidateStream {
  readonly candidates: readonly number[];
  cursor: number;
  readonly scanned: SpecRun[];
  readonly groups: Map<string, LookupGroup<SpecRun>>;
}

function prepare(spec: Specification): SpecRun {
  return {
    spec,
    applicability: spec.applicability.map(compileFacet),
    requirements: spec.requirements.map(compileFacet),
    prohibited: spec.cardinality === 'prohibited',
    passing: new IdList(),
    failing: [],
    passedCount: 0,
    failedCount: 0,
    lastId: -1,
  };
}

/** Puts each specification in the stream of its candidate list, in a look-up group when it can. */
function streamsOf(model: IfcModel, runs: readonly SpecRun[]): CandidateStream[] {
  const lists = new CandidateLists(model);
  const streams = new Map<readonly number[], CandidateStream>();
  for (const run of runs) {
    const candidates = lists.of(run.applicability);
    if (candidates.length === 0) continue;
    let stream = streams.get(candidates);
    if (stream === undefined) {
      stream = { candidates, cursor: 0, scanned: [], groups: new Map() };
      streams.set(candidates, stream);
    }
    const lookup = lookupFacet(run.applicability);
    if (lookup === null) {
      stream.scanned.push(run);
      continue;
    }
    const key = groupKey(lookup.pset, lookup.property);
    let group = stream.groups.get(key);
    if (group === undefined) {
      group = new LookupGroup<SpecRun>(lookup.pset, lookup.property);
      stream.groups.set(key, group);
    }
    group.add(run, lookup.literals);
  }
  return [...streams.values()];
}

/** Every id that is a candidate of some stream, ascending, without duplicates. */
function unionOf(streams: readonly CandidateStream[]): ArrayLike<number> {
  if (streams.length === 1) return (streams[0] as CandidateStream).candidates;
  let total = 0;
  let max = 0;
  for (const r of streams) {
    total += r.candidates.length;
    const last = r.candidates[r.candidates.length - 1];
    if (last !== undefined && last > max) max = last;
  }
  if (max <= Math.max(16 * total, 1 << 24)) {
    // Ids are dense enough: mark them in a bitmap and read it back in order (no sort).
    const seen = new Uint8Array(max + 1);
    let count = 0;
    for (const r of streams) {
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
  for (const r of streams) for (let i = 0; i < r.candidates.length; i++) all[n++] = r.candidates[i] as number;
  all.sort();
  let w = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[w++] = all[i] as number;
  return all.subarray(0, w);
}

/** The element's identity, looked up once however many specifications it fails. */
class ElementIdentity {
  id = -1;
  private loaded = false;
  globalId: string | null = null;
  className = '';
  name: string | null = null;

  reset(id: number): void {
    this.id = id;
    this.loaded = false;
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
  if (!run.prohibited && failures === null) {
    run.passing.push(id);
    return;
  }
  who.load(model);
  run.failing.push({
    id,
    globalId: who.globalId,
    className: who.className,
    name: who.name,
    failures: failures ?? NO_FAILURES,
  });
}

/** Counts only: applicable and passing, stopping at the first failed requirement (countSpecifications). */
function countElement(model: IfcModel, run: SpecRun, id: number): void {
  const applicability = run.applicability;
  for (let i = 0; i < applicability.length; i++) {
    if ((applicability[i] as CompiledFacet).evaluate(model, id).status !== 'pass') return;
  }
  if (run.prohibited) {
    run.failedCount++;
    return;
  }
  const requirements = run.requirements;
  for (let r = 0; r < requirements.length; r++) {
    if (requirementFailure(requirements[r] as CompiledFacet, r, model, id)) {
      run.failedCount++;
      return;
    }
  }
  run.passedCount++;
}

function result(run: SpecRun, { passingIds, failingElements }: PartResult): SpecificationResult {
  const { spec } = run;
  const passedCount = passingIds.length;
  const failedCount = failingElements.length;
  const applicableCount = passedCount + failedCount;
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
    passingIds,
    failingElements,
  };
}

/**
 * The share of the candidate elements one thread checks (check/parallel-check.ts): candidates in
 * blocks of `block`; the threads claim blocks as they reach them (the first to reach a block
 * checks it), so a thread slowed by anything checks fewer and none waits for another (decision 0193).
 */
export interface CheckPart {
  /** This thread's number (0 and up); recorded in `claims` for each block it checks. */
  readonly index: number;
  readonly block: number;
  /** Shared by the threads: per block, 0 while unclaimed, else 1 + the number of the thread that checks it. */
  readonly claims: Int32Array;
  /** Claims nothing: checks the blocks `index` claimed (the share of a thread that failed). */
  readonly redo?: boolean;
}

/** Room for every block of a check of `model` (candidates are at most its instances). */
export function claimsFor(model: IfcModel, block: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * (Math.ceil(model.instanceCount / block) + 1)));
}

/** Whether the thread of `part` checks block `b`: it claims it, or (redo) it had claimed it. */
function takesBlock(part: CheckPart, b: number): boolean {
  if (b >= part.claims.length) throw new RangeError(`block ${b} is past the ${part.claims.length} claims`);
  if (part.redo) return Atomics.load(part.claims, b) === part.index + 1;
  return Atomics.compareExchange(part.claims, b, 0, part.index + 1) === 0;
}

/** One specification's outcome on one part of the elements, each list ascending by element id. */
export interface PartResult {
  readonly passingIds: Uint32Array;
  readonly failingElements: readonly ElementResult[];
}

/** A run's results, taken from it (its growing id list is let go). */
function partOf(run: SpecRun): PartResult {
  return { passingIds: run.passing.take(), failingElements: run.failing };
}

/**
 * Visits each candidate element once, in id order, and evaluates every specification it may be
 * applicable to, so the element's property sets and other views are decoded once per check.
 * Specifications keyed on a property literal are found by look-up, not tried one by one.
 */
function checkAll(
  model: IfcModel,
  specs: readonly Specification[],
  part: CheckPart | null = null,
  counting = false,
): SpecRun[] {
  const memo = new ElementMemo(model);
  const runs = specs.map(prepare);
  const streams = streamsOf(memo, runs);
  const ids = unionOf(streams);
  const who = new ElementIdentity();
  const visit = (run: SpecRun): void => {
    if (run.lastId === who.id) return;
    run.lastId = who.id;
    if (counting) countElement(memo, run, who.id);
    else evaluateElement(memo, run, who);
  };
  let mine = true;
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k] as number;
    if (part !== null && k % part.block === 0) mine = takesBlock(part, k / part.block);
    who.reset(id);
    for (let s = 0; s < streams.length; s++) {
      const stream = streams[s] as CandidateStream;
      const cands = stream.candidates;
      if (stream.cursor >= cands.length || cands[stream.cursor] !== id) continue;
      while (stream.cursor < cands.length && cands[stream.cursor] === id) stream.cursor++;
      if (!mine) continue;
      for (const run of stream.scanned) visit(run);
      for (const group of stream.groups.values()) group.select(memo, id, visit);
    }
  }
  return runs;
}

/** Applicable, passing and failing elements of one specification, without the report. */
export interface SpecificationCounts {
  readonly applicable: number;
  readonly passed: number;
  readonly failed: number;
}

/** Each specification's counts by the check's own walk, without reasons or a report (check/live-check.ts). */
export function countSpecifications(model: IfcModel, specs: readonly Specification[]): SpecificationCounts[] {
  return checkAll(model, specs, null, true).map((run) => ({
    applicable: run.passedCount + run.failedCount,
    passed: run.passedCount,
    failed: run.failedCount,
  }));
}

/** Checks one part of the elements (on a worker thread): each specification's results on it. */
export function checkPart(model: IfcModel, specs: readonly Specification[], part: CheckPart): PartResult[] {
  return checkAll(model, specs, part).map(partOf);
}

/** Merges two lists of element results, each ascending by id and with no id in both. */
function mergeById(a: readonly ElementResult[], b: readonly ElementResult[]): ElementResult[] {
  if (b.length === 0) return a as ElementResult[];
  if (a.length === 0) return b as ElementResult[];
  const out = new Array<ElementResult>(a.length + b.length);
  let i = 0;
  let j = 0;
  let w = 0;
  while (i < a.length && j < b.length)
    out[w++] =
      (a[i] as ElementResult).id < (b[j] as ElementResult).id
        ? (a[i++] as ElementResult)
        : (b[j++] as ElementResult);
  while (i < a.length) out[w++] = a[i++] as ElementResult;
  while (j < b.length) out[w++] = b[j++] as ElementResult;
  return out;
}

/**
 * Checks this thread's part of the elements and merges the other parts' results into it: the same
 * specification results as checking every element here.
 */
export async function checkSharingParts(
  model: IfcModel,
  ids: IdsDocument,
  options: CheckOptions,
  part: CheckPart,
  otherParts: Promise<readonly (readonly PartResult[])[]>,
): Promise<CheckReport> {
  const frame = frameOf(model, ids, options);
  if (ids.problems.length > 0) return invalidFrame(frame, ids);
  const runs = checkAll(model, ids.specifications, part);
  const parts = runs.map(partOf);
  for (const other of await otherParts) {
    parts.forEach((mine, s) => {
      const theirs = other[s] as PartResult;
      parts[s] = {
        passingIds: mergeIds(mine.passingIds, theirs.passingIds),
        failingElements: mergeById(mine.failingElements, theirs.failingElements),
      };
    });
  }
  return finished(
    frame,
    runs.map((run, s) => result(run, parts[s] as PartResult)),
  );
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

interface ReportFrame {
  readonly started: number;
  readonly now: () => Date;
  readonly ids: CheckReport['ids'];
  readonly model: CheckReport['model'];
}

function frameOf(model: IfcModel, ids: IdsDocument, options: CheckOptions): ReportFrame {
  return {
    started: performance.now(),
    now: options.now ?? (() => new Date()),
    ids: { title: ids.info.title, fileName: ids.fileName, sha256: options.idsSha256 ?? null },
    model: { ...options.modelOrigin, fileName: options.modelFileName ?? null, schema: model.schema },
  };
}

function invalidFrame(frame: ReportFrame, ids: IdsDocument): CheckReport {
  return invalidReport(ids.problems, frame.ids, frame.model, frame.now);
}

function finished(frame: ReportFrame, specifications: SpecificationResult[]): CheckReport {
  return {
    status: specifications.every((s) => s.status === 'pass') ? 'pass' : 'fail',
    ids: frame.ids,
    model: frame.model,
    problems: [],
    specifications,
    checkedAt: frame.now().toISOString(),
    durationMs: Math.round((performance.now() - frame.started) * 100) / 100,
  };
}

/** Checks a model against an IDS document. A document with problems yields an 'invalid' report. */
export function checkModel(model: IfcModel, ids: IdsDocument, options: CheckOptions = {}): CheckReport {
  const frame = frameOf(model, ids, options);
  if (ids.problems.length > 0) return invalidFrame(frame, ids);
  return finished(
    frame,
    checkAll(model, ids.specifications).map((run) => result(run, partOf(run))),
  );
}
