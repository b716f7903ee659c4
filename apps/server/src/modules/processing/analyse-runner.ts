import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnalysisInput, AnalysisOutput } from './analyse';

/** The analysis ran longer than its limit; the worker was ended. */
export class AnalysisTimeLimitError extends Error {
  override name = 'AnalysisTimeLimitError';
}

/**
 * The worker's entry: the bundled `analyse-worker.js` beside the server's own bundle, or, running from
 * source (tests, `npm run dev`), `src/analyse-worker.ts` loaded through tsx.
 */
function workerEntry(): { file: URL; fromSource: boolean } {
  const bundled = new URL('./analyse-worker.js', import.meta.url);
  if (!import.meta.url.endsWith('.ts') && existsSync(fileURLToPath(bundled))) {
    return { file: bundled, fromSource: false };
  }
  return { file: new URL('../../analyse-worker.ts', import.meta.url), fromSource: true };
}

function limitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds % 60 === 0
    ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}`
    : `${seconds} second${seconds === 1 ? '' : 's'}`;
}

const FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ register }) => { register(); return import(workerData.entry); });
`;

/**
 * Runs one version's analysis on a worker thread, so parsing and checking never hold the event loop
 * the API answers on (issue 15). The IFC bytes are handed over without a copy when they own their
 * buffer. The thread is ended after `timeLimitMs` (AnalysisTimeLimitError); a thread that dies
 * (out of memory included) rejects with its reason.
 */
export function runAnalysis(input: AnalysisInput, timeLimitMs: number): Promise<AnalysisOutput> {
  const { file, fromSource } = workerEntry();
  const whole = input.bytes.byteOffset === 0 && input.bytes.byteLength === input.bytes.buffer.byteLength;
  const bytes = whole && input.bytes.buffer instanceof ArrayBuffer ? input.bytes : input.bytes.slice();
  const workerData = { ...input, bytes, entry: file.href };
  return new Promise((resolve, reject) => {
    const worker = fromSource
      ? new Worker(FROM_SOURCE, { eval: true, workerData, transferList: [bytes.buffer as ArrayBuffer] })
      : new Worker(file, { workerData, transferList: [bytes.buffer as ArrayBuffer] });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new AnalysisTimeLimitError(
              `Processing stopped: it ran longer than its time limit of ${limitText(timeLimitMs)} (PROCESSING_TIME_LIMIT_SECONDS).`,
            ),
          ),
        ),
      timeLimitMs,
    );
    worker.once('message', (message: { ok: true; output: AnalysisOutput } | { ok: false; message: string }) =>
      finish(() => (message.ok ? resolve(message.output) : reject(new Error(message.message)))),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`The processing thread stopped unexpectedly (exit code ${code}).`))),
    );
  });
}
