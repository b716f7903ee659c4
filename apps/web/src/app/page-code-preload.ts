/** The `<meta>` naming the page's code (build/route-html.ts: PRELOAD_META). */
const PRELOAD_META = 'plumbline-preload';

/**
 * Preloads the code the page names in `<meta name="plumbline-preload">` (the app and, on
 * dashboard.html and demo.html, the route's chunk), so they download side by side. Called by the
 * entry once the static shell is painted (issue 21, decision 0190). Returns the files, each after
 * those it imports (build/route-html.ts), for the entry to run one per task (decision 0441).
 */
export function preloadPageCode(doc: Document): string[] {
  const files = doc.querySelector(`meta[name="${PRELOAD_META}"]`)?.getAttribute('content')?.split(' ') ?? [];
  for (const href of files) {
    if (!href) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
  return files.filter(Boolean);
}
