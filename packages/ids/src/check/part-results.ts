/**
 * A specification's results as the check keeps them (issue 36): passing elements as ids
 * (decision 0192), failing elements as ids beside their failure lists, and the identity of each
 * failing element (GlobalId, class, name) once, however many specifications it fails. A pack of
 * hundreds of specifications applying to whole classes fails millions of (specification, element)
 * pairs; an object per pair was most of the check's allocation and of the report's memory. Failure
 * lists are shared too: a failure is one object per requirement use and element
 * (check/facet-table.ts), and an element failing one requirement shares that one-failure list
 * with every specification failing it there for that alone.
 *
 * `failingElementsOf` makes the `ElementResult`s a specification's readers see, when first read:
 * the JSON writer reads one specification at a time and lets it go (`handOver`), so a report's
 * failures need not all be objects at once.
 */
import type { ElementResult, FacetFailure, SpecificationResult } from '../results';
import { IdList, mergeIds } from './id-list';

/** An element's identity for the report. */
export interface Identity {
  readonly globalId: string | null;
  readonly className: string;
  readonly name: string | null;
}

/** Failing elements in id order, with their failures. */
export interface FailingList {
  readonly ids: Uint32Array;
  readonly failures: readonly (readonly FacetFailure[])[];
}

/** One specification's outcome on one part of the elements, each list ascending by element id. */
export interface PartResult {
  readonly passingIds: Uint32Array;
  readonly failing: FailingList;
}

/** What one part of a check found: each specification's results, and its failing elements' identities. */
export interface PartResults {
  readonly specifications: readonly PartResult[];
  readonly identities: ReadonlyMap<number, Identity>;
}

/** A specification's failing elements as they are found. */
export class FailingBuilder {
  private readonly ids = new IdList();
  private readonly failures: (readonly FacetFailure[])[] = [];

  push(id: number, failures: readonly FacetFailure[]): void {
    this.ids.push(id);
    this.failures.push(failures);
  }

  get length(): number {
    return this.ids.length;
  }

  take(): FailingList {
    return { ids: this.ids.take(), failures: this.failures };
  }
}

/** Merges two failing lists, each ascending by id and with no id in both. */
export function mergeFailing(a: FailingList, b: FailingList): FailingList {
  if (b.ids.length === 0) return a;
  if (a.ids.length === 0) return b;
  const ids = mergeIds(a.ids, b.ids);
  const failures = new Array<readonly FacetFailure[]>(ids.length);
  let i = 0;
  let j = 0;
  for (let w = 0; w < ids.length; w++) {
    // mergeIds took from a when its id was the smaller: so do we.
    if (i < a.ids.length && a.ids[i] === ids[w]) failures[w] = a.failures[i++] as readonly FacetFailure[];
    else failures[w] = b.failures[j++] as readonly FacetFailure[];
  }
  return { ids, failures };
}

/** The failing elements as readers see them. */
export function failingElementsOf(
  failing: FailingList,
  identities: ReadonlyMap<number, Identity>,
): ElementResult[] {
  const out = new Array<ElementResult>(failing.ids.length);
  for (let i = 0; i < failing.ids.length; i++) {
    const id = failing.ids[i] as number;
    const who = identities.get(id);
    if (who === undefined) throw new Error(`no identity for failing element #${id}`);
    out[i] = {
      id,
      globalId: who.globalId,
      className: who.className,
      name: who.name,
      failures: failing.failures[i] as readonly FacetFailure[],
    };
  }
  return out;
}

/** The compact lists behind a specification result the check made. */
const compact = new WeakMap<
  SpecificationResult,
  { failing: FailingList; identities: ReadonlyMap<number, Identity> }
>();

/** Remembers the compact lists a result's `failingElements` are made from. */
export function keepCompact(
  result: SpecificationResult,
  failing: FailingList,
  identities: ReadonlyMap<number, Identity>,
): SpecificationResult {
  compact.set(result, { failing, identities });
  return result;
}

/**
 * A specification's failing elements as the check kept them — ids, failure lists and identities —
 * or undefined for a result it did not make (`failingElements` is then the list). The JSON writer
 * reads them so, without making an object per failing element (issue 36).
 */
export function compactFailingOf(
  specification: SpecificationResult,
): { readonly failing: FailingList; readonly identities: ReadonlyMap<number, Identity> } | undefined {
  return compact.get(specification);
}

/** A specification's failing element ids, ascending, without making the elements when the check kept them compact. */
export function failingIdsOf(specification: SpecificationResult): ArrayLike<number> {
  const kept = compact.get(specification);
  return kept ? kept.failing.ids : specification.failingElements.map((e) => e.id);
}

/** A specification's first `n` failing elements, making only those when the check kept them compact. */
export function firstFailingElements(
  specification: SpecificationResult,
  n: number,
): readonly ElementResult[] {
  const kept = compact.get(specification);
  if (!kept) return specification.failingElements.slice(0, n);
  const { ids, failures } = kept.failing;
  const count = Math.min(n, ids.length);
  return failingElementsOf(
    { ids: ids.subarray(0, count), failures: failures.slice(0, count) },
    kept.identities,
  );
}
