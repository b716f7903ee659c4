/**
 * Which IDS verdicts a validity error makes unreliable, and why (decision 0249). The one place
 * that decides it: the compliance reads ask `verdictMarks` for each verdict they answer. Pure.
 *
 * - A GlobalId used twice (SCH001) marks every verdict on the elements that carry it: which
 *   element an IDS result (or a later comparison, a BCF topic) means is ambiguous.
 * - Two property sets of one name on an element (SCH002) mark that element's verdicts of
 *   specifications with a property facet: which set's value the verdict read is arbitrary.
 * - An unofficial schema identifier (IFC101) marks every verdict of the version: the model was
 *   read with a schema it does not declare.
 */
import type { VerdictMark } from '@plumbline/contracts';

/** The validity findings that mark verdicts, as stored (rule, element, message parameters). */
export interface MarkingFinding {
  rule: string;
  stepId: number | null;
  globalId: string | null;
  messageValues: unknown;
}

/** The rules whose findings mark verdicts. */
export const MARKING_RULES = ['SCH001', 'SCH002', 'IFC101'] as const;

/** A version's marking findings, indexed for the verdicts' lookups. */
export interface ValidityEvidence {
  readonly unofficialSchema: string | null;
  readonly repeatedGlobalIds: ReadonlySet<string>;
  /** Element STEP id → the property set names it carries twice. */
  readonly repeatedPropertySets: ReadonlyMap<number, readonly string[]>;
}

export const NO_EVIDENCE: ValidityEvidence = {
  unofficialSchema: null,
  repeatedGlobalIds: new Set(),
  repeatedPropertySets: new Map(),
};

function value(stored: unknown, key: string): string | null {
  const values = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
  if (typeof values !== 'object' || values === null) return null;
  const v = (values as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : null;
}

export function validityEvidence(findings: readonly MarkingFinding[]): ValidityEvidence {
  let unofficialSchema: string | null = null;
  const repeatedGlobalIds = new Set<string>();
  const repeatedPropertySets = new Map<number, string[]>();
  for (const f of findings) {
    if (f.rule === 'IFC101') unofficialSchema = value(f.messageValues, 'schema') ?? '';
    else if (f.rule === 'SCH001') {
      const guid = value(f.messageValues, 'globalId') ?? f.globalId;
      if (guid) repeatedGlobalIds.add(guid);
    } else if (f.rule === 'SCH002' && f.stepId !== null) {
      const name = value(f.messageValues, 'name');
      if (name === null) continue;
      const names = repeatedPropertySets.get(f.stepId) ?? [];
      if (!names.includes(name)) names.push(name);
      repeatedPropertySets.set(f.stepId, names);
    }
  }
  return { unofficialSchema, repeatedGlobalIds, repeatedPropertySets };
}

/** An IDS verdict as the marking sees it: the element, and whether its specification reads properties. */
export interface MarkedVerdict {
  stepId: number;
  globalId: string | null;
  /** The specification has a property facet (applicability or requirement); null when no specification applies. */
  readsProperties: boolean;
}

export function verdictMarks(verdict: MarkedVerdict, evidence: ValidityEvidence): VerdictMark[] {
  const marks: VerdictMark[] = [];
  if (evidence.unofficialSchema !== null) {
    marks.push({ code: 'unofficial_schema', rule: 'IFC101', schema: evidence.unofficialSchema });
  }
  if (verdict.globalId !== null && evidence.repeatedGlobalIds.has(verdict.globalId)) {
    marks.push({ code: 'repeated_global_id', rule: 'SCH001', global_id: verdict.globalId });
  }
  const sets = verdict.readsProperties ? evidence.repeatedPropertySets.get(verdict.stepId) : undefined;
  if (sets && sets.length > 0) {
    marks.push({ code: 'repeated_property_set', rule: 'SCH002', property_sets: [...sets] });
  }
  return marks;
}

/** Whether a specification's verdicts read properties: any property facet, applicability or requirement. */
export function readsProperties(spec: {
  applicabilityFacets: readonly { facet_type: string }[];
  requirementFacets: readonly { facet_type: string }[];
}): boolean {
  return [...spec.applicabilityFacets, ...spec.requirementFacets].some((f) => f.facet_type === 'property');
}
