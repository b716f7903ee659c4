// The Validity section of the Comprehensive reports (issue 38): per model version, its failing
// validity rules, errors first, each with its one-line explanation, its finding count and its first
// findings, all in the report's language (the validity catalogue; findings' messages are English
// until translated). Bounded: at most VALIDITY_FINDINGS_IN_REPORT findings per rule are read; the
// rule's count says how many more there are.
import type { Locale } from '@plumbline/i18n';
import { formatMessage, ruleSummary, validityCatalogue } from '@plumbline/validity';
import type { Database } from '../../platform/db';
import { storedValidity } from '../validity';

/** Findings read per failing rule for the reports (the XLSX lists them all; the PDF its first few). */
export const VALIDITY_FINDINGS_IN_REPORT = 1_000;
/** Findings the PDF shows per rule before its "+N more". */
export const VALIDITY_FINDINGS_IN_PDF = 10;

export interface ValidityFindingLine {
  stepId: number | null;
  globalId: string | null;
  ifcClass: string | null;
  message: string;
}

export interface ValidityRuleLine {
  rule: string;
  severity: 'error' | 'warning';
  explanation: string;
  /** Every finding of the rule, counted (the listed ones are the first of these). */
  findingCount: number;
  findings: ValidityFindingLine[];
}

export interface ValiditySection {
  checked: boolean;
  schema: string | null;
  passed: number;
  notApplicable: number;
  /** Failing rules, errors first, each group in buildingSMART's order. */
  failing: ValidityRuleLine[];
}

export async function validitySection(
  db: Database,
  versionId: string,
  locale: Locale,
  perRule = VALIDITY_FINDINGS_IN_REPORT,
): Promise<ValiditySection> {
  const stored = await storedValidity(db, versionId, perRule);
  const catalogue = validityCatalogue(locale);
  const failing = stored.rules
    .filter((r) => r.outcome === 'fail')
    .map(
      (r): ValidityRuleLine => ({
        rule: r.rule,
        severity: r.severity === 'warning' ? 'warning' : 'error',
        explanation: ruleSummary(r.rule, catalogue, locale),
        findingCount: r.findingCount,
        findings: r.findings.map((f) => ({
          stepId: f.stepId,
          globalId: f.globalId,
          ifcClass: f.ifcClass,
          message: formatMessage(
            { id: f.messageId, values: f.messageValues as Record<string, string | number> },
            catalogue,
            locale,
          ),
        })),
      }),
    );
  return {
    checked: stored.checked,
    schema: stored.schema,
    passed: stored.rules.filter((r) => r.outcome === 'pass').length,
    notApplicable: stored.rules.filter((r) => r.outcome === 'n/a').length,
    failing: [
      ...failing.filter((r) => r.severity === 'error'),
      ...failing.filter((r) => r.severity === 'warning'),
    ],
  };
}
