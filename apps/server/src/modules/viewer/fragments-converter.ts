import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * IFC → That Open fragments (.frag), on a worker thread: web-ifc's geometry pass is synchronous
 * WebAssembly that would otherwise hold the server's event loop for seconds (minutes on big
 * models). The worker loads the CommonJS build of @thatopen/fragments and web-ifc's Node wasm from
 * node_modules; nothing is fetched from the network (decision 0110).
 */

const require = createRequire(import.meta.url);

function packagePaths(): { fragments: string; webIfcDir: string } {
  return {
    // The ES module build: its CommonJS build loads three through the deprecated require('three').
    fragments: pathToFileURL(join(dirname(require.resolve('@thatopen/fragments')), 'index.mjs')).href,
    webIfcDir: `${dirname(require.resolve('web-ifc'))}/`,
  };
}

// CommonJS evaluated in the worker (importing the ES module build), so the bundled server needs no
// separate worker file.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  try {
    const { IfcImporter } = await import(workerData.fragments);
    const importer = new IfcImporter();
    importer.wasm = { path: workerData.webIfcDir, absolute: true };
    const bytes = new Uint8Array(workerData.buffer, workerData.byteOffset, workerData.byteLength);
    const out = await importer.process({ id: workerData.id, bytes, raw: false });
    parentPort.postMessage({ ok: true, bytes: out }, [out.buffer]);
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
  }
})();
`;

/** The converter could not make a model of this file: a finding about the file, not worth a retry. */
export class FragmentsConversionError extends Error {
  override name = 'FragmentsConversionError';
}

/**
 * Converts one IFC file; `bytes` may be handed over to the worker (detached) and must not be used
 * after the call. `id` names the model inside the .frag; the version id keeps the output
 * the same run to run. Rejects with FragmentsConversionError when the converter fails or the
 * thread dies (out of memory included).
 */
export function convertIfcToFragments(bytes: Uint8Array, id: string): Promise<Uint8Array> {
  const { fragments, webIfcDir } = packagePaths();
  // Handed to the worker without a copy when the array owns its whole buffer (the caller gives it up);
  // a slice of a shared buffer (Node's small-Buffer pool) is copied so the pool is never detached.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const own = whole && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
  const buffer = own.buffer as ArrayBuffer;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        fragments,
        webIfcDir,
        id,
        buffer,
        byteOffset: own.byteOffset,
        byteLength: own.byteLength,
      },
      transferList: [buffer],
    });
    let settled = false;
    const finish = (outcome: { ok: true; bytes: Uint8Array } | { ok: false; message: string }) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (outcome.ok) resolve(outcome.bytes);
      else reject(new FragmentsConversionError(outcome.message));
    };
    worker.once('message', finish);
    worker.once('error', (error) => finish({ ok: false, message: error.message }));
    worker.once('exit', (code) =>
      finish({ ok: false, message: `The 3D conversion stopped unexpectedly (exit code ${code}).` }),
    );
  });
}
