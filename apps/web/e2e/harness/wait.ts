import { onTestFinished } from 'vitest';

/**
 * The guard on each single wait of a page or a request (locators, navigations, `expect.poll`): long
 * enough that a loaded machine only makes a test slower, never fails it, and shorter than the test's
 * own timeout (vitest.config.ts), so a wait that hangs fails with what it waited for (decision 0205).
 */
export const WAIT_MS = 300_000;

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
