import { useEffect, useState } from 'react';

/**
 * `[ref, near]`: near is true once the element given to `ref` has come within `margin` of the
 * viewport, and from then on. Heavy content below the fold (a chart) is drawn only when the person
 * scrolls towards it, so it costs nothing on the first view (issue 21). Without IntersectionObserver
 * it is true at once.
 */
export function useNearViewport(margin = '300px'): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return [setElement, near];
}
