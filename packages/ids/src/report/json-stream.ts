/**
 * The JSON report written piece by piece: the same bytes as `formatJsonReport`, but never held as
 * one string, so its size is not capped by V8's string limit (about 512 MB) and only one element's
 * text (plus a chunk buffer) is in memory at a time.
 */
import { toValidityJson, type ValidityReport } from '@plumbline/validity';
import type { CheckReport, ElementResult, FacetFailure, SpecificationResult } from '../results';
import { failureReason, toJsonReportHead, toJsonSpecificationHead } from './json';
import { idsWords, type Words } from './words';

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
 * The text of failures and failure lists already written for one specification, at one depth: the
 * check shares a failure between elements failing a requirement the same way (check/facet-table.ts),
 * and its text (the reason in the reader's words) is the same each time.
 */
class WrittenFailures {
  readonly items = new Map<FacetFailure, string>();
  readonly lists = new Map<readonly FacetFailure[], string>();
}

/**
 * A failing element's text, exactly as `nested(toJsonFailingElement(element), depth)` writes it,
 * without the intermediate object and the re-indenting pass (a report of millions of failing
 * elements spent most of its writing time there).
 */
function failingElementText(
  w: Words,
  specification: SpecificationResult,
  element: ElementResult,
  depth: number,
  written: WrittenFailures = new WrittenFailures(),
): string {
  const i1 = '  '.repeat(depth + 1);
  const i2 = `${i1}  `;
  const i3 = `${i2}  `;
  let failures = '[]';
  if (element.failures.length > 0) {
    failures = written.lists.get(element.failures) ?? '';
    if (failures === '') {
      const items = element.failures.map((f) => {
        let item = written.items.get(f);
        if (item === undefined) {
          item = `${i2}{\n${i3}"facetIndex": ${JSON.stringify(f.facetIndex)},\n${i3}"type": ${JSON.stringify(f.type)},\n${i3}"outcome": ${JSON.stringify(f.outcome)},\n${i3}"reason": ${JSON.stringify(failureReason(w, specification, f))},\n${i3}"actualValue": ${JSON.stringify(f.actualValue ?? null)}\n${i2}}`;
          written.items.set(f, item);
        }
        return item;
      });
      failures = `[\n${items.join(',\n')}\n${i1}]`;
      written.lists.set(element.failures, failures);
    }
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
  w: Words = idsWords(),
  validity: ValidityReport | null = null,
): Generator<string> {
  // With --validate the model's validity follows the specifications (report-schema.json: validity).
  const tail = validity ? `,\n  "validity": ${nested(toValidityJson(validity), 1)}\n}\n` : '\n}\n';
  yield `${open(toJsonReportHead(report, w), 0)},\n  "specifications": `;
  if (report.specifications.length === 0) {
    yield `[]${tail}`;
    return;
  }
  yield '[';
  const release = handedOver.has(report);
  let firstSpecification = true;
  for (let s = 0; s < report.specifications.length; s++) {
    const specification = report.specifications[s] as SpecificationResult;
    yield `${firstSpecification ? '' : ','}\n    ${open(toJsonSpecificationHead(specification, w), 2)},\n      "failingElements": `;
    firstSpecification = false;
    let anyFailing = false;
    const written = new WrittenFailures();
    for (const element of specification.failingElements) {
      yield `${anyFailing ? ',' : '['}\n        ${failingElementText(w, specification, element, 4, written)}`;
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
  w: Words = idsWords(),
  validity: ValidityReport | null = null,
): Promise<void> {
  let buffer = '';
  for (const piece of jsonReportPieces(report, w, validity)) {
    buffer += piece;
    if (buffer.length >= chunkChars) {
      await write(buffer);
      buffer = '';
    }
  }
  if (buffer.length > 0) await write(buffer);
}
