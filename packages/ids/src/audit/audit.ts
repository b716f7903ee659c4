/**
 * The semantic audit of an IDS on the upload and check path: the linter's error rules (an IDS with
 * an error can never be satisfied as written, or other tools read it differently: the conformance
 * suite's "invalid" cases) as line-numbered problems. Warnings do not refuse a file; `lintIds`
 * (lint/lint.ts) reports them with ranges and quick fixes.
 */
import type { IdsTree } from '../ids-from-tree';
import { LintContext } from '../lint/context';
import { formatMessage } from '../lint/format-message';
import { englishMessages, findingOffsets } from '../lint/render';
import { runRules } from '../lint/run-rules';
import { TextIndex } from '../lint/text-index';
import type { ValidationProblem } from '../results';

/** The document's problems: the reader's and every error rule's, positioned in `text` (when given). */
export function auditTree(tree: IdsTree, text: string | null): ValidationProblem[] {
  const ctx = new LintContext(tree.document, tree.sources, null, { only: 'errors', coarse: true });
  runRules(ctx, tree.readerProblems);
  if (ctx.findings.length === 0) return [];
  const index = text === null ? null : new TextIndex(text);
  return ctx.findings.map((f) => {
    const message = formatMessage(englishMessages, f.messageId, f.params);
    if (index) {
      const at = index.position(findingOffsets(f, index).start);
      return { line: at.line, column: at.column, message };
    }
    return { line: f.at?.line ?? null, column: f.at?.column ?? null, message };
  });
}
