/** How long to wait for a lazily loaded page to show its heading. */
const WAIT_MS = 10_000;

/** Focus was lost with the page it was on (a link or a submit button that is gone), or never placed. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * After a route change (issue 21, WCAG 2.4.3): focus moves to the new page's heading, the `<h1>` in
 * its main landmark, so a keyboard or screen-reader user starts at the top of what changed instead of
 * at the document's start. Waits for a page that loads on demand; leaves focus alone if the user has
 * placed it meanwhile. Returns a function that stops waiting.
 */
export function focusPageHeadingWhenShown(): () => void {
  const tryFocus = (): boolean => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return false;
    if (focusIsLost()) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
