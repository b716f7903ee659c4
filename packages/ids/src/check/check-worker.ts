/**
 * A check thread's entry (check/parallel-check.ts): builds the model over the shared memory it is
 * sent, checks its part of the elements and posts the results back in compact form.
 */
import { parentPort } from 'node:worker_threads';
import { modelFromShared, type SharedModel } from '@plumbline/ifc';
import { type PortableSpecifications, specificationsFromPortable } from '../restriction/code-list';
import { type CheckPart, checkPart } from './check-model';
import { encodeParts, transferablesOf } from './part-transfer';

export interface CheckTask {
  readonly model: SharedModel;
  readonly specifications: PortableSpecifications;
  readonly part: CheckPart;
}

parentPort?.once('message', (task: CheckTask) => {
  try {
    const model = modelFromShared(task.model);
    const encoded = encodeParts(checkPart(model, specificationsFromPortable(task.specifications), task.part));
    model.dispose();
    parentPort?.postMessage({ ok: true, encoded }, transferablesOf(encoded));
  } catch (error) {
    parentPort?.postMessage({
      ok: false,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
