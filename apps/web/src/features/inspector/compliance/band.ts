import { type ComplianceBand, STATUS_COLORS } from '@/lib/compliance-logic';

export const BAND_LABELS: Record<ComplianceBand, string> = {
  passed: 'Passed',
  warning: 'Warning',
  failed: 'Failed',
};
export const BAND_BADGE = { passed: 'success', warning: 'warning', failed: 'destructive' } as const;
export const BAND_COLORS: Record<ComplianceBand, string> = {
  passed: STATUS_COLORS.passed,
  warning: STATUS_COLORS.warning,
  failed: STATUS_COLORS.failed,
};
