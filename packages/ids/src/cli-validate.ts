/**
 * `plumbline validate <model.ifc> [--rules PJS003,SPS001…] [--format console|json|html] [--out FILE]
 * [--max-findings N]`: is the model itself sound? buildingSMART's normative rules on the model
 * (@plumbline/validity). Exit codes: 0 valid, 1 only warnings, 2 errors (or a wrong command line),
 * 3 the model cannot be read.
 */
import { basename } from 'node:path';
import { IfcReadError } from '@plumbline/ifc';
import {
  DEFAULT_MAX_FINDINGS,
  formatValidityConsole,
  renderValidityHtml,
  selectRules,
  toValidityJson,
  UnknownRuleError,
  type ValidateOptions,
  type ValidityReport,
  validateFile,
  validityExitCode,
} from '@plumbline/validity';

export const VALIDATE_USAGE = `Usage: plumbline validate <model.ifc> [options]

Check that an IFC model itself is sound: buildingSMART's normative rules (IFC101 schema identifier,
PJS003 GlobalIds, SPS001–SPS008 spatial structure, PSE001 property sets, GEM… geometry, …).

Options:
      --rules <ids>        only these rules, comma-separated (e.g. PJS003,SPS001); default all
  -f, --format <format>    console (default), json or html; without --format the extension of
                           --out decides (.json, .html)
  -o, --out <file>         write the report to this file instead of standard output
      --max-findings <n>   findings kept per rule (default ${DEFAULT_MAX_FINDINGS}; the count goes on)
      --no-color           no colours in console output (also when NO_COLOR is set)

Exit codes:
  0  valid: no rule fails
  1  only warnings (industry-practice rules) fail
  2  an error rule fails, or the command line is wrong
  3  the model cannot be read
`;

export type ValidityFormat = 'console' | 'json' | 'html';

/** The `--rules` and `--max-findings` options as validate options; throws a message on bad input. */
export function validateOptions(values: { rules?: string; 'max-findings'?: string }): ValidateOptions {
  const rules = values.rules
    ?.split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (rules) {
    try {
      selectRules(rules);
    } catch (error) {
      throw new Error((error as Error).message);
    }
  }
  const max = values['max-findings'];
  if (max !== undefined && !/^\d{1,9}$/.test(max))
    throw new Error(`--max-findings needs a whole number, not '${max}'`);
  return { ...(rules ? { rules } : {}), ...(max === undefined ? {} : { maxFindingsPerRule: Number(max) }) };
}

/** Reads and validates; unreadable models become a message and exit code 3, unknown rules a usage error (2). */
export async function runValidation(
  modelPath: string,
  options: ValidateOptions,
): Promise<{ report: ValidityReport } | { exitCode: 2 | 3; message: string }> {
  try {
    return { report: await validateFile(modelPath, options) };
  } catch (error) {
    if (error instanceof UnknownRuleError) return { exitCode: 2, message: `usage: ${error.message}` };
    if (error instanceof IfcReadError) {
      return { exitCode: 3, message: `cannot read the model ${basename(modelPath)}: ${error.message}` };
    }
    throw error;
  }
}

/** The report in a format, as text. */
export function renderValidity(
  report: ValidityReport,
  format: ValidityFormat,
  modelName: string,
  color: boolean,
): string {
  if (format === 'json') return `${JSON.stringify(toValidityJson(report), null, 2)}\n`;
  if (format === 'html') return renderValidityHtml(report, modelName);
  return formatValidityConsole(report, { color });
}

/** A note for standard error when findings were left out of the report. */
export function truncationNote(report: ValidityReport): string | null {
  const cut = report.rules.filter((r) => r.findingCount > r.findings.length);
  if (cut.length === 0) return null;
  return `plumbline: findings beyond the limit were left out for ${cut.map((r) => `${r.rule} (${r.findingCount})`).join(', ')}; raise --max-findings to list them`;
}

export { validityExitCode };
