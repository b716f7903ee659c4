export type ComplianceLevel = 'good' | 'fair' | 'poor';

/** Icon thresholds 90 and 70 (spec 1 §9). */
export function complianceLevel(figure: number): ComplianceLevel {
  if (figure >= 90) return 'good';
  if (figure >= 70) return 'fair';
  return 'poor';
}
