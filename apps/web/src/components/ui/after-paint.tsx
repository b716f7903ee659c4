import { type ReactNode, useEffect, useState } from 'react';
import { nextTask } from '@/lib/next-task';

/**
 * Draws `fallback` with the content around it, then `children` once that render is on screen (the
 * frame after it, then a later task; at once in a hidden tab, which paints no frames). For parts below
 * a page's first screen whose code or data the page would otherwise ask for inside the render that
 * draws its largest text: their downloads and their evaluation then come after that paint instead of
 * before it (issue 37: Lighthouse's simulated LCP counts every request that ends before the paint).
 * The fallback takes the children's loading place (the same skeleton), so nothing moves.
 */
export function AfterPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    const show = () => {
      if (live) setPainted(true);
    };
    if (document.visibilityState === 'hidden') void nextTask().then(show);
    else requestAnimationFrame(() => void nextTask().then(show));
    return () => {
      live = false;
    };
  }, []);
  return painted ? children : fallback;
}
