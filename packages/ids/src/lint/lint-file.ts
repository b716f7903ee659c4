/**
 * The linter with XSD validation, for Node (the command line, the server): lintIds over the text
 * plus the IDS 1.0 schema's findings (libxml2, validate-ids.ts) as `xsd-invalid` errors, each
 * covering the line libxml2 names.
 */
import { validateIdsSchema } from '../validate-ids';
import { xmlText } from '../xml/xml-tree';
import type { Diagnostic } from './diagnostic';
import { formatMessage } from './format-message';
import { type LintIdsOptions, type LintResult, lintIds } from './lint';
import { englishMessages, sortDiagnostics } from './render';
import { TextIndex } from './text-index';

function lineRange(index: TextIndex, line: number) {
  const start = index.offset({ line, column: 1 });
  const next = index.offset({ line: line + 1, column: 1 });
  let end = next;
  while (end > start && /[\r\n]/.test(index.text[end - 1] ?? '')) end--;
  return index.range(start, next > start ? end : start);
}

/** Lints an IDS file (bytes or text) including XSD validation. */
export async function lintIdsFile(
  input: string | Uint8Array,
  options: LintIdsOptions = {},
): Promise<LintResult> {
  const text = xmlText(input);
  const result = lintIds(text, options);
  if (result.document === null) return result;
  const problems = await validateIdsSchema(text);
  if (problems.length === 0) return result;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const index = new TextIndex(body);
  const xsd: Diagnostic[] = problems.map((p) => {
    const params = { detail: p.message };
    const range = p.line === null ? index.range(0, 0) : lineRange(index, p.line);
    return {
      rule: 'xsd-invalid',
      severity: 'error',
      messageId: 'lint.xsd-invalid',
      params,
      message: formatMessage(englishMessages, 'lint.xsd-invalid', params),
      range,
      fixes: [],
    };
  });
  return { document: result.document, diagnostics: sortDiagnostics([...result.diagnostics, ...xsd]) };
}
