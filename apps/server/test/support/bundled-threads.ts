// A setup file of the server tests: worker threads start from the run's bundle of the same source
// (support/thread-bundle.ts, decision 0439).
import { inject } from 'vitest';
import { useBundledThreads } from '../../src/platform/worker-task';

useBundledThreads(inject('testThreadsDir'));
