/**
 * Indexes a large file on several threads: the DATA section is cut at instance starts
 * (a line break followed by `#`), the first piece is scanned here and the others in worker
 * threads over the same SharedArrayBuffer, then the pieces are joined. Each cut is confirmed by
 * the scan of the piece before it (which must stop exactly there); if any is not (a `#` at a line
 * start inside a multi-line string) or a worker fails, the file is scanned again on this thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type FileIndex, MAX_INSTANCE_BYTES, toFileIndex } from './index-file';
import {
  type ReferenceColumn,
  type RelationPairs,
  type RelationScan,
  type ScanKeep,
  type ScanResult,
  scanInstances,
} from './scan-instances';

/** Below this size, starting workers costs more than it saves. */
export const MIN_PARALLEL_BYTES = 16 * 1024 * 1024;

// The worker runs scanInstances from its source text (it is self-contained); `__name` covers
// the helper some compilers add when keeping function names.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
var __name = (target) => target;
const scanInstances = ${scanInstances.toString()};
const { buffer, byteOffset, byteLength, from, stopAt, max, relations, keep } = workerData;
try {
  const r = scanInstances(new Uint8Array(buffer, byteOffset, byteLength), from, stopAt, max, relations, keep);
  const moved = [r.ids.buffer, r.starts.buffer, r.paramStarts.buffer, r.ends.buffer, r.classOf.buffer];
  if (r.pairs) moved.push(r.pairs.sources.buffer, r.pairs.targets.buffer, r.pairs.tags.buffer);
  if (r.references) moved.push(r.references.ends.buffer, r.references.targets.buffer, r.references.unread.buffer);
  parentPort.postMessage(r, moved);
} catch (error) {
  parentPort.postMessage({ crashed: String(error && error.stack || error) });
}
`;

export interface ParallelIndexResult {
  readonly index: FileIndex;
  /** Threads that scanned (1 when the file was scanned on this thread only). */
  readonly threads: number;
}

function runWorker(
  bytes: Uint8Array,
  from: number,
  stopAt: number,
  relations: RelationScan | null,
  keep: ScanKeep | null,
): Promise<ScanResult | null> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        buffer: bytes.buffer,
        byteOffset: bytes.byteOffset,
        byteLength: bytes.byteLength,
        from,
        stopAt,
        max: MAX_INSTANCE_BYTES,
        relations,
        keep,
      },
    });
    let settled = false;
    const finish = (value: ScanResult | null) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      resolve(value);
    };
    worker.once('message', (message: ScanResult | { crashed: string }) =>
      finish('crashed' in message ? null : message),
    );
    worker.once('error', () => finish(null));
    worker.once('exit', () => finish(null));
  });
}

/** Offsets where pieces start: `dataStart`, then the first `\n#` after each equal share of the bytes. */
function cutPoints(bytes: Uint8Array, dataStart: number, pieces: number): number[] {
  const cuts = [dataStart];
  const share = Math.floor((bytes.length - dataStart) / pieces);
  for (let k = 1; k < pieces; k++) {
    let p = bytes.indexOf(10, Math.max(dataStart + k * share, cuts[cuts.length - 1]! + 1));
    while (p !== -1 && bytes[p + 1] !== 35) p = bytes.indexOf(10, p + 1);
    if (p === -1) break;
    cuts.push(p + 1);
  }
  return cuts;
}

/** Joins the pieces into arrays in shared memory, so threads that check the model can share the index too. */
function join(pieces: ScanResult[]): ScanResult {
  const count = pieces.reduce((sum, p) => sum + p.count, 0);
  const ids = new Uint32Array(new SharedArrayBuffer(count * 4));
  const starts = new Uint32Array(new SharedArrayBuffer(count * 4));
  const paramStarts = new Uint32Array(new SharedArrayBuffer(count * 4));
  const ends = new Uint32Array(new SharedArrayBuffer(count * 4));
  const classOf = new Uint16Array(new SharedArrayBuffer(count * 2));
  const classNames: string[] = [];
  const ordinalOf = new Map<string, number>();
  let at = 0;
  for (const piece of pieces) {
    ids.set(piece.ids, at);
    starts.set(piece.starts, at);
    paramStarts.set(piece.paramStarts, at);
    ends.set(piece.ends, at);
    const remap = piece.classNames.map((name) => {
      let ord = ordinalOf.get(name);
      if (ord === undefined) {
        ord = classNames.length;
        classNames.push(name);
        ordinalOf.set(name, ord);
      }
      return ord;
    });
    for (let k = 0; k < piece.count; k++) classOf[at + k] = remap[piece.classOf[k]!]!;
    at += piece.count;
  }
  const last = pieces[pieces.length - 1]!;
  return {
    pairs: joinPairs(pieces),
    references: joinReferences(pieces),
    count,
    ids,
    starts,
    paramStarts,
    ends,
    classOf,
    classNames,
    next: last.next,
    reachedEnd: true,
    error: null,
  };
}

