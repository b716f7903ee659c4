/**
 * The JSON report written piece by piece: the same bytes as `formatJsonReport`, but never held as
 * one string, so its size is not capped by V8's string limit (about 512 MB) and only a chunk of
 * bytes (plus the texts shared between elements, below) is in memory at a time.
 *
 * Written as UTF-8 bytes, not strings: the texts that repeat — a failing element's members before
 * its failures, for every specification it fails, and a failure list shared by the elements failing
 * a specification the same way — are encoded once and copied into the chunk, so a report of
 * millions of failing elements is not built, joined and encoded again string by string (issue 36).
 */
import { toValidityJson, type ValidityReport } from '@plumbline/validity';
import { facetKey } from '../check/facet-key';
import { compactFailingOf, type Identity } from '../check/part-results';
import type { Facet } from '../document';
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

/**
 * A written specification without its elements. Its members are copied one by one, not spread: a
 * spread would read `failingElements`, which for the check's results makes every element's object
 * (check/part-results.ts) only to drop them.
 */
function released(specification: SpecificationResult): SpecificationResult {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(specification))
    if (key !== 'failingElements') copy[key] = specification[key as keyof SpecificationResult];
  return { ...(copy as unknown as SpecificationResult), passingIds: NO_IDS, failingElements: [] };
}

/**
 * Chunks handed to the writer are this many bytes (the last one fewer): 1 MiB, so a report of
 * hundreds of MB is a few hundred writes. Each write through a stream costs the same whatever its
 * size (the stream's bookkeeping, a system call on libuv's threads): in 64 KiB chunks, the 308.6 MB
 * report of issue 36's entity-class pack cost about 0.15 s more CPU. A stream holds a chunk or two.
 */
export const JSON_CHUNK_BYTES = 1024 * 1024;

/**
 * Bytes of the members before `failures` kept for elements already written, at most (about 80,000
 * elements): beyond it, an element's text is made each time, so a model with millions of failing
 * elements does not keep them all.
 */
const ELEMENT_HEADS_MAX_BYTES = 16 * 1024 * 1024;
const ELEMENT_HEADS_BLOCK_BYTES = 1024 * 1024;

/** A failing element's depth in the report: report › specifications › specification › failingElements. */
const ELEMENT_DEPTH = 4;
const I0 = '  '.repeat(ELEMENT_DEPTH);
const I1 = `${I0}  `;
const I2 = `${I1}  `;
const I3 = `${I2}  `;

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');
/** Before an element: the list's opening bracket for the first, a comma for the others. */
const FIRST_ELEMENT = utf8(`[\n${I0}`);
const NEXT_ELEMENT = utf8(`,\n${I0}`);
/** An element's end, after its failures. */
const ELEMENT_END = `\n${I0}}`;
const NO_FAILURES = utf8(`[]${ELEMENT_END}`);

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

/** Bytes gathered into chunks of `size`; the full ones wait in `full` to be written. */
class Chunks {
  full: Buffer[] = [];
  private chunk: Buffer;
  private at = 0;

  constructor(private readonly size: number) {
    this.chunk = Buffer.allocUnsafe(size);
  }

  put(bytes: Uint8Array): void {
    // Each copy is a call into the engine that costs more than a short text's bytes: the pieces
    // are few per element (its separator and head, its failures and end) and encoded once.
    const room = this.size - this.at;
    if (bytes.length < room) {
      this.chunk.set(bytes, this.at);
      this.at += bytes.length;
      return;
    }
    let from = 0;
    while (from < bytes.length) {
      const n = Math.min(bytes.length - from, this.size - this.at);
      this.chunk.set(bytes.subarray(from, from + n), this.at);
      this.at += n;
      from += n;
      if (this.at === this.size) {
        this.full.push(this.chunk);
        this.chunk = Buffer.allocUnsafe(this.size);
        this.at = 0;
      }
    }
  }

  text(text: string): void {
    this.put(utf8(text));
  }

  /** The full chunks, handed out once. */
  take(): Buffer[] {
    const full = this.full;
    this.full = [];
    return full;
  }

  /** The bytes not yet in a full chunk. */
  rest(): Buffer | null {
    return this.at > 0 ? this.chunk.subarray(0, this.at) : null;
  }
}

/**
 * A failing element's members before its failures, exactly as `JSON.stringify` writes them at the
 * element's depth, after the comma that separates it from the one before: `,`, `{`, id, globalId,
 * className, name and the `"failures": ` that the list follows.
 */
