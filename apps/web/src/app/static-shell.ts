import { openingHeading } from '@/lib/opening-heading';

/** What PageLoading draws in the heading's place when it has no heading (a Skeleton bar). */
const LOADING_BAR_CLASS = 'animate-pulse rounded-md bg-muted h-8 w-48';

/**
 * dashboard.html and demo.html paint the Overview's heading in their static loading shell
 * (build/route-html.ts). A page that opens on another tab (`?tab=`, the remembered tab) puts the
 * plain loading bar back in its place, as PageLoading draws it there, before the app starts.
 */
export function fitStaticShell(root: ParentNode, pathname: string, search: string): void {
  const heading = root.querySelector('[data-loading-heading]');
  if (!heading || openingHeading(pathname, search)) return;
  const bar = document.createElement('div');
  bar.setAttribute('aria-hidden', 'true');
  bar.className = LOADING_BAR_CLASS;
  heading.replaceWith(bar);
}
