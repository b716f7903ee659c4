// A worker thread's entry (bundled to dist/cpu-worker.js): runs one CPU-heavy task off the server's
// event loop (platform/worker-task.ts) and posts the outcome back. Tasks are pure functions.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { Waiver } from '@plumbline/contracts';
import { setMaxIdsMb } from '@plumbline/ids/ids-size-limit';
import type { compareStored, compareStoredBcf } from './modules/history/compare-task';
import type { readIdsUpload } from './modules/idsfiles/read-ids';
import type { analyse, PreviousVersion } from './modules/processing/analyse';
import type { compareReused } from './modules/processing/reuse-compare';
import type { renderInsightsPdf } from './modules/reports/ai-insights-pdf';
import type { FailingRow, writeBcfFromFeed } from './modules/reports/bcf-from-feed';
import type { renderComprehensivePdf } from './modules/reports/comprehensive-pdf';
import type { writeComprehensiveXlsx, XlsxFeedItem } from './modules/reports/comprehensive-xlsx';
import type { writeWaiversXlsx } from './modules/waivers/export';

/**
 * The task's streamed input (`feed` of runWorkerTask): each item asked for when the one before is
 * used, so the thread holds one page of rows at a time.
 */
async function* feedOf<T>(): AsyncGenerator<T> {
  for (;;) {
    const message = await new Promise<{ feedItem?: T; feedDone?: true }>((resolve) => {
      parentPort?.once('message', resolve);
      parentPort?.postMessage({ feedWanted: true });
    });
    if (message.feedDone) return;
    yield message.feedItem as T;
  }
}

/** Where a task's output lists the buffers to transfer with it (not part of the output sent). */
const TRANSFER = Symbol('transfer');

// Each task loads its own modules when it runs: a thread that analyses a model never loads the PDF
// and spreadsheet libraries (a thread runs one task, decision 0157).
const tasks = {
  // The previous version's rows come through the feed when the main thread has read them (it reads
  // them while this thread parses and checks).
  analyse: async (input: Parameters<typeof analyse>[0]) => {
    const { analyse, transfersOf } = await import('./modules/processing/analyse');
    const previous = async (): Promise<PreviousVersion> => {
      for await (const item of feedOf<PreviousVersion>()) return item;
      return { previous: null };
    };
    const output = await analyse(input, previous);
    // The rows encoded for COPY go back without a copy (the thread ends after this one task).
    return output.kind === 'done' ? { ...output, threadId, [TRANSFER]: transfersOf(output) } : output;
  },
  // Two stored versions compared (their rows come as COPY bytes, transferred): history and the API.
  'compare-stored': async (input: Parameters<typeof compareStored>[0]) =>
    (await import('./modules/history/compare-task')).compareStored(input),
  // A version whose results are copied from another's (decision 0433), compared with its previous.
  'compare-reused': async (input: Parameters<typeof compareReused>[0]) =>
    (await import('./modules/processing/reuse-compare')).compareReused(input),
  // The new failures of two stored versions as BCF, by the command line's writer (history/service.ts).
  'compare-bcf': async (input: Parameters<typeof compareStoredBcf>[0]) =>
    (await import('./modules/history/compare-task')).compareStoredBcf(input),
  'read-ids': async (input: Parameters<typeof readIdsUpload>[0]) =>
    (await import('./modules/idsfiles/read-ids')).readIdsUpload(input),
  'render-comprehensive-pdf': async (input: Parameters<typeof renderComprehensivePdf>) =>
    (await import('./modules/reports/comprehensive-pdf')).renderComprehensivePdf(...input),
  'render-insights-pdf': async (input: Parameters<typeof renderInsightsPdf>) =>
    (await import('./modules/reports/ai-insights-pdf')).renderInsightsPdf(...input),
  // The failing elements come through the feed, a page at a time (reports/bcf-export.ts).
  'render-bcf': async (input: Parameters<typeof writeBcfFromFeed>[0]) =>
    (await import('./modules/reports/bcf-from-feed')).writeBcfFromFeed(input, feedOf<FailingRow[]>()),
  // The workbook's rows come through the feed (the main thread reads them from the database).
  'write-comprehensive-xlsx': async (input: {
    data: Parameters<typeof writeComprehensiveXlsx>[0];
    path: string;
  }) => {
    const { writeComprehensiveXlsx, xlsxRowsFromFeed } = await import('./modules/reports/comprehensive-xlsx');
    return {
      failureRows: await writeComprehensiveXlsx(
        input.data,
        input.path,
        xlsxRowsFromFeed(feedOf<XlsxFeedItem>()),
      ),
      threadId,
    };
  },
  // The Waivers view's export: pages of waivers through the feed (waivers/export.ts).
  'write-waivers-xlsx': async (input: Parameters<typeof writeWaiversXlsx>[0]) => {
    const { writeWaiversXlsx } = await import('./modules/waivers/export');
    return { written: await writeWaiversXlsx(input, feedOf<Waiver[]>()) };
  },
};

const { task, input, maxIdsMb } = workerData as { task: keyof typeof tasks; input: never; maxIdsMb: number };
setMaxIdsMb(maxIdsMb);
/** Output lists long enough to be sent in slices (platform/worker-task.ts joins them again). */
const SLICED: Partial<Record<keyof typeof tasks, string>> = { 'read-ids': 'specifications' };
const SLICE_ITEMS = 500;

try {
  const output = (await tasks[task](input)) as unknown as Record<string, unknown>;
  const key = SLICED[task];
  const list = key ? output[key] : undefined;
  if (key && Array.isArray(list) && list.length > SLICE_ITEMS) {
    for (let start = 0; start < list.length; start += SLICE_ITEMS) {
      const asked = new Promise((next) => parentPort?.once('message', next));
      parentPort?.postMessage({ slice: { key, items: list.slice(start, start + SLICE_ITEMS) } });
      await asked;
    }
    output[key] = [];
  }
  const transfer = (output as { [TRANSFER]?: ArrayBuffer[] })[TRANSFER] ?? [];
  delete (output as { [TRANSFER]?: ArrayBuffer[] })[TRANSFER];
  parentPort?.postMessage({ ok: true, output }, transfer);
} catch (error) {
  parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
