import { Worker } from 'node:worker_threads';
import { maxIdsBytes } from '@plumbline/ids/ids-size-limit';
import { FROM_SOURCE, WorkerTimeLimitError, workerEntry } from './worker-task';

/** Too many requests are already waiting for the thread; this one is refused, not queued. */
export class WorkerBusyError extends Error {
  override name = 'WorkerBusyError';
}

export interface ResidentWorkerOptions {
  /** The thread's entry under src/ (bundled beside the server as `<entry>.js`). */
  entry: string;
  /** The thread ends after this long without a request, freeing what it holds. */
  idleMs: number;
  /** Most requests sent or waiting at once. */
  maxPending: number;
  /** Handed to the thread as workerData.options. */
  threadOptions?: Record<string, unknown>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

/**
 * A worker thread that stays up between requests (decision 0283): for work whose input is costly to
 * prepare and worth keeping, such as a model read once and checked on every edit. Requests are
 * messages answered in order by the thread (`answerRequests` on its side). A request past its time
 * limit ends the thread, and with it everything it held; the next request starts a new one. The
 * thread also ends after `idleMs` without requests, and on `close()`.
 */
export class ResidentWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: ResidentWorkerOptions) {}

  private thread(): Worker {
    if (this.worker) return this.worker;
    const { file, fromSource } = workerEntry(this.options.entry);
    const workerData = {
      entry: file.href,
      maxIdsMb: maxIdsBytes() / (1024 * 1024),
      options: this.options.threadOptions ?? {},
    };
    const worker = fromSource
      ? new Worker(FROM_SOURCE, { eval: true, workerData })
      : new Worker(file, { workerData });
    worker.on('message', (message: { id: number; ok: boolean; output?: unknown; message?: string }) => {
      const request = this.pending.get(message.id);
      if (!request) return;
      this.pending.delete(message.id);
      clearTimeout(request.timer);
      if (message.ok) request.resolve(message.output);
      else request.reject(new Error(message.message));
      this.scheduleIdle();
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const [id, request] of this.pending) {
        clearTimeout(request.timer);
        request.reject(error);
        this.pending.delete(id);
      }
    };
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`The worker thread stopped (exit code ${code}).`)));
    // Waiting requests keep the process alive; an idle thread does not.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private scheduleIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.pending.size > 0 || !this.worker) return;
    this.idleTimer = setTimeout(() => this.stopThread(), this.options.idleMs);
    this.idleTimer.unref();
  }

  private stopThread(): void {
    const worker = this.worker;
    this.worker = null;
    if (worker) void worker.terminate();
  }

  /** Whether the thread is up (for tests and health). */
  get running(): boolean {
    return this.worker !== null;
  }

  request<T>(
    message: Record<string, unknown>,
    options: { timeLimitMs: number; limitMessage: string; transfer?: ArrayBuffer[] },
  ): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The worker is closed.'));
    if (this.pending.size >= this.options.maxPending)
      return Promise.reject(new WorkerBusyError('Too many requests are waiting for the thread.'));
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        // The thread may be stuck in this request: end it (the next request starts a new one).
        this.pending.delete(id);
        reject(new WorkerTimeLimitError(options.limitMessage));
        if (this.worker === worker) {
          this.worker = null;
          for (const [other, request] of this.pending) {
            clearTimeout(request.timer);
            request.reject(new WorkerTimeLimitError(options.limitMessage));
            this.pending.delete(other);
          }
          void worker.terminate();
        }
      }, options.timeLimitMs);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      worker.postMessage({ id, message }, options.transfer ?? []);
    });
  }

  /** Ends the thread; waiting requests are refused. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = null;
    for (const [id, request] of this.pending) {
      clearTimeout(request.timer);
      request.reject(new Error('The worker is closed.'));
      this.pending.delete(id);
    }
    if (worker) await worker.terminate();
  }
}
