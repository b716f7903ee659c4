import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { maxIdsBytes } from '@plumbline/ids/ids-size-limit';

/** A task ran longer than its limit; its thread was ended. */
export class WorkerTimeLimitError extends Error {
  override name = 'WorkerTimeLimitError';
}

/**
 * A worker's entry (`name` is a file at src/, e.g. 'cpu-worker'): the bundled `<name>.js` beside the
 * server's bundle, or, running from source (tests, `npm run dev`), `src/<name>.ts` loaded through
 * tsx's loader.
 */
export function workerEntry(name = 'cpu-worker'): { file: URL; fromSource: boolean } {
  const bundled = new URL(`./${name}.js`, import.meta.url);
  if (!import.meta.url.endsWith('.ts') && existsSync(fileURLToPath(bundled))) {
    return { file: bundled, fromSource: false };
  }
  const prebuilt = threadsDir === null ? null : pathToFileURL(join(threadsDir, `${name}.js`));
  if (prebuilt && existsSync(prebuilt)) return { file: prebuilt, fromSource: false };
  return { file: new URL(`../${name}.ts`, import.meta.url), fromSource: true };
}

let threadsDir: string | null = null;

/**
 * Running from source, threads start from entries bundled from that same source into `dir` (the
 * server tests build them once per run, test/support/global-setup.ts, decision 0439) instead of
 * loading every module through tsx on every thread: the same code, without seconds of start-up each.
 */
export function useBundledThreads(dir: string | null): void {
  threadsDir = dir;
}

/** A worker started from source loads its entry through tsx (workerData.entry names it). */
export const FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ register }) => { register(); return import(workerData.entry); });
`;

/**
 * Runs one task of `cpu-worker.ts` on a new worker thread (decision 0157), so parsing, checking and
 * validating never hold the event loop the API answers on. `transfer` hands buffers over without a
 * copy. `feed` streams further input the task pulls one item at a time (`feedOf` in cpu-worker.ts):
 * rows this thread reads from the database while the worker turns them into a file (decision 0168).
 * The thread is ended after `timeLimitMs` (rejecting with WorkerTimeLimitError and `limitMessage`);
 * a thread that dies (out of memory included) rejects with its reason.
 */
export function runWorkerTask<T>(
  task: string,
  input: unknown,
  options: {
    timeLimitMs: number;
    limitMessage: string;
    transfer?: ArrayBuffer[];
    feed?: AsyncIterable<unknown>;
    /** The buffers of a feed item to hand over rather than copy (a large item of bytes). */
    feedTransfer?: (item: unknown) => ArrayBuffer[];
  },
): Promise<T> {
  const { file, fromSource } = workerEntry();
  // The IDS size limit is a per-process setting (MAX_IDS_MB): the thread gets this process's.
  const workerData = { task, input, entry: file.href, maxIdsMb: maxIdsBytes() / (1024 * 1024) };
  const transferList = options.transfer ?? [];
  return new Promise((resolve, reject) => {
    const worker = fromSource
      ? new Worker(FROM_SOURCE, { eval: true, workerData, transferList })
      : new Worker(file, { workerData, transferList });
    const feed = options.feed?.[Symbol.asyncIterator]();
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      // A task that failed or ran out of time leaves the rest of its feed unread: close its source.
      void feed?.return?.().catch(() => {});
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new WorkerTimeLimitError(options.limitMessage))),
      options.timeLimitMs,
    );
    // A long list in the output comes in slices (cpu-worker.ts), the next one sent only when this
    // thread asks for it on a later turn: each slice is deserialised in a turn of its own, with
    // requests answered in between, instead of one pause for the whole list.
    const slices = new Map<string, unknown[][]>();
    worker.on('message', (message: WorkerMessage<T>) => {
      if ('feedWanted' in message) {
        // The next item only when the worker asks: it never holds more than the one it writes.
        if (!feed) return worker.postMessage({ feedDone: true });
        feed.next().then(
          (item) =>
            item.done
              ? worker.postMessage({ feedDone: true })
              : worker.postMessage({ feedItem: item.value }, options.feedTransfer?.(item.value) ?? []),
          (error: unknown) => finish(() => reject(error)),
        );
        return;
      }
      if ('slice' in message) {
        const list = slices.get(message.slice.key) ?? [];
        list.push(message.slice.items);
        slices.set(message.slice.key, list);
        setImmediate(() => worker.postMessage('next'));
        return;
      }
      finish(() => {
        if (!message.ok) return reject(new Error(message.message));
        const output = message.output as Record<string, unknown>;
        for (const [key, list] of slices) output[key] = list.flat();
        resolve(message.output);
      });
    });
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`The worker thread stopped unexpectedly (exit code ${code}).`))),
    );
  });
}

type WorkerMessage<T> =
  | { feedWanted: true }
  | { slice: { key: string; items: unknown[] } }
  | { ok: true; output: T }
  | { ok: false; message: string };

/** Bytes that can be handed to a thread: the array itself when it owns its buffer, else a copy. */
export function transferable(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
}
