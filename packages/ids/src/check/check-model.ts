/**
 * checkModel: evaluates every specification of an IDS document against a model and produces the
 * CheckReport the reporters and the server consume. Findings are data, never exceptions.
 * Over 500 lines: the one walk every check takes (candidate streams, applicability groups, the
 * threads' block claims) and the report built from it; its pieces are in check/*.ts.
 */
import type { IfcModel } from '@plumbline/ifc/model';
import type { Facet, IdsDocument, Specification } from '../document';
import type { CompiledFacet } from '../facets/evaluation';
import type {
  CheckReport,
  ElementResult,
  FacetCardinality,
  FacetFailure,
  FacetSummary,
  ReportModelInfo,
  SpecificationResult,
  ValidationProblem,
} from '../results';
import { groupKey, LookupGroup, lookupFacet } from './applicability-index';
import { CandidateLists } from './candidates';
import { ElementMemo } from './element-memo';
import { ElementOutcomes, FacetTable, type RequirementUse } from './facet-table';
import { IdList, mergeIds, without } from './id-list';
import {
  FailingBuilder,
  failingElementsOf,
  type Identity,
  keepCompact,
  mergeFailing,
  type PartResult,
  type PartResults,
} from './part-results';
import { specificationReasonOf } from './specification-reason';

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

/**
 * A facet's summary as its specification holds it: its own facet as written (a compiled facet is
 * shared by every specification holding an equal one) and cardinality (an entity facet is always required).
 */
function summary(compiled: CompiledFacet, facet: Facet, cardinality: FacetCardinality): FacetSummary {
  return { type: compiled.type, facet, cardinality };
}

/** One specification being checked: its facets (shared with others, check/facet-table.ts) and its results. */
interface SpecRun {
  readonly spec: Specification;
  /** The compiled applicability facets (candidate lists and look-ups read them), and their slots. */
  readonly applicability: readonly CompiledFacet[];
  readonly applicabilitySlots: readonly number[];
  readonly requirements: readonly RequirementUse[];
  readonly prohibited: boolean;
  /**
   * Passes as ids only (issue 22), failures as ids and shared failure lists (issue 36). A scanned
   * specification's passes are the elements its applicability group found applicable that it
   * does not fail (`group`); one found by look-up lists its own.
   */
  readonly passing: IdList;
  readonly failing: FailingBuilder;
  group: SameApplicability | null;
  /** The element last evaluated: a look-up may select a specification twice for one element. */
  lastId: number;
}

/**
 * The scanned specifications of a stream with the same applicability facets: applicable to the
 * same elements, found once per element for all of them, and listed once.
 */
interface SameApplicability {
  readonly slots: readonly number[];
  readonly runs: SpecRun[];
  readonly applicable: IdList;
  taken: Uint32Array | null;
  /**
   * The distinct requirement uses of the group's runs, by their index in a specification (so a
   * run's failures come in its own order), each evaluated once per element; run k's membership
   * in use j is `members[starts[j]..starts[j + 1])`, ascending. A prohibited specification holds
   * none: its elements fail by applying (`prohibitedRuns`).
   */
  distinct: Int32Array;
  starts: Int32Array;
  members: Int32Array;
  prohibitedRuns: Int32Array;
  /** Per run, scratch for the element being swept: stamped with its id, its first failing use, and its further failures. */
  stamp: Float64Array;
  first: Int32Array;
  more: (FacetFailure[] | null)[];
  touched: Int32Array;
}

/**
 * The specifications that share one candidate list: those keyed on a property literal in look-up
 * groups (check/applicability-index), the others evaluated on every candidate.
 */
interface CandidateStream {
  readonly candidates: ArrayLike<number>;
  cursor: number;
  readonly scanned: SameApplicability[];
  readonly groups: Map<string, LookupGroup<SpecRun>>;
}

