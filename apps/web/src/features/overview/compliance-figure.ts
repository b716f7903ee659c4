import type { IdsCompliance } from '@plumbline/contracts';

export type ComplianceLevel = 'good' | 'fair' | 'poor';

/** Spec 1 §5: compliant over applicable, rounded; 0 % when none are applicable. */
export function complianceFigure(c: IdsCompliance): number {
  return c.applicable_elements === 0 ? 0 : Math.round((c.compliant_elements / c.applicable_elements) * 100);
}

/** Icon thresholds 90 and 70 (spec 1 §9). */
export function complianceLevel(figure: number): ComplianceLevel {
  if (figure >= 90) return 'good';
  if (figure >= 70) return 'fair';
  return 'poor';
}
