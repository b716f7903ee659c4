import { useEffect, useRef } from 'react';

/** The viewer canvas keeps focus: a user orbiting or stepping through failures stays in the model. */
function focusIsInViewer(): boolean {
  return document.activeElement instanceof HTMLElement && document.activeElement.matches('.viewer-canvas');
}

/**
 * The Element Inspector is a side panel (issue 21): it takes focus when it opens (its heading, so the
 * next Tab reaches its controls) and gives it back to what opened it when it closes, Escape included.
 * Opened from the 3D canvas, focus stays in the canvas, and returns there after.
 */
export function useInspectorFocus<T extends HTMLElement>() {
  const headingRef = useRef<T>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!focusIsInViewer()) headingRef.current?.focus();
    return () => {
      // On close: back to the opener if it is still there and focus was not moved elsewhere on purpose.
      const active = document.activeElement;
      const lost = active === null || active === document.body || !active.isConnected;
      const insideInspector = headingRef.current
        ?.closest('[aria-label="Element Inspector"]')
        ?.contains(active);
      if (opener?.isConnected && opener !== document.body && (lost || insideInspector)) opener.focus();
    };
  }, []);
  return headingRef;
}
