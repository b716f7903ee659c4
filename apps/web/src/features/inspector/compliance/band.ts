import { type ComplianceBand, STATUS_COLORS } from '@/lib/compliance-logic';

/** The progress bars' colours for a specification's rated states (its badge is SpecificationStateBadge). */
export const BAND_COLORS: Record<ComplianceBand, string> = {
  passed: STATUS_COLORS.passed,
  warning: STATUS_COLORS.warning,
  failed: STATUS_COLORS.failed,
};
