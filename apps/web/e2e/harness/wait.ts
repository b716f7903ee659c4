import { AsyncLocalStorage } from 'node:async_hooks';
import { onTestFinished } from 'vitest';

/**
 * The guard on each single wait of a page or a request (locators, navigations, `expect.poll`): long
 * enough that a loaded machine only makes a test slower, never fails it, and shorter than the test's
 * own timeout (vitest.config.ts), so a wait that hangs fails with what it waited for (decision 0205).
 */
export const WAIT_MS = 300_000;

/** Set while work runs that belongs to no one test (detachedFromTests). */
const detached = new AsyncLocalStorage<true>();

/**
 * Runs `work` as no test's: its `until` waits do not end with the test that happens to be running
 * (a shared model a file starts making in `beforeAll`, which the first tests run beside). The test
 * that awaits the result is the one that stops a hang, by its timeout.
 */
export function detachedFromTests<T>(work: () => Promise<T>): Promise<T> {
  return detached.run(true, work);
}

/**
 * Polls `check` every `intervalMs` until it returns a value, and returns that value. No deadline of
 * its own: the work takes what the machine gives it, and the test's timeout stops a hung test (the
 * poll then stops too). `what` names the wait in the error when the test ends first.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  intervalMs = 250,
): Promise<T> {
  let ended = false;
  try {
    if (!detached.getStore())
      onTestFinished(() => {
        ended = true;
      });
  } catch {
    // In a hook rather than a test: the hook's timeout ends the wait.
  }
  for (;;) {
    if (ended) throw new Error(`the test ended while waiting for ${what}`);
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
