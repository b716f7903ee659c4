/**
 * Each distinct facet evaluated once per element (issue 36). Packs organised by element type have
 * hundreds of specifications drawing their requirements from a small pool (the same Pset_*Common
 * properties, quantity bounds, materials, fire-rating patterns); an element was evaluated again for
 * every specification that applies to it, each facet from scratch.
 *
 * `FacetTable` compiles one facet per canonical key (check/facet-key.ts) for the whole check: a
 * slot per distinct facet, applicability and requirement alike. A requirement's use — its slot,
 * the cardinality its specification gives it and its index there — is a number too, because the
 * failure it reports (`FacetFailure`) depends on those. `ElementOutcomes` then keeps, for the
 * element being checked, each slot's evaluation and each use's failure the first time a
 * specification asks: every further specification holding the same facet reads it, and shares the
 * failure object, so a failing element costs one failure per distinct requirement, not one per
 * specification. Evaluations depend only on the element (facets/*.ts), so the results are those of
 * evaluating every facet of every specification.
 *
 * The outcomes are stamped with the element's id rather than cleared: nothing outlives the
 * element, and each thread (check/parallel-check.ts) keeps its own table and outcomes over the
 * blocks it claims.
 */
import type { IfcModel } from '@plumbline/ifc/model';
import type { Facet } from '../document';
import { compileFacet } from '../facets/compile';
import type { CompiledFacet, Evaluation } from '../facets/evaluation';
import { CompiledPropertyFacet, PropertyLocator } from '../facets/property';
import type { ValueMatcher } from '../restriction/matcher';
import type { FacetCardinality, FacetFailure, FailureOutcome } from '../results';
import { facetKey, valueKey } from './facet-key';

/** A requirement as one specification holds it. */
export interface RequirementUse {
  readonly use: number;
  readonly slot: number;
  readonly facet: CompiledFacet;
  readonly cardinality: FacetCardinality;
  readonly index: number;
}

/** The distinct facets and requirement uses of one check. */
export class FacetTable {
  readonly facets: CompiledFacet[] = [];
  private readonly slots = new Map<string, number>();
  readonly uses: RequirementUse[] = [];
  private readonly useNumbers = new Map<string, number>();
  /** Property facets of the same property set and name find their properties once per element. */
  private readonly locators = new Map<string, PropertyLocator>();

  /** The slot of a facet: its compiled facet is shared by every facet with the same key. */
  slotOf(facet: Facet): number {
    const key = facetKey(facet);
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.facets.length;
      this.facets.push(this.compile(facet));
      this.slots.set(key, slot);
    }
    return slot;
  }

  private compile(facet: Facet): CompiledFacet {
    if (facet.type !== 'property') return compileFacet(facet);
    const key = `${valueKey(facet.propertySet)}${valueKey(facet.baseName)}`;
    return new CompiledPropertyFacet(facet, (propertySet: ValueMatcher, baseName: ValueMatcher) => {
      let locator = this.locators.get(key);
      if (locator === undefined) {
        locator = new PropertyLocator(propertySet, baseName);
        this.locators.set(key, locator);
      }
      return locator;
    });
  }

  /** The use of a requirement facet at `index` of its specification. */
  useOf(facet: Facet, index: number): RequirementUse {
    const slot = this.slotOf(facet);
    const compiled = this.facets[slot] as CompiledFacet;
    // An entity requirement has no cardinality of its own (facets/entity.ts).
    const cardinality = facet.type === 'entity' ? compiled.cardinality : facet.cardinality;
    const key = `${slot}:${cardinality}:${index}`;
    let n = this.useNumbers.get(key);
    if (n === undefined) {
      n = this.uses.length;
      this.uses.push({ use: n, slot, facet: compiled, cardinality, index });
      this.useNumbers.set(key, n);
    }
    return this.uses[n] as RequirementUse;
  }
}

/** Whether an evaluation fails a requirement of this cardinality. */
function fails(cardinality: FacetCardinality, e: Evaluation): boolean {
  switch (cardinality) {
    case 'required':
      return e.status !== 'pass';
    case 'optional':
      return e.status === 'fail';
    case 'prohibited':
      return e.status === 'pass';
  }
}

