/**
 * The JSON report written piece by piece: the same bytes as `formatJsonReport`, but never held as
 * one string, so its size is not capped by V8's string limit (about 512 MB) and only one element's
 * text (plus a chunk buffer) is in memory at a time.
 */
import type { CheckReport } from '../results';
import { toJsonFailingElement, toJsonReportHead, toJsonSpecificationHead } from './json';

/** Chunks handed to the writer are about this size (larger only when one element's text is). */
export const JSON_CHUNK_CHARS = 64 * 1024;

/** `JSON.stringify(value, null, 2)` as it reads nested `depth` levels deep in the enclosing text. */
function nested(value: unknown, depth: number): string {
  // JSON text has no raw line breaks inside strings, so every '\n' starts an indented line.
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/** An object's text without its closing brace, so that one more member can follow. */
function open(value: object, depth: number): string {
  const text = nested(value, depth);
  return text.slice(0, text.lastIndexOf('\n'));
}

/** The report's text in order: the head, then each specification and each failing element. */
export function* jsonReportPieces(report: CheckReport): Generator<string> {
  yield `${open(toJsonReportHead(report), 0)},\n  "specifications": `;
  if (report.specifications.length === 0) {
    yield '[]\n}\n';
    return;
  }
  yield '[';
  let firstSpecification = true;
  for (const specification of report.specifications) {
    yield `${firstSpecification ? '' : ','}\n    ${open(toJsonSpecificationHead(specification), 2)},\n      "failingElements": `;
    firstSpecification = false;
    let anyFailing = false;
    for (const element of specification.elements) {
      if (element.passed) continue;
      yield `${anyFailing ? ',' : '['}\n        ${nested(toJsonFailingElement(element), 4)}`;
      anyFailing = true;
    }
    yield anyFailing ? '\n      ]\n    }' : '[]\n    }';
  }
  yield '\n  ]\n}\n';
}

/**
 * Writes the report through `write` in chunks of about `JSON_CHUNK_CHARS`, waiting for each
 * returned promise (a stream's back-pressure) before building more.
 */
export async function writeJsonReport(
  report: CheckReport,
  write: (chunk: string) => void | Promise<void>,
  chunkChars = JSON_CHUNK_CHARS,
): Promise<void> {
  let buffer = '';
  for (const piece of jsonReportPieces(report)) {
    buffer += piece;
    if (buffer.length >= chunkChars) {
      await write(buffer);
      buffer = '';
    }
  }
  if (buffer.length > 0) await write(buffer);
}
