/**
 * What the Studio shows of an IDS text, from the engine's browser-safe entries: the document read for
 * editing (edit/), each specification as a plain-language sentence (describe/, decision 0281) and
 * the lines it spans (to show the linter's diagnostics at the specification they concern).
 */

import { describeSpecification, renderPhrase } from '@plumbline/ids/describe/index';
import type { Specification } from '@plumbline/ids/document';
import { type EditableIds, readEditable } from '@plumbline/ids/edit/index';
import type { Diagnostic } from '@plumbline/ids/lint/index';

export type StudioRead = { ok: true; ids: EditableIds } | { ok: false; message: string };

/** The text read for editing, or why it cannot be edited field by field. */
export function readForStudio(text: string): StudioRead {
  try {
    const read = readEditable(text);
    if (!read.ok) return { ok: false, message: 'The Studio edits UTF-8 files only.' };
    return { ok: true, ids: read.ids };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The specification in one sentence, in English (the catalogue the engine ships). */
export function sentenceOf(spec: Specification): string {
  return renderPhrase(describeSpecification(spec));
}

/** 1-based line of a UTF-16 offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The lines each specification's element spans, in document order (null when not located). */
export function specificationLines(ids: EditableIds): ({ first: number; last: number } | null)[] {
  return ids.document.specifications.map((spec) => {
    const element = ids.sources.get(spec);
    return element
      ? { first: lineAt(ids.text, element.span.start), last: lineAt(ids.text, element.span.end) }
      : null;
  });
}

/** The diagnostics that start within the lines given. */
export function diagnosticsWithin(
  diagnostics: readonly Diagnostic[],
  lines: { first: number; last: number } | null,
): Diagnostic[] {
  if (!lines) return [];
  return diagnostics.filter((d) => d.range.start.line >= lines.first && d.range.start.line <= lines.last);
}
