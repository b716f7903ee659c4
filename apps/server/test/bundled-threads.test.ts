import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { runWorkerTask, workerEntry } from '../src/platform/worker-task';

// Decision 0439: the server tests' threads start from the run's bundle of the source
// (support/thread-bundle.ts, set by support/bundled-threads.ts), not through tsx.
describe('worker threads in the server tests', () => {
  it('start from the bundle built for the run, and run a task there', async () => {
    for (const name of ['cpu-worker', 'live-check-worker']) {
      const entry = workerEntry(name);
      expect(entry.fromSource).toBe(false);
      expect(fileURLToPath(entry.file)).toBe(`${inject('testThreadsDir')}/${name}.js`);
    }
    const bytes = new Uint8Array(readFileSync(new URL('../src/modules/demo/demo.ids', import.meta.url)));
    const reading = await runWorkerTask<{ kind: string; specifications: unknown[] }>(
      'read-ids',
      { bytes, fileName: 'demo.ids', lineageId: 'demo' },
      { timeLimitMs: 600_000, limitMessage: 'too long' },
    );
    expect(reading.kind).toBe('valid');
    expect(reading.specifications.length).toBeGreaterThan(0);
  });
});
