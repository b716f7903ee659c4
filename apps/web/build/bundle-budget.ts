import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The JavaScript a first view downloads, brotli-compressed as the server sends it, may not grow past
 * these numbers (issue 21; decisions 0169 and 0176 say how they were set). A change that passes one fails the
 * build: shrink it (split the route, load on demand) or raise the number in the same commit and say why.
 */
export const FIRST_VIEW_BUDGETS = [
  /**
   * /login, /signup: the entry, the app it starts after the first paint (app/boot.tsx) and what they
   * import statically, and the English catalogue of the first view, which boot.tsx waits for (156.9 kB
   * when set; 162.5 kB after the app chunk took the dashboard's icons, decision 0176; 162.3 kB before
   * the messages came from catalogues, which may add at most 5 kB, issue 31 and decision 0230; 169.1
   * kB on the integration of i18n, views and validity; 170.1 kB with single sign-on's button and the
   * sign-in methods query, decision 0267; over the first view's budget, owed back by issue 37 item 7;
   * 170.8 kB with seven more namespaces and the lazily loaded Studio, validity switch and ACC clean-up,
   * whose chunk names the start chunk's preload lists carry, after their catalogue loaders moved to an
   * on-demand table that took 0.6 kB off; 166.0 kB once the toasts load after the first render, with
   * the app's libraries in two chunks of their own, decision 0441; 167.7 kB once the pages are a chunk
   * of their own with their forms' libraries, which the dashboard no longer loads: two more files,
   * decision 0460).
   */
  {
    view: 'sign-in',
    routes: ['src/app/boot.tsx', 'src/features/auth/sign-in-pages.ts', 'src/messages/app/en.json'],
    maxBrotliBytes: 168_000,
  },
  /**
   * /dashboard and /demo: the entry and the app plus the dashboard route's and its default tab's
   * (Overview) static imports, and the English catalogues the route waits for; not the other tabs, the
   * viewer or the charts, which load on demand (223.2 kB when set, 211.7 kB after the second pass of
   * decision 0176; 220.7 kB with governance's sign-in methods and catalogue entries, decision 0267;
   * 221.5 kB with waivers, the wizard's IDS files and the figures' basis, back to 220.7 kB once the
   * Overview's schema summary and attribute insights load beside the first view; 221.2 kB with the
   * names of the new lazily loaded chunks, as sign-in's above; 217.0 kB with the toasts on demand and
   * the libraries in chunks of their own, decision 0441; 203.1 kB without the sign-in pages and their
   * forms' libraries, decision 0460).
   */
  {
    view: 'dashboard',
    routes: [
      'src/app/boot.tsx',
      'src/app/dashboard-page.tsx',
      'src/features/overview/overview-tab.tsx',
      'src/messages/app/en.json',
      'src/messages/permissions/en.json',
    ],
    maxBrotliBytes: 203_500,
  },
];

/** A built chunk as the budget needs it (the fields Rollup's OutputChunk has). */
export interface BudgetChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  /** Every module the chunk holds: a route's module may sit in a grouped chunk (first-view-chunks.ts). */
  moduleIds?: string[];
  imports: string[];
}

/** The chunk files a view loads before it can render: its roots and every static import, transitively. */
export function staticClosure(chunks: BudgetChunk[], roots: BudgetChunk[]): BudgetChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Map<string, BudgetChunk>();
  const visit = (chunk: BudgetChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
}

function brotliSize(code: string): number {
  return brotliCompressSync(Buffer.from(code), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 10 },
  }).length;
}

/** Each view's brotli bytes and whether it is within its budget. */
export function measureBudgets(chunks: BudgetChunk[], budgets = FIRST_VIEW_BUDGETS) {
  const entries = chunks.filter((chunk) => chunk.isEntry);
  return budgets.map(({ view, routes, maxBrotliBytes }) => {
    const routeChunks = routes.map((route) => {
      const holds = (id: string | null | undefined) => id?.replaceAll('\\', '/').endsWith(route) ?? false;
      const chunk = chunks.find((c) => holds(c.facadeModuleId) || c.moduleIds?.some(holds));
      if (!chunk) throw new Error(`bundle budget: no chunk for the route ${route}`);
      return chunk;
    });
    const files = staticClosure(chunks, [...entries, ...routeChunks]);
    const brotliBytes = files.reduce((sum, chunk) => sum + brotliSize(chunk.code), 0);
    return {
      view,
      brotliBytes,
      maxBrotliBytes,
      files: files.map((f) => f.fileName),
      within: brotliBytes <= maxBrotliBytes,
    };
  });
}

/** Vite plugin: measures the first views' JavaScript after the bundle is written and fails the build past a budget. */
export function bundleBudget(): Plugin {
  return {
    name: 'plumbline-bundle-budget',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as BudgetChunk[];
      const results = measureBudgets(chunks);
      for (const r of results) {
        this.info(
          `first view "${r.view}": ${(r.brotliBytes / 1000).toFixed(1)} kB brotli of JavaScript (budget ${(r.maxBrotliBytes / 1000).toFixed(0)} kB, ${r.files.length} files)`,
        );
      }
      const over = results.filter((r) => !r.within);
      if (over.length > 0) {
        this.error(
          over
            .map(
              (r) =>
                `bundle budget exceeded: "${r.view}" loads ${r.brotliBytes} bytes (brotli) of JavaScript, budget ${r.maxBrotliBytes}`,
            )
            .join('\n'),
        );
      }
    },
  };
}
