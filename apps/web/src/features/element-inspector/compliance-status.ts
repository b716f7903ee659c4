/**
 * Statuses and facet outcomes of the Validation tab and compliance card (spec 3 §2.4, §3, §8, §9), as
 * values and message ids the components render (messages/compliance, messages/common). Pure, so the
 * rules are tested without rendering.
 */
import type {
  ElementComplianceStatus,
  ElementSpecificationCompliance,
  FacetResult,
} from '@plumbline/contracts';
import { isApiRequestError } from '@/lib/api';
import type { MessageId } from '@/lib/i18n';

export type BadgeTone = 'success' | 'destructive' | 'secondary' | 'warning' | 'waived';

export const STATUS_TONE: Record<ElementComplianceStatus, BadgeTone> = {
  compliant: 'success',
  waived: 'waived',
  non_compliant: 'destructive',
  not_applicable: 'secondary',
};

/** Spec 3 §9 'Compliance card': classifications and issues shown are capped at 3. */
export const CLASSIFICATIONS_SHOWN = 3;
export const ISSUES_SHOWN = 3;

/**
 * A specification's badge: outside it → Not Applicable; inside → Compliant, Waived (a failure an
 * approved waiver covers, issue 32) or Non-Compliant.
 */
export function specificationStatus(
  spec: Pick<ElementSpecificationCompliance, 'is_applicable' | 'meets_requirements' | 'is_waived'>,
): ElementComplianceStatus {
  if (!spec.is_applicable) return 'not_applicable';
  if (spec.meets_requirements) return 'compliant';
  return spec.is_waived ? 'waived' : 'non_compliant';
}

/** A facet's badge: `outcome` is the value of the message `compliance.facet.outcome`. */
export interface OutcomeView {
  outcome: FacetResult['result'] | 'not_evaluated' | 'no_match';
  tone: BadgeTone;
}

const OUTCOMES: Record<FacetResult['result'], OutcomeView> = {
  applicable: { outcome: 'applicable', tone: 'success' },
  not_applicable: { outcome: 'not_applicable', tone: 'secondary' },
  passed: { outcome: 'passed', tone: 'success' },
  failed: { outcome: 'failed', tone: 'destructive' },
};

export type FacetSection = 'applicability' | 'requirements';

/**
 * A facet's badge. An applicability facet the server could not decide says so instead of guessing;
 * a requirement of a specification the element is outside of is simply not applicable.
 */
export function facetOutcome(
  facet: Pick<FacetResult, 'result' | 'is_satisfied'>,
  section: FacetSection = 'applicability',
): OutcomeView {
  if (facet.result === 'not_applicable' && facet.is_satisfied === null) {
    return section === 'applicability'
      ? { outcome: 'not_evaluated', tone: 'secondary' }
      : OUTCOMES.not_applicable;
  }
  if (facet.result === 'not_applicable' && facet.is_satisfied === false) {
    return { outcome: 'no_match', tone: 'warning' };
  }
  return OUTCOMES[facet.result];
}

/**
 * What the facet is about, in a line: 'Pset_WindowCommon.FireRating', 'IFCWINDOW' … (names from the
 * IDS, shown as they are); null when it names nothing, and the facet's type names it
 * (`common.facetType`).
 */
export function facetTitle(facet: Pick<FacetResult, 'facet_type' | 'details'>): string | null {
  const d = facet.details;
  if (d.description) return d.description;
  if (facet.facet_type === 'property') return `${d.property_set ?? '?'}.${d.property_name ?? '?'}`;
  if (facet.facet_type === 'entity') return d.required_entity ?? null;
  return null;
}

/**
 * Facet results as a list. Spec 3 §3: they "may arrive either as a plain list or as an object
 * holding applicability_details or requirement_details".
 */
export function facetResultList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const holder = value as { applicability_details?: unknown; requirement_details?: unknown };
    const inner = holder.applicability_details ?? holder.requirement_details;
    if (Array.isArray(inner)) return inner;
  }
  return [];
}

/** The first `limit` items and how many more there are. */
export function capped<T>(items: readonly T[], limit: number): { shown: T[]; hidden: number } {
  return { shown: items.slice(0, limit), hidden: Math.max(0, items.length - limit) };
}

export const COMPLIANCE_ERROR_TITLE: MessageId = 'compliance.loadError.title';

/** Spec 3 §8 'Element compliance tab': the auth text on a 401 or a credentials error. */
export function complianceErrorDescription(error: unknown): MessageId {
  const authError =
    (isApiRequestError(error) && error.status === 401) ||
    (error instanceof Error && /credential|authentication token/i.test(error.message));
  return authError ? 'compliance.loadError.signIn' : 'compliance.loadError.connection';
}
