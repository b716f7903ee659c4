/**
 * lintIds: the IDS linter over text, a pure function (no Node imports, no I/O), so the Studio's
 * browser worker runs the same code as the command line and the server. It reads the text with
 * every element kept (code lists included, so each value has a position), runs every rule, applies
 * suppression comments and returns diagnostics in reading order. XSD validation is not part of it
 * (libxml2 runs in Node): lintIdsFile (lint-file.ts) adds it as `xsd-invalid` diagnostics.
 */
import type { IdsDocument } from '../document';
import { IdsParseError, readIdsTree } from '../ids-from-tree';
import { readXmlText, XmlReadError } from '../xml/read-xml-text';
import { LintContext, type LintOptions } from './context';
import type { Diagnostic, Position } from './diagnostic';
import { formatMessage } from './format-message';
import { englishMessages, sortDiagnostics, toDiagnostic } from './render';
import { runRules } from './run-rules';
import { applySuppressions } from './suppressions';
import { TextIndex } from './text-index';

export interface LintResult {
  readonly diagnostics: Diagnostic[];
  /** The document read, or null when the text is not an IDS at all (then one error says why). */
  readonly document: IdsDocument | null;
}

export interface LintIdsOptions extends LintOptions {
  readonly fileName?: string;
  /** Largest text accepted in bytes (default: the process's IDS size limit). */
  readonly maxBytes?: number;
}

function whole(
  rule: 'xml-malformed' | 'ids-structure',
  messageId: string,
  params: Record<string, string>,
  at: Position,
): Diagnostic {
  const range = { start: at, end: { line: at.line, column: at.column + 1 } };
  return {
    rule,
    severity: 'error',
    messageId,
    params,
    message: formatMessage(englishMessages, messageId, params),
    range,
    fixes: [],
  };
}

/** Lints IDS text. A byte-order mark at its start is allowed and not counted in positions. */
export function lintIds(text: string, options: LintIdsOptions = {}): LintResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let tree: ReturnType<typeof readIdsTree>;
  try {
    const root = readXmlText(body, options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
    tree = readIdsTree(root, options.fileName === undefined ? {} : { fileName: options.fileName });
  } catch (err) {
    if (err instanceof XmlReadError) {
      const at = { line: err.line ?? 1, column: (err.column ?? 0) + (err.column === null ? 1 : 0) };
      return {
        diagnostics: [whole('xml-malformed', 'lint.xml-malformed', { reason: err.message }, at)],
        document: null,
      };
    }
    if (err instanceof IdsParseError) {
      const at = { line: err.line ?? 1, column: 1 };
      return { diagnostics: [whole('ids-structure', 'lint.ids-structure.root', {}, at)], document: null };
    }
    throw err;
  }
  const index = new TextIndex(body);
  const ctx = new LintContext(tree.document, tree.sources, index, options);
  runRules(ctx, tree.readerProblems);
  const findings = applySuppressions(ctx, index, tree.root);
  return {
    diagnostics: sortDiagnostics(findings.map((f) => toDiagnostic(f, index))),
    document: tree.document,
  };
}

/** Counts per severity, for exit codes and summaries. */
export function countBySeverity(diagnostics: readonly Diagnostic[]): {
  error: number;
  warning: number;
  info: number;
} {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}