function failureOf(use: RequirementUse, e: Exclude<Evaluation, { status: 'pass' }>): FacetFailure {
  const outcome: FailureOutcome = e.status === 'absent' ? 'absent' : (e.outcome ?? 'mismatch');
  const { index, facet } = use;
  const failure = { facetIndex: index, type: facet.type, outcome, ...e.detail };
  return e.status === 'fail' && e.actualValue !== undefined
    ? { ...failure, actualValue: e.actualValue }
    : failure;
}

/**
 * The members of a failure's detail as text: its keys in order, each value length-prefixed (no value
 * can spell another's), or null when it holds a value the key does not spell (classification
 * references): such failures are not shared.
 */
function contentKey(f: object): string | null {
  let key = '';
  for (const k in f) {
    const v = (f as Record<string, unknown>)[k];
    if (typeof v === 'string') key += `${k}:${v.length}:${v}`;
    else if (typeof v === 'number' || typeof v === 'boolean') key += `${k}=${v};`;
    else if (Array.isArray(v)) {
      key += `${k}[${v.length}`;
      for (const item of v) {
        if (typeof item !== 'string') return null;
        key += `:${item.length}:${item}`;
      }
    } else if (v !== undefined) return null;
  }
  return key;
}

/**
 * What a failing evaluation makes of a failure's content (`failureOf`): its outcome, detail and
 * actual value, as `contentKey` spells them, or null when not shared. A use's failures differ only
 * in these (its facetIndex and type are its own), so the text is made once per facet and element
 * and serves every use of the facet (issue 36: a class pack holds one facet at several indexes of
 * many specifications), instead of a failure object and its text per use.
 */
function evaluationKey(e: Exclude<Evaluation, { status: 'pass' }>): string | null {
  const outcome: FailureOutcome = e.status === 'absent' ? 'absent' : (e.outcome ?? 'mismatch');
  const detail = contentKey(e.detail);
  if (detail === null) return null;
  const key = `outcome:${outcome.length}:${outcome}${detail}`;
  return e.status === 'fail' && e.actualValue !== undefined
    ? `${key}actualValue:${e.actualValue.length}:${e.actualValue}`
    : key;
}

/** The key of a prohibited facet's failure: the same for every element. */
const PROHIBITED = 'prohibited';

/** Distinct failure contents a use keeps for sharing, at most (a bound on what a crafted model costs). */
const MAX_SHARED_FAILURES = 4096;

interface SharedFailure {
  readonly failure: FacetFailure;
  /** The list holding only this failure, made when first asked for. */
  alone: readonly FacetFailure[] | null;
}

/** The element being checked: each slot's evaluation and each use's failure, computed once. */
export class ElementOutcomes {
  private readonly evaluated: Float64Array;
  private readonly evaluations: (Evaluation | null)[];
  private readonly failed: Float64Array;
  private readonly failures: (FacetFailure | null)[];
  private readonly listed: Float64Array;
  private readonly lists: (readonly FacetFailure[] | null)[];
  /** A prohibited facet's failure is the same for every element: one object per use. */
  private readonly prohibited: FacetFailure[];
  /**
   * Per use, its failures by content: elements failing a requirement the same way (the same
   * missing property, the same value) share one failure object and one one-failure list, so a
   * check keeps, sends between threads and writes each distinct failure once.
   */
  private readonly shared: Map<string, SharedFailure>[];
  private readonly entries: (SharedFailure | null)[];
  /** Per slot, the element whose `evaluationKey` `keys` holds. */
  private readonly keyed: Float64Array;
  private readonly keys: (string | null)[];

  constructor(
    private readonly table: FacetTable,
    private readonly model: IfcModel,
  ) {
    this.evaluated = new Float64Array(table.facets.length).fill(-1);
    this.evaluations = new Array<Evaluation | null>(table.facets.length).fill(null);
    this.failed = new Float64Array(table.uses.length).fill(-1);
    this.failures = new Array<FacetFailure | null>(table.uses.length).fill(null);
    this.listed = new Float64Array(table.uses.length).fill(-1);
    this.lists = new Array<readonly FacetFailure[] | null>(table.uses.length).fill(null);
    this.shared = table.uses.map(() => new Map());
    this.entries = new Array<SharedFailure | null>(table.uses.length).fill(null);
    this.keyed = new Float64Array(table.facets.length).fill(-1);
    this.keys = new Array<string | null>(table.facets.length).fill(null);
    this.prohibited = table.uses.map((u) => ({
      facetIndex: u.index,
      type: u.facet.type,
      outcome: 'prohibited',
      kind: 'prohibited',
    }));
  }

