/** What validity checking produces: findings are data, messages are ids with parameters. */

export type Severity = 'error' | 'warning';
export type RuleOutcome = 'pass' | 'fail' | 'n/a';

/** A message to render from a catalogue (messages/en.json) in the reader's language. */
export interface MessageRef {
  readonly id: string;
  readonly values: Readonly<Record<string, string | number>>;
}

export interface Finding {
  readonly rule: string;
  readonly severity: Severity;
  /** STEP id of the instance the finding is about, or null for the file as a whole. */
  readonly stepId: number | null;
  readonly globalId: string | null;
  /** The instance's class as the schema spells it (IfcWall), or null for the file. */
  readonly className: string | null;
  readonly message: MessageRef;
}

export interface RuleResult {
  readonly rule: string;
  readonly severity: Severity;
  readonly outcome: RuleOutcome;
  readonly findings: readonly Finding[];
  /** Findings found, also those left out beyond the per-rule limit. */
  readonly findingCount: number;
}

export interface ValidityReport {
  /** The schema identifier as the file writes it (FILE_SCHEMA), e.g. 'IFC4'. */
  readonly schema: string;
  readonly rules: readonly RuleResult[];
}
