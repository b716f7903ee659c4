// A worker thread's entry (bundled to dist/analyse-worker.js): runs one analysis of a file version off
// the server's event loop (modules/processing/analyse-runner.ts) and posts the outcome back.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { type AnalysisInput, analyse } from './modules/processing/analyse';

try {
  const output = analyse(workerData as AnalysisInput);
  parentPort?.postMessage({ ok: true, output: output.kind === 'done' ? { ...output, threadId } : output });
} catch (error) {
  parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