function elementHeadText(id: number, who: Identity): string {
  return `,\n${I0}{\n${I1}"id": ${JSON.stringify(id)},\n${I1}"globalId": ${JSON.stringify(who.globalId)},\n${I1}"className": ${JSON.stringify(who.className)},\n${I1}"name": ${JSON.stringify(who.name)},\n${I1}"failures": `;
}

/**
 * The heads of elements already written, for the other specifications they fail (the entity-class
 * packs of issue 36 make an element fail dozens): encoded once, kept in blocks, found by the
 * element's id and used again only for the same identity — from the same identities of the check
 * (`compact`), or with the same globalId, class and name.
 */
class ElementHeads {
  private readonly slots = new Map<number, number>();
  private readonly keys: (string | null)[] = [];
  private readonly sources: (ReadonlyMap<number, Identity> | null)[] = [];
  private readonly bytes: Buffer[] = [];
  private block = Buffer.allocUnsafe(0);
  private at = 0;
  private kept = 0;

  /** The head of element `id` of a check's compact lists, its identity in `identities`. */
  compact(id: number, identities: ReadonlyMap<number, Identity>): Uint8Array {
    const slot = this.slots.get(id);
    if (slot !== undefined && this.sources[slot] === identities) return this.bytes[slot] as Buffer;
    const who = identities.get(id);
    if (who === undefined) throw new Error(`no identity for failing element #${id}`);
    return this.of(id, who, identities);
  }

  of(id: number, who: Identity, source: ReadonlyMap<number, Identity> | null = null): Uint8Array {
    const slot = this.slots.get(id);
    if (slot !== undefined) {
      const k = slot * 3;
      if (
        this.keys[k] === who.globalId &&
        this.keys[k + 1] === who.className &&
        this.keys[k + 2] === who.name
      )
        return this.bytes[slot] as Buffer;
    }
    const text = elementHeadText(id, who);
    if (slot !== undefined || this.kept >= ELEMENT_HEADS_MAX_BYTES) return utf8(text);
    const length = Buffer.byteLength(text);
    if (this.at + length > this.block.length) {
      this.block = Buffer.allocUnsafe(Math.max(ELEMENT_HEADS_BLOCK_BYTES, length));
      this.at = 0;
    }
    this.block.write(text, this.at, 'utf8');
    const bytes = this.block.subarray(this.at, this.at + length);
    this.at += length;
    this.kept += length;
    this.slots.set(id, this.bytes.length);
    this.bytes.push(bytes);
    this.sources.push(source);
    this.keys.push(who.globalId, who.className, who.name);
    return bytes;
  }
}

/** Failure texts kept across specifications, at most (a report whose failures are not shared makes them each time). */
const FAILURE_TEXTS_MAX = 65_536;

/** A failure's text in a failure list, and the bytes of the list holding it alone (with the element's end). */
interface FailureText {
  readonly item: string;
  alone: Buffer | null;
}

/**
 * Failure texts shared between specifications. A failure's text reads its own members and, for its
 * reason, the specification's requirement facet at its index (`failureReason`), whose words depend
 * only on what its canonical key holds (check/facet-key.ts: the same key, the same description).
 * The check shares one failure object between the specifications holding the same requirement use
 * (check/facet-table.ts), so a class pack's failure is formatted once per report, not once per
 * specification it fails (issue 36: about 100,000 reasons in words for 1,568 distinct failures).
 */
class FailureTexts {
  private readonly byFacet = new Map<string, Map<FacetFailure, FailureText>>();
  private kept = 0;

  constructor(private readonly w: Words) {}

  /** The texts kept for failures of requirement `facet`, shared with every facet of its key. */
  of(facet: Facet): Map<FacetFailure, FailureText> {
    const key = facetKey(facet);
    let texts = this.byFacet.get(key);
    if (texts === undefined) {
      texts = new Map();
      this.byFacet.set(key, texts);
    }
    return texts;
  }

  /** Whether one more text may be kept. */
  keep(): boolean {
    return this.kept++ < FAILURE_TEXTS_MAX;
  }

  get words(): Words {
    return this.w;
  }
}

/**
 * The failure lists already written for one specification, as bytes with the element's end after
 * them: the check shares a failure
 * list between elements failing the specification the same way (check/facet-table.ts), and its
 * text (each reason in the reader's words) is the same each time; a failure's text is kept for the
 * other specifications holding its requirement (`FailureTexts`).
 */
class WrittenFailures {
  private readonly lists = new Map<readonly FacetFailure[], Uint8Array>();
  /** Per requirement index, the texts kept for its facet (undefined: not looked up yet). */
  private readonly byIndex: (Map<FacetFailure, FailureText> | null | undefined)[] = [];
  /** Texts of failures whose requirement the specification does not hold (stored results). */
  private readonly own = new Map<FacetFailure, FailureText>();

