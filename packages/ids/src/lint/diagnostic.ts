/**
 * What the IDS linter reports: a diagnostic per finding, with a stable rule id, a message id and its
 * parameters (the English `message` rendered from messages.en.json), the range it covers, and the
 * quick fixes that would resolve it as text edits. Plain data: it crosses a worker boundary as is.
 *
 * Positions are 1-based lines and 1-based columns counted in UTF-16 code units (JavaScript string
 * indices, as CodeMirror, Monaco and SARIF's default columnKind count them); a range's end is
 * exclusive. A byte-order mark at the start of the text is not counted.
 */
import type { MessageParams } from './format-message';

export type Severity = 'error' | 'warning' | 'info';

export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

export interface Fix {
  /** English title, rendered from the catalogue (e.g. 'Replace with IFCWALL'). */
  readonly title: string;
  readonly messageId: string;
  readonly params: MessageParams;
  /**
   * Safe fixes keep what the author evidently meant and are applied by `plumbline lint --fix`;
   * the others are suggestions a person chooses (e.g. one of several close entity names).
   */
  readonly safe: boolean;
  readonly edits: readonly TextEdit[];
}

export interface Diagnostic {
  readonly rule: string;
  readonly severity: Severity;
  readonly messageId: string;
  readonly params: MessageParams;
  readonly message: string;
  readonly range: Range;
  readonly fixes: readonly Fix[];
}
