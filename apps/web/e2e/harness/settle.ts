import type { Page, Request } from 'playwright-core';

/**
 * A wait for "the page has finished what the last step started", for audits that read the whole page
 * (axe-core, the pseudo-locale scan, a width check) and therefore must not read it half-drawn.
 *
 * `waitForLoadState('networkidle')` only speaks for a document's first load: once a page has been idle
 * it answers at once, so after a click inside the app (a tab, a dialog) it waits for nothing. This one
 * holds after any step: no request of the page in flight, no area marked `aria-busy="true"` (the app's
 * loading skeletons and lazy areas), and every finite animation finished — seen twice in a row, each
 * time after the page has drawn a frame and run a task (what an answer's render starts: the next query,
 * the next chunk). Only events and the page's own state; no clock.
 */
export function pageSettler(page: Page): () => Promise<void> {
  const inflight = new Set<Request>();
  let started = 0;
  page.on('request', (request) => {
    started += 1;
    inflight.add(request);
  });
  page.on('requestfinished', (request) => inflight.delete(request));
  page.on('requestfailed', (request) => inflight.delete(request));
  // A document left behind takes its requests with it (no finished or failed event is owed for them).
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    for (const request of inflight) {
      if (request.frame() === frame && !request.isNavigationRequest()) inflight.delete(request);
    }
  });

  const idle = () =>
    new Promise<void>((resolve) => {
      if (inflight.size === 0) return resolve();
      const check = () => {
        if (inflight.size > 0) return;
        page.off('requestfinished', check);
        page.off('requestfailed', check);
        resolve();
      };
      page.on('requestfinished', check);
      page.on('requestfailed', check);
    });

  /**
   * In the page, twice: after a frame and a task, nothing busy and every finite animation done. One
   * round trip for both looks (each one a round trip of its own cost a busy machine seconds per state).
   */
  const quietOnPage = () =>
    page.evaluate(async () => {
      const quiet = () =>
        document.querySelector('[aria-busy="true"]') === null &&
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          );
      const afterFrameAndTask = () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      await afterFrameAndTask();
      if (!quiet()) return false;
      await afterFrameAndTask();
      return quiet();
    });

  return async () => {
    await page.waitForLoadState('load');
    for (;;) {
      await idle();
      const before = started;
      // Quiet twice in the page, and no request started or left open meanwhile.
      if ((await quietOnPage()) && started === before && inflight.size === 0) return;
    }
  };
}