function prepare(spec: Specification, table: FacetTable): SpecRun {
  const applicabilitySlots = spec.applicability.map((f) => table.slotOf(f));
  return {
    spec,
    applicability: applicabilitySlots.map((slot) => table.facets[slot] as CompiledFacet),
    applicabilitySlots,
    requirements: spec.requirements.map((f, index) => table.useOf(f, index)),
    prohibited: spec.cardinality === 'prohibited',
    passing: new IdList(),
    failing: new FailingBuilder(),
    group: null,
    lastId: -1,
  };
}

/** Puts each specification in the stream of its candidate list, in a look-up group when it can. */
function streamsOf(model: IfcModel, runs: readonly SpecRun[], table: FacetTable): CandidateStream[] {
  const lists = new CandidateLists(model);
  const streams = new Map<ArrayLike<number>, CandidateStream>();
  const sameApplicability = new Map<CandidateStream, Map<string, SameApplicability>>();
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
      let byKey = sameApplicability.get(stream);
      if (byKey === undefined) {
        byKey = new Map();
        sameApplicability.set(stream, byKey);
      }
      const key = run.applicabilitySlots.join(',');
      let group = byKey.get(key);
      if (group === undefined) {
        group = {
          slots: run.applicabilitySlots,
          runs: [],
          applicable: new IdList(),
          taken: null,
          distinct: NO_USES,
          starts: NO_USES,
          members: NO_USES,
          prohibitedRuns: NO_USES,
          stamp: new Float64Array(0),
          first: NO_USES,
          more: [],
          touched: NO_USES,
        };
        byKey.set(key, group);
        stream.scanned.push(group);
      }
      group.runs.push(run);
      run.group = group;
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
  for (const byKey of sameApplicability.values())
    for (const group of byKey.values()) sweepOrder(group, table);
  return [...streams.values()];
}

const NO_USES = new Int32Array(0);

function sweepOrder(group: SameApplicability, table: FacetTable): void {
  const { runs } = group;
  const membersOf = new Map<number, number[]>();
  const prohibited: number[] = [];
  runs.forEach((run, k) => {
    if (run.prohibited) {
      prohibited.push(k);
      return;
    }
    for (const use of run.requirements) {
      let members = membersOf.get(use.use);
      if (members === undefined) {
        members = [];
        membersOf.set(use.use, members);
      }
      if (members[members.length - 1] !== k) members.push(k);
    }
  });
  // By index in the specification: each run meets its failing uses in its own order.
  const distinct = [...membersOf.keys()].sort(
    (a, b) => (table.uses[a] as RequirementUse).index - (table.uses[b] as RequirementUse).index || a - b,
  );
  const starts = new Int32Array(distinct.length + 1);
  let n = 0;
  distinct.forEach((use, j) => {
    starts[j] = n;
    n += (membersOf.get(use) as number[]).length;
  });
  starts[distinct.length] = n;
  const members = new Int32Array(n);
  distinct.forEach((use, j) => {
    members.set(membersOf.get(use) as number[], starts[j] as number);
  });
  group.distinct = Int32Array.from(distinct);
  group.starts = starts;
  group.members = members;
  group.prohibitedRuns = Int32Array.from(prohibited);
  group.stamp = new Float64Array(runs.length).fill(-1);
  group.first = new Int32Array(runs.length);
  group.more = new Array<FacetFailure[] | null>(runs.length).fill(null);
  group.touched = new Int32Array(runs.length);
}

/**
 * Every specification of a group on an element they all apply to: each distinct requirement use
 * evaluated once from the element's shared outcomes (check/facet-table.ts), and only the
 * specifications holding a failing one visited; their failures recorded. The passes are the
 * applicable elements a specification does not fail (`partOf`).
 */
