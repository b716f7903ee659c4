/**
 * The validity report as JSON (documented in the package README):
 * `{ "schema": "IFC4", "rules": [ { "rule", "outcome", "findings": [ { "severity", "stepId",
 * "globalId", "class", "message": { "id", "values", "text" } } ] } ] }`, every rule that ran listed.
 */
import { type Catalogue, englishCatalogue } from '../messages';
import type { ValidityReport } from '../types';
import { formatMessage } from './message-text';

export interface ValidityJson {
  readonly schema: string;
  readonly rules: readonly {
    readonly rule: string;
    readonly outcome: 'pass' | 'fail' | 'n/a';
    readonly findings: readonly {
      readonly severity: 'error' | 'warning';
      readonly stepId: number | null;
      readonly globalId: string | null;
      readonly class: string | null;
      readonly message: {
        readonly id: string;
        readonly values: Record<string, string | number>;
        readonly text: string;
      };
    }[];
  }[];
}

export function toValidityJson(
  report: ValidityReport,
  catalogue: Catalogue = englishCatalogue,
): ValidityJson {
  return {
    schema: report.schema,
    rules: report.rules.map((r) => ({
      rule: r.rule,
      outcome: r.outcome,
      findings: r.findings.map((f) => ({
        severity: f.severity,
        stepId: f.stepId,
        globalId: f.globalId,
        class: f.className,
        message: {
          id: f.message.id,
          values: { ...f.message.values },
          text: formatMessage(f.message, catalogue),
        },
      })),
    })),
  };
}

/** 0 valid, 1 only warnings fail, 2 an error rule fails (the `plumbline validate` exit codes). */
export function validityExitCode(report: ValidityReport): 0 | 1 | 2 {
  const failing = report.rules.filter((r) => r.outcome === 'fail');
  if (failing.some((r) => r.severity === 'error')) return 2;
  return failing.length > 0 ? 1 : 0;
}
