import type { ChunkingContext } from 'rolldown';

/**
 * Chunk grouping for the first views (decision 0176). Every request costs a phone a round trip, and
 * over HTTP/1.1 a browser opens six connections per host: the dashboard's first view was 33 small
 * files, queued six at a time. Here:
 * - the entry (main.tsx) keeps only what runs before the first paint: the stylesheet and the first
 *   requests; `start` holds the few modules it imports (the app's chunks import them too, so they
 *   may not sit in either of those: the entry would then load, and run, the whole app before painting);
 * - `app`: the app (boot.tsx and what it imports statically: React, the router, the sign-in pages),
 *   one file;
 * - `dashboard`: what the /dashboard and /demo routes and their opening tab (Overview) import
 *   statically and the app does not, one file;
 * - `icons`: the remaining icons, one file instead of one per icon.
 * Other tabs, dialogs, charts and the viewer stay in their own chunks, loaded on demand.
 */
const BARREL = /packages[\\/]contracts[\\/]src[\\/]index\.ts$/;

export function firstViewChunkGroups(roots: { entry: string; app: string; dashboard: string[] }) {
  let closures: { entry: Set<string>; app: Set<string>; dashboard: Set<string> } | undefined;
  /** Each root's static import closure (dynamic imports are where it stops), computed once. */
  const closuresOf = (ctx: ChunkingContext) => {
    if (closures) return closures;
    const closure = (starts: string[]) => {
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        // A barrel (the contracts' index) names every schema module; which of them a chunk needs is
        // known only after tree-shaking, so they are left to rolldown's own chunking.
        if (BARREL.test(id)) return;
        for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      starts.forEach(visit);
      return seen;
    };
    closures = {
      entry: closure([roots.entry]),
      app: closure([roots.app]),
      dashboard: closure(roots.dashboard),
    };
    return closures;
  };
  return [
    {
      name: (id: string, ctx: ChunkingContext) =>
        id !== roots.entry && closuresOf(ctx).entry.has(id) ? 'start' : null,
      priority: 4,
    },
    {
      name: (id: string, ctx: ChunkingContext) => {
        const { entry, app } = closuresOf(ctx);
        return app.has(id) && !entry.has(id) ? 'app' : null;
      },
      priority: 3,
    },
    {
      name: (id: string, ctx: ChunkingContext) => {
        const { entry, app, dashboard } = closuresOf(ctx);
        return dashboard.has(id) && !app.has(id) && !entry.has(id) ? 'dashboard' : null;
      },
      priority: 2,
    },
    { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
  ];
}
