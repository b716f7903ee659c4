/**
 * `plumbline rules check <model.ifc> <rules.json> [--format console|json] [--out FILE]` and
 * `plumbline rules export <rules.json> [--out FILE.ids]`: project rules beyond IDS
 * (@plumbline/validity, `rules-schema.json`). Each command returns what to write and its exit code;
 * cli.ts does the writing.
 *
 * Exit codes: check: 0 every rule passes, 1 only warning rules fail, 2 an error rule fails (or the
 * rules file is invalid, or the command line is wrong), 3 the model cannot be read. export: 0 every
 * rule exported, 1 some refused (the others are written), 2 none exported or the file is invalid.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { IfcReadError, readIfcFile } from '@plumbline/ifc';
import {
  checkProjectRules,
  formatMessage,
  type ProjectRulesReport,
  parseRulesFile,
  type RulesDocument,
} from '@plumbline/validity';
import { exportRulesToIds } from './project-rules-export';

export const RULES_USAGE = `Usage: plumbline rules check <model.ifc> <rules.json> [options]
       plumbline rules export <rules.json> [--out rules.ids]

Project rules beyond IDS (unique values, counts of related elements, comparisons, any/all/not):
check a model against a rules file, or export the rules IDS can state to an IDS file.

Options:
  -f, --format <format>    check: console (default) or json
  -o, --out <file>         write the report (check) or the IDS (export) to this file

Exit codes (check): 0 every rule passes, 1 only warnings fail, 2 an error rule fails or the rules
file is invalid, 3 the model cannot be read. (export): 0 every rule exported, 1 some refused,
2 none exported or the rules file is invalid.
`;

export interface RulesCommandResult {
  readonly exitCode: number;
  /** The report or IDS text, for --out or standard output. */
  readonly text?: string;
  /** Lines for standard error. */
  readonly notes: string[];
}

async function readRules(path: string): Promise<{ document: RulesDocument } | RulesCommandResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { exitCode: 2, notes: [`plumbline: cannot read the rules file ${path}`] };
  }
  const { document, problems } = parseRulesFile(text);
  if (!document) {
    return {
      exitCode: 2,
      notes: [
        `plumbline: the rules file ${basename(path)} is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):`,
        ...problems.map((p) => `  ${formatMessage(p.message)}`),
      ],
    };
  }
  return { document };
}

export function rulesReportJson(report: ProjectRulesReport): object {
  return {
    title: report.title,
    rules: report.rules.map((r) => ({
      rule: r.id,
      name: r.name,
      severity: r.severity,
      outcome: r.outcome,
      applicable: r.applicableCount,
      failed: r.failedCount,
      findings: r.findings.map((f) => ({
        severity: f.severity,
        stepId: f.stepId,
        globalId: f.globalId,
        class: f.className,
        message: { id: f.message.id, values: f.message.values, text: formatMessage(f.message) },
      })),
    })),
  };
}

function rulesReportConsole(report: ProjectRulesReport, maxFindings = 10): string {
  const lines = [`Project rules${report.title ? `: ${report.title}` : ''}`];
  for (const r of report.rules) {
    const mark =
      r.outcome === 'pass' ? 'pass' : r.outcome === 'n/a' ? 'n/a ' : r.severity === 'error' ? 'FAIL' : 'WARN';
    lines.push(`  ${mark}  ${r.id}  ${r.name} (${r.applicableCount} applicable, ${r.failedCount} failed)`);
    for (const f of r.findings.slice(0, maxFindings)) {
      lines.push(
        `          #${f.stepId} ${f.className ?? ''}${f.globalId ? ` ${f.globalId}` : ''}: ${formatMessage(f.message)}`,
      );
    }
    if (r.failedCount > maxFindings) lines.push(`          … and ${r.failedCount - maxFindings} more`);
  }
  return `${lines.join('\n')}\n`;
}

export async function rulesCheck(
  modelPath: string,
  rulesPath: string,
  format: 'console' | 'json',
): Promise<RulesCommandResult> {
  const rules = await readRules(rulesPath);
  if (!('document' in rules)) return rules;
  let report: ProjectRulesReport;
  try {
    const model = await readIfcFile(modelPath);
    try {
      report = checkProjectRules(model, rules.document);
    } finally {
      model.dispose();
    }
  } catch (error) {
    if (error instanceof IfcReadError) {
      return {
        exitCode: 3,
        notes: [`plumbline: cannot read the model ${basename(modelPath)}: ${error.message}`],
      };
    }
    throw error;
  }
  const failing = report.rules.filter((r) => r.outcome === 'fail');
  const exitCode = failing.some((r) => r.severity === 'error') ? 2 : failing.length > 0 ? 1 : 0;
  const text =
    format === 'json' ? `${JSON.stringify(rulesReportJson(report), null, 2)}\n` : rulesReportConsole(report);
  return { exitCode, text, notes: [] };
}

export async function rulesExport(rulesPath: string): Promise<RulesCommandResult> {
  const rules = await readRules(rulesPath);
  if (!('document' in rules)) return rules;
  const result = exportRulesToIds(rules.document);
  const refused = result.rules.filter((r) => !r.exported);
  const notes = refused.map((r) => `plumbline: rule ${r.id} not exported: ${formatMessage(r.reason!)}`);
  if (result.xml === null)
    return { exitCode: 2, notes: [...notes, 'plumbline: no rule can be stated in IDS'] };
  return { exitCode: refused.length > 0 ? 1 : 0, text: result.xml, notes };
}