  /** The evaluation of slot `slot` on element `id`. */
  evaluation(slot: number, id: number): Evaluation {
    if (this.evaluated[slot] === id) return this.evaluations[slot] as Evaluation;
    const e = (this.table.facets[slot] as CompiledFacet).evaluate(this.model, id);
    this.evaluated[slot] = id;
    this.evaluations[slot] = e;
    return e;
  }

  /** Whether element `id` satisfies applicability slot `slot`. */
  passes(slot: number, id: number): boolean {
    return this.evaluation(slot, id).status === 'pass';
  }

  /** The failure of requirement use `use` on element `id`, or null when it is satisfied. */
  failure(use: RequirementUse, id: number): FacetFailure | null {
    return this.failureAt(use.use, id);
  }

  /** The failure of requirement use number `n` on element `id`, or null when it is satisfied. */
  failureAt(n: number, id: number): FacetFailure | null {
    if (this.failed[n] === id) return this.failures[n] as FacetFailure | null;
    const use = this.table.uses[n] as RequirementUse;
    const e = this.evaluation(use.slot, id);
    let f: FacetFailure | null = null;
    let entry: SharedFailure | null = null;
    if (fails(use.cardinality, e)) {
      if (use.cardinality === 'prohibited') {
        entry = this.share(n, PROHIBITED, this.prohibited[n] as FacetFailure);
        f = entry.failure;
      } else {
        const failing = e as Exclude<Evaluation, { status: 'pass' }>;
        const key = this.keyOf(use.slot, id, failing);
        if (key === null) f = failureOf(use, failing);
        else {
          entry = this.share(n, key, null) ?? this.share(n, key, failureOf(use, failing));
          f = entry.failure;
        }
      }
    }
    this.failed[n] = id;
    this.failures[n] = f;
    this.entries[n] = entry;
    return f;
  }

  /** `evaluationKey` of slot `slot`'s failing evaluation on element `id`, made once per element. */
  private keyOf(slot: number, id: number, e: Exclude<Evaluation, { status: 'pass' }>): string | null {
    if (this.keyed[slot] === id) return this.keys[slot] as string | null;
    const key = evaluationKey(e);
    this.keyed[slot] = id;
    this.keys[slot] = key;
    return key;
  }

  /**
   * Use `n`'s shared failure with content `key`: the one kept, else, with `made`, a new entry (kept
   * while the use has fewer than MAX_SHARED_FAILURES), else null.
   */
  private share(n: number, key: string, made: null): SharedFailure | null;
  private share(n: number, key: string, made: FacetFailure): SharedFailure;
  private share(n: number, key: string, made: FacetFailure | null): SharedFailure | null {
    const byContent = this.shared[n] as Map<string, SharedFailure>;
    let entry = byContent.get(key);
    if (entry === undefined && made !== null) {
      entry = { failure: made, alone: null };
      if (byContent.size < MAX_SHARED_FAILURES) byContent.set(key, entry);
    }
    return entry ?? null;
  }

  /** The list holding only use `use`'s failure on element `id` (which must fail it), made once. */
  alone(use: RequirementUse, id: number): readonly FacetFailure[] {
    return this.aloneAt(use.use, id);
  }

  /** The list holding only use number `n`'s failure on element `id` (which must fail it), made once. */
  aloneAt(n: number, id: number): readonly FacetFailure[] {
    if (this.listed[n] === id) return this.lists[n] as readonly FacetFailure[];
    const failure = this.failureAt(n, id) as FacetFailure;
    const entry = this.entries[n] as SharedFailure | null;
    let list: readonly FacetFailure[];
    if (entry === null) list = [failure];
    else {
      entry.alone ??= [failure];
      list = entry.alone;
    }
    this.listed[n] = id;
    this.lists[n] = list;
    return list;
  }
}