/** The pieces' relationship pairs, one after the other (file order). */
function joinPairs(pieces: ScanResult[]): RelationPairs | null {
  if (pieces.some((p) => p.pairs === null)) return null;
  const count = pieces.reduce((sum, p) => sum + p.pairs!.count, 0);
  const joined = {
    count,
    sources: new Uint32Array(count),
    targets: new Uint32Array(count),
    tags: new Uint16Array(count),
  };
  let at = 0;
  for (const piece of pieces) {
    const pairs = piece.pairs!;
    joined.sources.set(pairs.sources, at);
    joined.targets.set(pairs.targets, at);
    joined.tags.set(pairs.tags, at);
    at += pairs.count;
  }
  return joined;
}

/** The pieces' reference columns, one after the other (ends and ordinals moved past the pieces before). */
function joinReferences(pieces: ScanResult[]): ReferenceColumn | null {
  if (pieces.some((p) => p.references === null)) return null;
  const count = pieces.reduce((sum, p) => sum + p.count, 0);
  const targetCount = pieces.reduce((sum, p) => sum + p.references!.targets.length, 0);
  const ends = new Uint32Array(count);
  const targets = new Uint32Array(targetCount);
  const unread: number[] = [];
  let at = 0;
  let targetsAt = 0;
  for (const piece of pieces) {
    const column = piece.references!;
    targets.set(column.targets, targetsAt);
    for (let k = 0; k < piece.count; k++) ends[at + k] = column.ends[k]! + targetsAt;
    for (const k of column.unread) unread.push(k + at);
    at += piece.count;
    targetsAt += column.targets.length;
  }
  return { ends, targets, unread: Uint32Array.from(unread) };
}

/**
 * Indexes the DATA section on up to `threads` threads when `bytes` lives in a SharedArrayBuffer
 * and is large enough; otherwise (or when a cut turns out unsafe) on this thread.
 */
export async function indexInstancesParallel(
  bytes: Uint8Array,
  dataStart: number,
  threads = Math.min(availableParallelism(), 4),
  minBytes = MIN_PARALLEL_BYTES,
  relations: RelationScan | null = null,
  keep: ScanKeep | null = null,
): Promise<ParallelIndexResult> {
  const sequential = (): ParallelIndexResult => ({
    index: toFileIndex(
      bytes,
      scanInstances(bytes, dataStart, Number.MAX_SAFE_INTEGER, MAX_INSTANCE_BYTES, relations, keep),
    ),
    threads: 1,
  });
  if (threads < 2 || !(bytes.buffer instanceof SharedArrayBuffer) || bytes.length - dataStart < minBytes) {
    return sequential();
  }
  const cuts = cutPoints(bytes, dataStart, threads);
  if (cuts.length < 2) return sequential();
  const stopOf = (k: number) => (k + 1 < cuts.length ? cuts[k + 1]! : Number.MAX_SAFE_INTEGER);
  const workers = cuts.slice(1).map((from, k) => runWorker(bytes, from, stopOf(k + 1), relations, keep));
  const first = scanInstances(bytes, dataStart, stopOf(0), MAX_INSTANCE_BYTES, relations, keep);
  const pieces = [first, ...(await Promise.all(workers))];

  for (let k = 0; k < pieces.length; k++) {
    const piece = pieces[k];
    if (!piece) return sequential(); // a worker failed
    // Every piece before this one stopped exactly at its cut, so this piece started at a real
    // instance boundary and its error (if any) is the file's.
    if (piece.error) return { index: toFileIndex(bytes, piece), threads: cuts.length };
    const isLast = k === pieces.length - 1;
    if (!isLast && (piece.reachedEnd || piece.next !== cuts[k + 1])) return sequential();
  }
  return { index: toFileIndex(bytes, join(pieces as ScanResult[])), threads: cuts.length };
}
