/**
 * Checks a model against the normative rules: each rule once over the model index, findings
 * collected per rule up to a limit (the count goes on past it).
 */
import { open } from 'node:fs/promises';
import { IfcReadError, readIfcFile, type StepIfcModel } from '@plumbline/ifc';
import { Findings } from './rule';
import { RULE_IDS, RULES } from './rules/index';
import type { RuleResult, ValidityReport } from './types';
import { View } from './view';

export interface ValidateOptions {
  /** Rule ids to run (default: all). Unknown ids are refused by `selectRules`. */
  readonly rules?: readonly string[];
  /** Findings kept per rule (the count goes on); default 10,000. */
  readonly maxFindingsPerRule?: number;
  /**
   * Rules whose findings are all kept, past `maxFindingsPerRule`: those whose every finding is used
   * (the server's marks of IDS verdicts). Their count is bounded by the model's instances.
   */
  readonly keepAllFindingsOf?: readonly string[];
}

export const DEFAULT_MAX_FINDINGS = 10_000;

export class UnknownRuleError extends Error {
  constructor(readonly ids: readonly string[]) {
    super(`unknown rule${ids.length === 1 ? '' : 's'}: ${ids.join(', ')} (known: ${RULE_IDS.join(', ')})`);
  }
}

/** The rule ids asked for, upper-cased and checked; all rules when none are asked for. */
export function selectRules(ids: readonly string[] | undefined): readonly string[] {
  if (!ids || ids.length === 0) return RULE_IDS;
  const wanted = ids.map((id) => id.trim().toUpperCase()).filter(Boolean);
  const unknown = wanted.filter((id) => !RULE_IDS.includes(id));
  if (unknown.length > 0) throw new UnknownRuleError(unknown);
  return RULE_IDS.filter((id) => wanted.includes(id));
}

export function validateModel(model: StepIfcModel, options: ValidateOptions = {}): ValidityReport {
  const view = new View(model);
  const selected = selectRules(options.rules);
  const limit = options.maxFindingsPerRule ?? DEFAULT_MAX_FINDINGS;
  const rules: RuleResult[] = [];
  for (const rule of RULES) {
    if (!selected.includes(rule.id)) continue;
    const keepAll = options.keepAllFindingsOf?.includes(rule.id) ?? false;
    const out = new Findings(view, rule.id, rule.severity, keepAll ? Number.POSITIVE_INFINITY : limit);
    rule.check(view, out);
    rules.push({
      rule: rule.id,
      severity: rule.severity,
      outcome: out.count > 0 ? 'fail' : out.activated ? 'pass' : 'n/a',
      findings: out.list,
      findingCount: out.count,
    });
  }
  return { schema: view.header.schemaIdentifier, rules };
}

/**
 * Reads and checks a file. A file whose FILE_SCHEMA is not one the reader knows cannot be read, but
 * it still has an answer: IFC101 fails (the identifier is not an official one) and nothing else applies.
 */
export async function validateFile(path: string, options: ValidateOptions = {}): Promise<ValidityReport> {
  let model: StepIfcModel;
  try {
    model = await readIfcFile(path, { forValidity: true });
  } catch (error) {
    if (error instanceof IfcReadError && error.code === 'unsupported_schema') {
      return unsupportedSchemaReport(await fileSchemaName(path), options);
    }
    throw error;
  }
  try {
    return validateModel(model, options);
  } finally {
    model.dispose();
  }
}

function unsupportedSchemaReport(schema: string, options: ValidateOptions): ValidityReport {
  const selected = selectRules(options.rules);
  return {
    schema,
    rules: RULES.filter((r) => selected.includes(r.id)).map((r) =>
      r.id === 'IFC101'
        ? {
            rule: r.id,
            severity: r.severity,
            outcome: 'fail',
            findingCount: 1,
            findings: [
              {
                rule: r.id,
                severity: r.severity,
                stepId: null,
                globalId: null,
                className: null,
                message: { id: 'validity.IFC101.schema', values: { schema } },
              },
            ],
          }
        : { rule: r.id, severity: r.severity, outcome: 'n/a', findings: [], findingCount: 0 },
    ),
  };
}

/** FILE_SCHEMA's first name, read from the header of a file the reader refused. */
async function fileSchemaName(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(1 << 20);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/.exec(head.toString('latin1', 0, bytesRead))?.[1] ?? '';
  } finally {
    await file.close();
  }
}
