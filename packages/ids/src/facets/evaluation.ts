/**
 * What evaluating one facet on one element yields, before cardinality is applied.
 *
 * 'absent' means the thing the facet talks about is not there at all (no such property set, a null
 * attribute, no material): a required facet fails, an optional one passes, a prohibited one passes.
 * 'fail' means it is there but does not satisfy the facet: required and optional fail, prohibited passes.
 * 'pass' means it is there and satisfies the facet: prohibited fails.
 */
import type { IfcModel, StepValue } from '@plumbline/ifc/model';
import type { ScalarValue } from '../restriction/matcher';
import type { FacetCardinality, FacetType } from '../results';

export type Evaluation =
  | { readonly status: 'pass'; readonly actualValue?: string }
  | { readonly status: 'absent'; readonly reason: string }
  | {
      readonly status: 'fail';
      readonly reason: string;
      readonly actualValue?: string;
      /** What kind of failure, when not a value that does not satisfy the facet ('mismatch'). */
      readonly outcome?: 'absent' | 'empty';
    };

export const PASS: Evaluation = { status: 'pass' };

/**
 * A failure whose reason and actual value are worked out when first read (issue 36): an
 * applicability facet fails on most of the elements it is tried on, and only whether it passes is
 * asked there; describing each miss (material names, classification codes, values) was a tenth of
 * such a check.
 */
class FailureDescribedLater {
  readonly status = 'fail' as const;
  private described: { readonly reason: string; readonly actualValue?: string } | null = null;

  constructor(private readonly describe: () => { reason: string; actualValue?: string }) {}

  get reason(): string {
    this.described ??= this.describe();
    return this.described.reason;
  }

  get actualValue(): string | undefined {
    this.described ??= this.describe();
    return this.described.actualValue;
  }
}

export function describedLater(describe: () => { reason: string; actualValue?: string }): Evaluation {
  return new FailureDescribedLater(describe);
}

export interface CompiledFacet {
  readonly type: FacetType;
  readonly cardinality: FacetCardinality;
  /** Human description for summaries and messages. */
  readonly description: string;
  evaluate(model: IfcModel, id: number): Evaluation;
}

/** A model scalar as text for messages. */
export function formatScalar(v: ScalarValue): string {
  return typeof v.value === 'string' ? JSON.stringify(v.value) : String(v.value);
}

/**
 * A STEP attribute value as a comparable scalar. Returns null for values that are not scalars
 * (references, lists); 'empty' for $, *, '' handled by the caller.
 */
export function stepScalar(v: StepValue): ScalarValue | null {
  switch (v.kind) {
    case 'string':
    case 'binary':
      return { value: v.value, isReal: false };
    case 'integer':
      return { value: v.value, isReal: false };
    case 'real':
      return { value: v.value, isReal: true };
    case 'enum':
      if (v.value === 'T') return { value: true, isReal: false };
      if (v.value === 'F') return { value: false, isReal: false };
      return { value: v.value, isReal: false };
    case 'typed':
      return stepScalar(v.value);
    default:
      return null;
  }
}

/** Null, derived, unknown logical or an empty list: no value at all. */
export function isStepAbsent(v: StepValue | undefined): boolean {
  if (v === undefined) return true;
  switch (v.kind) {
    case 'null':
    case 'derived':
      return true;
    case 'enum':
      return v.value === 'U';
    case 'list':
      return v.items.length === 0;
    case 'typed':
      return isStepAbsent(v.value);
    default:
      return false;
  }
}

/** A value present but empty: the empty string. */
export function isStepEmpty(v: StepValue): boolean {
  if (v.kind === 'typed') return isStepEmpty(v.value);
  return v.kind === 'string' && v.value === '';
}

/** Text of an IDS value for descriptions: plain for simple values, phrase for restrictions. */
export function describeName(matcherDescription: string, exact: string | null): string {
  return exact ?? matcherDescription;
}
