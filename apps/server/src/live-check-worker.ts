// The live check's resident thread (bundled to dist/live-check-worker.js; decision 0283): answers the
// IDS Studio's requests in order, each against a model it keeps read (modules/idsstudio/live-models.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { setMaxIdsMb } from '@plumbline/ids/ids-size-limit';
import { type LiveCheckRequest, LiveModels } from './modules/idsstudio/live-models';

const { maxIdsMb, options } = workerData as { maxIdsMb: number; options: { budgetBytes: number } };
setMaxIdsMb(maxIdsMb);
const models = new LiveModels(options.budgetBytes);

// One request at a time, in the order they came.
let queue: Promise<void> = Promise.resolve();
parentPort?.on('message', ({ id, message }: { id: number; message: LiveCheckRequest }) => {
  queue = queue.then(() => {
    try {
      parentPort?.postMessage({ id, ok: true, output: models.handle(message) });
    } catch (error) {
      parentPort?.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
});
