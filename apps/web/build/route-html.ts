import type { Plugin } from 'vite';
import { OVERVIEW_HEADING } from '../src/lib/dashboard-tabs';
import english from '../src/messages/app/en.json';

/** The app the entry starts after the first paint (src/main.tsx): every page preloads it. */
export const APP_MODULE = 'src/app/boot.tsx';

/**
 * Route pages that get their own copy of index.html, which also preloads (`modulepreload`, see
 * withModulePreloads) the chunk holding the route's code. The server answers `/<route>…` with `<route>.html` when it exists
 * (apps/server/src/platform/http/web-app.ts), so a phone opening /dashboard downloads the dashboard's
 * code beside the app's instead of after the app has run and the router has asked for it: one
 * round trip less before the page is drawn (issue 21, decision 0176).
 */
const SIGN_IN_MODULE = 'src/features/auth/sign-in-pages.ts';

export const ROUTE_HTML: Record<string, string[]> = {
  // With the Overview, the tab both open on (the router's preloadFirstTab imports it beside the route),
  // and the loaders of the catalogues the route waits for (router.tsx dashboardMessages): otherwise
  // two round trips one after the other once the app has run, the table and then the catalogues.
  // The Overview's IDS notice too: asked for only when the Overview's module ran, its chunk (and the
  // permission rules it imports) was one more round trip before the figures it is drawn with (0449).
  dashboard: [
    'src/app/dashboard-page.tsx',
    'src/features/overview/overview-tab.tsx',
    'src/messages/on-demand.ts',
    'src/features/overview/ids-empty-state.tsx',
  ],
  demo: [
    'src/app/demo-page.tsx',
    'src/features/overview/overview-tab.tsx',
    'src/messages/on-demand.ts',
    'src/features/overview/ids-empty-state.tsx',
  ],
  // The sign-in pages, a chunk the router loads on demand elsewhere (decision 0460): run with the app
  // here, so the router renders the page in its first render (router.tsx openedOnSignIn).
  login: [SIGN_IN_MODULE],
  signup: [SIGN_IN_MODULE],
  'verify-email': [SIGN_IN_MODULE],
};

/** The routes whose static shell shows the Overview's heading (the dashboard hosts). */
const OPENS_ON_OVERVIEW = new Set(['dashboard', 'demo']);

/** The meta element naming the page's code, which the entry preloads once the page is painted. */
export const PRELOAD_META = 'plumbline-preload';

/**
 * index.html naming `files` in `<meta name="plumbline-preload">`; the entry (src/main.tsx) preloads
 * them (`modulepreload`) once the static shell is painted. Not `<link rel="modulepreload">` in the
 * head: a download that ends before the first paint is counted by Lighthouse's simulation as needed
 * for the largest paint (Lantern's LCP graph takes every request finished before it), although the
 * page's largest text is static HTML that needs no script (issue 21, decision 0190).
 */
export function withModulePreloads(html: string, files: string[]): string {
  const meta = `<meta name="${PRELOAD_META}" content="${files.map((file) => `/${file}`).join(' ')}">`;
  if (!html.includes('</head>')) throw new Error('route html: index.html has no </head>');
  return html.replace('</head>', `  ${meta}\n  </head>`);
}

/** The bar PageLoading draws where a heading goes, as index.html's static shell has it. */
const SHELL_HEADING_BAR = '<div aria-hidden="true" class="animate-pulse rounded-md bg-muted h-8 w-48"></div>';

/** Text as React writes it into markup (renderToStaticMarkup escapes these five). */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}

/**
 * index.html with the Overview's heading in its static shell instead of the bar: exactly what
 * `<PageLoading heading={OVERVIEW_HEADING} />` renders (page-loading-shell.test.tsx). The dashboard and
 * the demo open on the Overview unless told otherwise (src/app/static-shell.ts puts the bar back then):
 * their largest text is then painted with the first paint (issue 21: largest contentful paint).
 */
export function withOpeningHeading(html: string): string {
  if (!html.includes(SHELL_HEADING_BAR)) throw new Error('route html: the static shell has no heading bar');
  // English in the HTML; public/shell-language.js words it in the page's language before the first paint.
  const title = english[OVERVIEW_HEADING.title];
  const description = english[OVERVIEW_HEADING.description];
  return html.replace(
    SHELL_HEADING_BAR,
    `<div data-loading-heading=""><p class="text-2xl font-semibold tracking-tight">${escapeHtml(title)}</p><p class="mt-1 text-sm text-muted-foreground">${escapeHtml(description)}</p></div>`,
  );
}

export function routeHtml(): Plugin {
  return {
    name: 'plumbline-route-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('route html: no index.html in the bundle');
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const html = String(index.source);
      const loaded = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1] as string));
      /** The chunk holding `module` and its static imports, less what the page loads already, imports first. */
      const filesFor = (module: string, already: Set<string>): string[] => {
        const holder = chunks.find((chunk) =>
          chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)),
        );
        if (!holder) throw new Error(`route html: no chunk holds ${module}`);
        // Each file after those it imports: the entry runs them in this order, one per task (decision 0441).
        const files: string[] = [];
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (already.has(fileName) || seen.has(fileName)) return;
          seen.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
          files.push(fileName);
        };
        visit(holder.fileName);
        // A module imported dynamically (the router's routes, the entry's boot.tsx) whose code sits in
        // a grouped chunk is imported through a small facade chunk re-exporting it: named too, else
        // each such import costs a phone a round trip after the code has run (decision 0449).
        const facade = chunks.find(
          (chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module) && chunk !== holder,
        );
        if (facade) visit(facade.fileName);
        return files;
      };
      const appFiles = filesFor(APP_MODULE, loaded);
      index.source = withModulePreloads(html, appFiles);
      const withApp = new Set([...loaded, ...appFiles]);
      for (const [route, modules] of Object.entries(ROUTE_HTML)) {
        const routeFiles: string[] = [];
        for (const module of modules)
          routeFiles.push(...filesFor(module, new Set([...withApp, ...routeFiles])));
        const page = withModulePreloads(html, [...appFiles, ...routeFiles]);
        this.emitFile({
          type: 'asset',
          fileName: `${route}.html`,
          source: OPENS_ON_OVERVIEW.has(route) ? withOpeningHeading(page) : page,
        });
      }
    },
  };
}
