/** The `<meta>` naming the page's code (build/route-html.ts: PRELOAD_META). */
const PRELOAD_META = 'plumbline-preload';

/**
 * Preloads the code the page names in `<meta name="plumbline-preload">` (the app and, on
 * dashboard.html and demo.html, the route's chunk), so they download side by side. Called by the
 * entry once the static shell is painted (issue 21, decision 0190).
 */
export function preloadPageCode(doc: Document): void {
  const files = doc.querySelector(`meta[name="${PRELOAD_META}"]`)?.getAttribute('content')?.split(' ') ?? [];
  for (const href of files) {
    if (!href) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}
