/**
 * Memory-class admission (issue 34 item 5, decision 0433): a worker process starts a job only when
 * the job's memory class fits beside the classes of the jobs it is running, within the worker's
 * budget (WORKER_MEMORY_MB). A job that does not fit is given back to the queue for another worker
 * (platform/queue.ts). A worker running nothing admits any job, however large: on a cluster of equal
 * workers a job above every budget would otherwise never run.
 */

/** Memory is reserved in classes of this size (a job's estimate rounded up). */
export const MEMORY_CLASS_BYTES = 256 * 1024 * 1024;

/** The estimate rounded up to whole classes, at least one. */
export function memoryClass(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / MEMORY_CLASS_BYTES)) * MEMORY_CLASS_BYTES;
}

/** What one worker process has admitted, against its budget. */
export class MemoryBudget {
  private readonly running = new Map<string, number>();

  constructor(readonly budgetBytes: number) {}

  /** Bytes reserved by the running jobs. */
  get used(): number {
    let sum = 0;
    for (const bytes of this.running.values()) sum += bytes;
    return sum;
  }

  /** Whether a job of `bytes` (a class) fits beside the running jobs. */
  fits(bytes: number): boolean {
    return this.running.size === 0 || this.used + bytes <= this.budgetBytes;
  }

  /** Reserves `bytes` for job `id` when it fits; false (nothing reserved) when it does not. */
  admit(id: string, bytes: number): boolean {
    if (!this.fits(bytes)) return false;
    this.running.set(id, bytes);
    return true;
  }

  release(id: string): void {
    this.running.delete(id);
  }
}
