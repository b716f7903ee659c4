import { runWorkerTask, transferable, WorkerTimeLimitError } from '../../platform/worker-task';
import { transfersOfData } from '../history';
import type { AnalysisInput, AnalysisOutput, PreviousVersion } from './analyse';

export { WorkerTimeLimitError as AnalysisTimeLimitError };

function limitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds % 60 === 0
    ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}`
    : `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/**
 * Runs one version's analysis on a worker thread (issue 15): the IFC bytes are handed over without a
 * copy; past `timeLimitMs` the thread is ended and the error names PROCESSING_TIME_LIMIT_SECONDS.
 */
export function runAnalysis(
  input: AnalysisInput,
  timeLimitMs: number,
  previous: Promise<PreviousVersion> = Promise.resolve({ previous: null }),
): Promise<AnalysisOutput> {
  const bytes = transferable(input.bytes);
  // The previous version's rows reach the thread when asked for and read (history/load.ts).
  async function* feed() {
    yield await previous;
  }
  return runWorkerTask<AnalysisOutput>(
    'analyse',
    { ...input, bytes },
    {
      timeLimitMs,
      limitMessage: `Processing stopped: it ran longer than its time limit of ${limitText(timeLimitMs)} (PROCESSING_TIME_LIMIT_SECONDS).`,
      transfer: [bytes.buffer as ArrayBuffer, ...transfersOfData(input.history.own)],
      feed: feed(),
      feedTransfer: (item) => transfersOfData((item as PreviousVersion).previous),
    },
  );
}