function checkGroup(
  model: IfcModel,
  outcomes: ElementOutcomes,
  group: SameApplicability,
  who: ElementIdentity,
  identities: Map<number, Identity>,
): void {
  const id = who.id;
  const { runs, distinct, starts, members, stamp, first, more, touched } = group;
  let count = 0;
  for (let j = 0; j < distinct.length; j++) {
    const n = distinct[j] as number;
    const failure = outcomes.failureAt(n, id);
    if (failure === null) continue;
    const end = starts[j + 1] as number;
    for (let m = starts[j] as number; m < end; m++) {
      const k = members[m] as number;
      if (stamp[k] !== id) {
        stamp[k] = id;
        first[k] = n;
        more[k] = null;
        touched[count++] = k;
      } else {
        const list = more[k] as FacetFailure[] | null;
        if (list === null) more[k] = [outcomes.failureAt(first[k] as number, id) as FacetFailure, failure];
        else list.push(failure);
      }
    }
  }
  const { prohibitedRuns } = group;
  if (count === 0 && prohibitedRuns.length === 0) return;
  who.record(model, identities);
  for (let t = 0; t < count; t++) {
    const k = touched[t] as number;
    // One failure: the list every specification failing only that requirement there shares.
    (runs[k] as SpecRun).failing.push(id, more[k] ?? outcomes.aloneAt(first[k] as number, id));
    more[k] = null;
  }
  for (let p = 0; p < prohibitedRuns.length; p++)
    (runs[prohibitedRuns[p] as number] as SpecRun).failing.push(id, NO_FAILURES);
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

/** The element being checked; its identity is looked up once however many specifications it fails. */
class ElementIdentity {
  id = -1;
  private loaded = false;

  reset(id: number): void {
    this.id = id;
    this.loaded = false;
  }

  /** Records the element's identity, once however many specifications it fails. */
  record(model: IfcModel, identities: Map<number, Identity>): void {
    if (this.loaded) return;
    identities.set(this.id, {
      globalId: model.globalId(this.id),
      className: model.classOf(this.id) ?? '',
      name: model.name(this.id),
    });
    this.loaded = true;
  }
}

/** Whether element `id` satisfies every applicability facet of `slots`. */
function applies(outcomes: ElementOutcomes, slots: readonly number[], id: number): boolean {
  for (let i = 0; i < slots.length; i++) {
    if (!outcomes.passes(slots[i] as number, id)) return false;
  }
  return true;
}

/**
 * A specification's verdict on an element it applies to, from the element's shared facet
 * outcomes: a failure is recorded; whether it passed is returned.
 */
function meetsRequirements(
  model: IfcModel,
  outcomes: ElementOutcomes,
  run: SpecRun,
  who: ElementIdentity,
  identities: Map<number, Identity>,
): boolean {
  const id = who.id;
  let failures: readonly FacetFailure[] | null = null;
  if (!run.prohibited) {
    const requirements = run.requirements;
    let first: RequirementUse | null = null;
    let more: FacetFailure[] | null = null;
    for (let r = 0; r < requirements.length; r++) {
      const use = requirements[r] as RequirementUse;
      const failure = outcomes.failure(use, id);
      if (failure === null) continue;
      if (first === null) first = use;
      else if (more === null) more = [outcomes.failure(first, id) as FacetFailure, failure];
      else more.push(failure);
    }
    // One failure: the list every specification failing only that requirement there shares.
    if (more !== null) failures = more;
    else if (first !== null) failures = outcomes.alone(first, id);
  }
  if (!run.prohibited && failures === null) return true;
  who.record(model, identities);
  run.failing.push(id, failures ?? NO_FAILURES);
  return false;
}

/** A specification's result; its failing elements are made objects when first read (check/part-results.ts). */
function result(
  run: SpecRun,
  { passingIds, failing }: PartResult,
  identities: ReadonlyMap<number, Identity>,
): SpecificationResult {
  const { spec } = run;
  const passedCount = passingIds.length;
  const failedCount = failing.ids.length;
  const applicableCount = passedCount + failedCount;
  const reason = specificationReasonOf(spec.cardinality, applicableCount, failedCount);
  let elements: ElementResult[] | null = null;
  const specification: SpecificationResult = {
    name: spec.name,
    description: spec.description,
    identifier: spec.identifier,
    instructions: spec.instructions,
    ifcVersions: spec.ifcVersions,
    cardinality: spec.cardinality,
    applicability: run.applicability.map((f, i) => {
      const own = spec.applicability[i] as Facet;
      return summary(f, own, f.type === 'entity' ? f.cardinality : own.cardinality);
    }),
    requirements: run.requirements.map((use) =>
      summary(use.facet, spec.requirements[use.index] as Facet, use.cardinality),
    ),
    status: reason === null ? 'pass' : 'fail',
    reason,
    applicableCount,
    passedCount,
    failedCount,
    passingIds,
    get failingElements(): readonly ElementResult[] {
      elements ??= failingElementsOf(failing, identities);
      return elements;
    },
  };
  return keepCompact(specification, failing, identities);
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

/** A run's results, taken from it (its growing id lists are let go). */
function partOf(run: SpecRun): PartResult {
  const failing = run.failing.take();
  const { group } = run;
  if (group === null) return { passingIds: run.passing.take(), failing };
  group.taken ??= group.applicable.take();
  return { passingIds: without(group.taken, failing.ids), failing };
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
): { runs: SpecRun[]; identities: Map<number, Identity> } {
  const memo = new ElementMemo(model);
  const table = new FacetTable();
  const runs = specs.map((spec) => prepare(spec, table));
  const outcomes = new ElementOutcomes(table, memo);
  const streams = streamsOf(memo, runs, table);
  const ids = unionOf(streams);
  const who = new ElementIdentity();
  const identities = new Map<number, Identity>();
  // A specification found by look-up: possibly twice for one element, and not yet known to apply.
  const visit = (run: SpecRun): void => {
    if (run.lastId === who.id) return;
    run.lastId = who.id;
    if (
      applies(outcomes, run.applicabilitySlots, who.id) &&
      meetsRequirements(memo, outcomes, run, who, identities)
    )
      run.passing.push(who.id);
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
      for (const group of stream.scanned) {
        if (!applies(outcomes, group.slots, id)) continue;
        group.applicable.push(id);
        checkGroup(memo, outcomes, group, who, identities);
      }
      for (const group of stream.groups.values()) group.select(memo, id, visit);
    }
  }
  return { runs, identities };
}

/** Applicable, passing and failing elements of one specification, without the report. */
export interface SpecificationCounts {
  readonly applicable: number;
  readonly passed: number;
  readonly failed: number;
}

/**
 * Each specification's counts by the check's own walk, without a report (check/live-check.ts): the
 * walk keeps failing elements as ids and describes no failure until read, so counting is the check.
 */
export function countSpecifications(model: IfcModel, specs: readonly Specification[]): SpecificationCounts[] {
  return checkAll(model, specs).runs.map((run) => {
    const { passingIds, failing } = partOf(run);
    const passed = passingIds.length;
    const failed = failing.ids.length;
    return { applicable: passed + failed, passed, failed };
  });
}

/** Checks one part of the elements (on a worker thread): each specification's results on it. */
export function checkPart(model: IfcModel, specs: readonly Specification[], part: CheckPart): PartResults {
  const { runs, identities } = checkAll(model, specs, part);
  return { specifications: runs.map(partOf), identities };
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
  otherParts: Promise<readonly PartResults[]>,
): Promise<CheckReport> {
  const frame = frameOf(model, ids, options);
  if (ids.problems.length > 0) return invalidFrame(frame, ids);
  const { runs, identities } = checkAll(model, ids.specifications, part);
  const parts = runs.map(partOf);
  for (const other of await otherParts) {
    for (const [id, who] of other.identities) identities.set(id, who);
    parts.forEach((mine, s) => {
      const theirs = other.specifications[s] as PartResult;
      parts[s] = {
        passingIds: mergeIds(mine.passingIds, theirs.passingIds),
        failing: mergeFailing(mine.failing, theirs.failing),
      };
    });
  }
  return finished(
    frame,
    runs.map((run, s) => result(run, parts[s] as PartResult, identities)),
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
  const { runs, identities } = checkAll(model, ids.specifications);
  return finished(
    frame,
    runs.map((run) => result(run, partOf(run), identities)),
  );
}
