/**
 * The JSON report written piece by piece: the same bytes as `formatJsonReport`, but never held as
 * one string, so its size is not capped by V8's string limit (about 512 MB) and only one element's
 * text (plus a chunk buffer) is in memory at a time.
 */
import { toValidityJson, type ValidityReport } from '@plumbline/validity';
import type { CheckReport, ElementResult, SpecificationResult } from '../results';
import { toJsonReportHead, toJsonSpecificationHead } from './json';

/** Reports handed over to be written once (`handOver`): the writer lets go of what it has written. */
const handedOver = new WeakSet<CheckReport>();
const NO_IDS = new Uint32Array(0);

/**
 * The report for a caller that writes it once and keeps nothing else of it (the CLI): a copy
 * whose specifications array is the writer's, which drops each specification's elements as soon
 * as they are written, so a large report's failures are let go while it is written (issue 22).
 * Counts, statuses and reasons stay.
 */
export function handOver(report: CheckReport): CheckReport {
  const copy = { ...report, specifications: [...report.specifications] };
  handedOver.add(copy);
  return copy;
}

/** Chunks handed to the writer are about this size (larger only when one element's text is). */
export const JSON_CHUNK_CHARS = 64 * 1024;

/** `JSON.stringify(value, null, 2)` as it reads nested `depth` levels deep in the enclosing text. */
function nested(value: unknown, depth: number): string {
  // JSON text has no raw line breaks inside strings, so every '\n' starts an indented line.
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/**
 * A failing element's text, exactly as `nested(toJsonFailingElement(element), depth)` writes it,
 * without the intermediate object and the re-indenting pass (a report of millions of failing
 * elements spent most of its writing time there).
 */
function failingElementText(element: ElementResult, depth: number): string {
  const i1 = '  '.repeat(depth + 1);
  const i2 = `${i1}  `;
  const i3 = `${i2}  `;
  let failures = '[]';
  if (element.failures.length > 0) {
    const items = element.failures.map(
      (f) =>
        `${i2}{\n${i3}"facetIndex": ${JSON.stringify(f.facetIndex)},\n${i3}"type": ${JSON.stringify(f.type)},\n${i3}"outcome": ${JSON.stringify(f.outcome)},\n${i3}"reason": ${JSON.stringify(f.reason)},\n${i3}"actualValue": ${JSON.stringify(f.actualValue ?? null)}\n${i2}}`,
    );
    failures = `[\n${items.join(',\n')}\n${i1}]`;
  }
  return `{\n${i1}"id": ${JSON.stringify(element.id)},\n${i1}"globalId": ${JSON.stringify(element.globalId)},\n${i1}"className": ${JSON.stringify(element.className)},\n${i1}"name": ${JSON.stringify(element.name)},\n${i1}"failures": ${failures}\n${'  '.repeat(depth)}}`;
}

/** An object's text without its closing brace, so that one more member can follow. */
function open(value: object, depth: number): string {
  const text = nested(value, depth);
  return text.slice(0, text.lastIndexOf('\n'));
}

/** The report's text in order: the head, then each specification and each failing element. */
export function* jsonReportPieces(
  report: CheckReport,
  validity: ValidityReport | null = null,
): Generator<string> {
  // With --validate the model's validity follows the specifications (report-schema.json: validity).
  const tail = validity ? `,\n  "validity": ${nested(toValidityJson(validity), 1)}\n}\n` : '\n}\n';
  yield `${open(toJsonReportHead(report), 0)},\n  "specifications": `;
  if (report.specifications.length === 0) {
    yield `[]${tail}`;
    return;
  }
  yield '[';
  const release = handedOver.has(report);
  let firstSpecification = true;
  for (let s = 0; s < report.specifications.length; s++) {
    const specification = report.specifications[s] as SpecificationResult;
    yield `${firstSpecification ? '' : ','}\n    ${open(toJsonSpecificationHead(specification), 2)},\n      "failingElements": `;
    firstSpecification = false;
    let anyFailing = false;
    for (const element of specification.failingElements) {
      yield `${anyFailing ? ',' : '['}\n        ${failingElementText(element, 4)}`;
      anyFailing = true;
    }
    yield anyFailing ? '\n      ]\n    }' : '[]\n    }';
    if (release)
      (report.specifications as SpecificationResult[])[s] = {
        ...specification,
        passingIds: NO_IDS,
        failingElements: [],
      };
  }
  yield `\n  ]${tail}`;
}

/**
 * Writes the report through `write` in chunks of about `JSON_CHUNK_CHARS`, waiting for each
 * returned promise (a stream's back-pressure) before building more.
 */
export async function writeJsonReport(
  report: CheckReport,
  write: (chunk: string) => void | Promise<void>,
  chunkChars = JSON_CHUNK_CHARS,
  validity: ValidityReport | null = null,
): Promise<void> {
  let buffer = '';
  for (const piece of jsonReportPieces(report, validity)) {
    buffer += piece;
    if (buffer.length >= chunkChars) {
      await write(buffer);
      buffer = '';
    }
  }
  if (buffer.length > 0) await write(buffer);
}
