// A worker thread's entry (bundled to dist/cpu-worker.js): runs one CPU-heavy task off the server's
// event loop (platform/worker-task.ts) and posts the outcome back. Tasks are pure functions.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { readIdsUpload } from './modules/idsfiles/read-ids';
import { analyse } from './modules/processing/analyse';
import { renderInsightsPdf } from './modules/reports/ai-insights';
import { renderComprehensivePdf } from './modules/reports/comprehensive-pdf';

const tasks = {
  analyse: async (input: Parameters<typeof analyse>[0]) => {
    const output = analyse(input);
    return output.kind === 'done' ? { ...output, threadId } : output;
  },
  'read-ids': (input: Parameters<typeof readIdsUpload>[0]) => readIdsUpload(input),
  'render-comprehensive-pdf': (input: Parameters<typeof renderComprehensivePdf>) =>
    renderComprehensivePdf(...input),
  'render-insights-pdf': (input: Parameters<typeof renderInsightsPdf>) => renderInsightsPdf(...input),
};

const { task, input } = workerData as { task: keyof typeof tasks; input: never };
try {
  const output = await tasks[task](input);
  parentPort?.postMessage({ ok: true, output });
} catch (error) {
  parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
