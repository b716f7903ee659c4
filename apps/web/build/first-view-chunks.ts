import type { ChunkingContext } from 'rolldown';

/**
 * Chunk grouping for the first views (decision 0176). Every request costs a phone a round trip, and
 * over HTTP/1.1 a browser opens six connections per host: the dashboard's first view was 33 small
 * files, queued six at a time. Here:
 * - `vendor`: everything the entry needs before it can render (libraries and our own modules), one file;
 * - `dashboard`: what the /dashboard and /demo routes and their opening tab (Overview) import
 *   statically and the entry does not, one file;
 * - `icons`: the remaining icons, one file instead of one per icon.
 * Other tabs, dialogs, charts and the viewer stay in their own chunks, loaded on demand.
 */
export function firstViewChunkGroups(dashboardRoots: string[]) {
  let dashboardModules: Set<string> | undefined;
  /** The dashboard routes' static import closure (dynamic imports are where it stops). */
  const dashboardClosure = (ctx: ChunkingContext): Set<string> => {
    if (dashboardModules) return dashboardModules;
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    dashboardRoots.forEach(visit);
    dashboardModules = seen;
    return seen;
  };
  return [
    { name: 'vendor', tags: ['$initial' as const], priority: 3 },
    {
      name: (id: string, ctx: ChunkingContext) => (dashboardClosure(ctx).has(id) ? 'dashboard' : null),
      priority: 2,
    },
    { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
  ];
}
