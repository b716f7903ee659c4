/**
 * A persistent xmllint (libxml2 compiled to WebAssembly, from xmllint-wasm) in one worker thread.
 *
 * xmllint-wasm's own `validateXML` starts a new worker and compiles the 780 KB wasm module on every
 * call (0.2–0.8 s each). Here the worker and the compiled module live on, and each validation only
 * instantiates a fresh libxml2 instance (fresh memory, so runs cannot affect each other). The worker
 * is unref'd, so an idle validator never keeps the process alive.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface XmllintFile {
  readonly fileName: string;
  readonly contents: string;
}

export interface XmllintRun {
  /** Files written to the in-memory file system before running. */
  readonly files: readonly XmllintFile[];
  readonly args: readonly string[];
  /** WebAssembly memory pages (64 KiB each). */
  readonly initialMemory: number;
  readonly maxMemory: number;
}

export interface XmllintResult {
  readonly exitCode: number;
  readonly stderr: string;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const factory = require(workerData.modulePath);
const compiled = new WebAssembly.Module(fs.readFileSync(workerData.wasmPath));
process.on('unhandledRejection', () => {});
parentPort.on('message', (job) => {
  if (!job || job.plumblineXmllint !== true) return;
  let stderr = '';
  let done = false;
  const finish = (exitCode) => {
    if (done) return;
    done = true;
    parentPort.postMessage({ plumblineXmllint: true, id: job.id, exitCode, stderr });
  };
  try {
    factory({
      inputFiles: job.files,
      arguments: job.args,
      print() {},
      printErr(text) { stderr += text + '\\n'; },
      onExit: finish,
      onAbort(reason) { stderr += 'WASM abort: ' + reason + '\\n'; finish(-1); },
      wasmMemory: new WebAssembly.Memory({ initial: job.initialMemory, maximum: job.maxMemory }),
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
        return {};
      },
    }).catch(() => {});
  } catch (err) {
    stderr += String(err) + '\\n';
    finish(-1);
  }
});
`;

interface Pending {
  resolve(result: XmllintResult): void;
  reject(err: Error): void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('xmllint-wasm/xmllint-node.js');
  const wasmPath = modulePath.replace(/xmllint-node\.js$/, 'xmllint.wasm');
  const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath, wasmPath } });
  w.unref();
  w.on('message', (msg: { plumblineXmllint?: boolean; id: number; exitCode: number; stderr: string }) => {
    if (msg?.plumblineXmllint !== true) return;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (pending.size === 0) w.unref();
    p.resolve({ exitCode: msg.exitCode, stderr: msg.stderr });
  });
  const fail = (err: Error) => {
    worker = null;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`xmllint worker exited with code ${code}`)));
  return w;
}

/** Runs xmllint once in the shared worker. Runs are queued by the worker's event loop. */
export function runXmllint(run: XmllintRun): Promise<XmllintResult> {
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  return new Promise<XmllintResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ plumblineXmllint: true, id, ...run });
  });
}
