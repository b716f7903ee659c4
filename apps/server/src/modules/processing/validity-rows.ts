/**
 * A version's model validity as the rows processing stores (version_validity_rules and
 * version_validity_findings): every rule with its outcome and finding count, and the findings of
 * failing rules up to a limit per rule. Pure.
 */
import type { ValidityReport } from '@plumbline/validity';
import type { versionValidityFindings, versionValidityRules } from '../../schema';
import type { VersionRows } from './version-rows';

export interface ValidityRows {
  rules: VersionRows<typeof versionValidityRules>;
  findings: VersionRows<typeof versionValidityFindings>;
}

/** Findings stored per rule; the rule's row counts them all. */
export const VALIDITY_FINDINGS_PER_RULE = 1000;

export function validityRows(report: ValidityReport): ValidityRows {
  const findings = report.rules.flatMap((r) => r.findings);
  return {
    rules: {
      rule: report.rules.map((r) => r.rule),
      severity: report.rules.map((r) => r.severity),
      outcome: report.rules.map((r) => r.outcome),
      findingCount: report.rules.map((r) => r.findingCount),
    },
    findings: {
      rule: findings.map((f) => f.rule),
      stepId: findings.map((f) => f.stepId),
      globalId: findings.map((f) => f.globalId),
      ifcClass: findings.map((f) => f.className),
      messageId: findings.map((f) => f.message.id),
      messageValues: findings.map((f) => JSON.stringify(f.message.values)),
    },
  };
}
