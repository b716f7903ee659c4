import type { SpecificationReason, SpecificationResult } from '../results';

/** Why a specification with these counts fails as a whole, or null when it passes (checkModel's rule). */
export function specificationReasonOf(
  cardinality: SpecificationResult['cardinality'],
  applicableCount: number,
  failedCount: number,
): SpecificationReason | null {
  if (cardinality === 'prohibited' && applicableCount > 0) return 'prohibitedMatched';
  if (cardinality === 'required' && applicableCount === 0) return 'noneApplicable';
  if (failedCount > 0) return 'elementsFailed';
  return null;
}