  constructor(
    private readonly texts: FailureTexts,
    private readonly specification: SpecificationResult,
  ) {}

  private textOf(f: FacetFailure): FailureText {
    let texts = this.byIndex[f.facetIndex];
    if (texts === undefined) {
      const facet = this.specification.requirements[f.facetIndex]?.facet;
      texts = facet ? this.texts.of(facet) : null;
      this.byIndex[f.facetIndex] = texts;
    }
    const kept = texts ?? this.own;
    let text = kept.get(f);
    if (text === undefined) {
      text = {
        item: `${I2}{\n${I3}"facetIndex": ${JSON.stringify(f.facetIndex)},\n${I3}"type": ${JSON.stringify(f.type)},\n${I3}"outcome": ${JSON.stringify(f.outcome)},\n${I3}"reason": ${JSON.stringify(failureReason(this.texts.words, this.specification, f))},\n${I3}"actualValue": ${JSON.stringify(f.actualValue ?? null)}\n${I2}}`,
        alone: null,
      };
      if (texts === null || this.texts.keep()) kept.set(f, text);
    }
    return text;
  }

  of(failures: readonly FacetFailure[]): Uint8Array {
    if (failures.length === 0) return NO_FAILURES;
    let bytes = this.lists.get(failures);
    if (bytes === undefined) {
      if (failures.length === 1) {
        const text = this.textOf(failures[0] as FacetFailure);
        text.alone ??= utf8(`[\n${text.item}\n${I1}]${ELEMENT_END}`);
        bytes = text.alone;
      } else bytes = utf8(`[\n${failures.map((f) => this.textOf(f).item).join(',\n')}\n${I1}]${ELEMENT_END}`);
      this.lists.set(failures, bytes);
    }
    return bytes;
  }
}

/**
 * Writes the report as UTF-8 through `write` in chunks of `chunkBytes` (the last one shorter),
 * waiting for each returned promise (a stream's back-pressure) before building more. A chunk may
 * end inside a character: the chunks are one byte stream.
 */
export async function writeJsonReport(
  report: CheckReport,
  write: (chunk: Uint8Array) => void | Promise<void>,
  chunkBytes = JSON_CHUNK_BYTES,
  w: Words = idsWords(),
  validity: ValidityReport | null = null,
): Promise<void> {
  const out = new Chunks(chunkBytes);
  const flush = async () => {
    for (const chunk of out.take()) await write(chunk);
  };
  // With --validate the model's validity follows the specifications (report-schema.json: validity).
  const tail = validity ? `,\n  "validity": ${nested(toValidityJson(validity), 1)}\n}\n` : '\n}\n';
  out.text(`${open(toJsonReportHead(report, w), 0)},\n  "specifications": `);
  if (report.specifications.length === 0) {
    out.text(`[]${tail}`);
  } else {
    out.text('[');
    const release = handedOver.has(report);
    const heads = new ElementHeads();
    const texts = new FailureTexts(w);
    for (let s = 0; s < report.specifications.length; s++) {
      const specification = report.specifications[s] as SpecificationResult;
      out.text(
        `${s === 0 ? '' : ','}\n    ${open(toJsonSpecificationHead(specification, w), 2)},\n      "failingElements": `,
      );
      await flush();
      const failures = new WrittenFailures(texts, specification);
      // The check's compact lists when it kept them: no object made per failing element.
      const kept = compactFailingOf(specification);
      const elements = kept ? null : specification.failingElements;
      const count = kept ? kept.failing.ids.length : (elements?.length ?? 0);
      for (let i = 0; i < count; i++) {
        let head: Uint8Array;
        let list: readonly FacetFailure[];
        if (kept) {
          head = heads.compact(kept.failing.ids[i] as number, kept.identities);
          list = kept.failing.failures[i] as readonly FacetFailure[];
        } else {
          const element = (elements as SpecificationResult['failingElements'])[i] as ElementResult;
          head = heads.of(element.id, element);
          list = element.failures;
        }
        // The head starts with the comma before an element; the first has the bracket instead.
        if (i === 0) {
          out.put(FIRST_ELEMENT);
          out.put(head.subarray(NEXT_ELEMENT.length));
        } else out.put(head);
        out.put(failures.of(list));
        if (out.full.length > 0) await flush();
      }
      out.text(count > 0 ? '\n      ]\n    }' : '[]\n    }');
      if (release) (report.specifications as SpecificationResult[])[s] = released(specification);
    }
    out.text(`\n  ]${tail}`);
  }
  await flush();
  const rest = out.rest();
  if (rest) await write(rest);
}
