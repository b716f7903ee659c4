import type { ChunkingContext } from 'rolldown';

/**
 * Chunk grouping for the first views (decision 0176). Every request costs a phone a round trip, and
 * over HTTP/1.1 a browser opens six connections per host: the dashboard's first view was 33 small
 * files, queued six at a time. Here:
 * - the entry (main.tsx) keeps only what runs before the first paint: the stylesheet and the first
 *   requests; `start` holds the few modules it imports (the app's chunks import them too, so they
 *   may not sit in either of those: the entry would then load, and run, the whole app before painting);
 * - the start steps (START_STEPS): the libraries the app imports statically, a few chunks, each
 *   evaluated in a task of its own;
 * - `app`: the rest of the app (boot.tsx and what it imports statically: the providers, the router's
 *   routes), with what the sign-in pages share with the dashboard, one file;
 * - `sign-in`: the sign-in pages (features/auth/sign-in-pages.ts) with their forms' libraries, loaded
 *   on demand: not in `libs`, which every page evaluates before its first render (decision 0460);
 * - `dashboard-libs` and `dashboard`: what the /dashboard and /demo routes and their opening tab
 *   (Overview) import statically and the app does not, the libraries apart from our code (two
 *   tasks to evaluate instead of one, decision 0441);
 * - `icons`: the remaining icons, one file instead of one per icon;
 * - `toasts`: sonner, which the sign-in pages load after their first render.
 * Other tabs, dialogs, charts and the viewer stay in their own chunks, loaded on demand.
 */
const BARREL = /packages[\\/]contracts[\\/]src[\\/]index\.ts$/;

/**
 * The libraries the app imports statically, a few chunks instead of one inside the app's (issue 37
 * item 7, decision 0441): the entry runs the page's chunks one per task, each after those it imports
 * (src/main.tsx), so each chunk's evaluation is a task of its own and the app's chunk evaluates only
 * our code. The app as one chunk of 600 kB, evaluated in one task, was the sign-in page's longest task.
 */
export const START_STEPS = [
  { name: 'react', packages: ['react', 'react-dom', 'scheduler'] },
  {
    name: 'libs',
    packages: [
      'react-router',
      'zod',
      '@tanstack/query-core',
      '@tanstack/react-query',
      'intl-messageformat',
      '@formatjs/fast-memoize',
      'tailwind-merge',
      'clsx',
      'class-variance-authority',
      '@radix-ui/react-slot',
    ],
  },
] as const;

/** The start chunk that holds `id`, a module of one of its packages. */
export function startStepOf(id: string): string | null {
  const path = id.replaceAll('\\', '/');
  return (
    START_STEPS.find((step) => step.packages.some((name) => path.includes(`/node_modules/${name}/`)))?.name ??
    null
  );
}

export function firstViewChunkGroups(roots: {
  entry: string;
  app: string;
  dashboard: string[];
  signIn: string;
}) {
  let closures:
    | { entry: Set<string>; app: Set<string>; dashboard: Set<string>; signIn: Set<string> }
    | undefined;
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
      signIn: closure([roots.signIn]),
    };
    return closures;
  };
  return [
    {
      name: (id: string, ctx: ChunkingContext) =>
        id !== roots.entry && closuresOf(ctx).entry.has(id) ? 'start' : null,
      priority: 20,
    },
    // Every module of these packages, whoever imports it: a CommonJS module's require()s and zod
    // behind the contracts' barrel are not in the closures above, and the first views use nearly all
    // of each package anyway. One group per chunk, in START_STEPS' order: a group takes the modules
    // its modules import, so React must be taken before the libraries built on it.
    ...START_STEPS.map((step, index) => ({
      name: (id: string, ctx: ChunkingContext) =>
        !closuresOf(ctx).entry.has(id) && startStepOf(id) === step.name ? step.name : null,
      priority: 10 + START_STEPS.length - index,
    })),
    {
      // With what both first views use of the sign-in pages' imports (a button, an alert, a label):
      // in the sign-in chunk, the dashboard would load it; in the dashboard's, the sign-in pages would.
      name: (id: string, ctx: ChunkingContext) => {
        const { entry, app, dashboard, signIn } = closuresOf(ctx);
        return (app.has(id) || (signIn.has(id) && dashboard.has(id))) && !entry.has(id) ? 'app' : null;
      },
      priority: 5,
    },
    {
      // The libraries of the dashboard's first view apart from its own code: two tasks, not one.
      name: (id: string, ctx: ChunkingContext) => {
        const { entry, app, dashboard } = closuresOf(ctx);
        const library = /[\\/]node_modules[\\/]/.test(id);
        return library && dashboard.has(id) && !app.has(id) && !entry.has(id) ? 'dashboard-libs' : null;
      },
      priority: 4,
    },
    {
      name: (id: string, ctx: ChunkingContext) => {
        const { entry, app, dashboard } = closuresOf(ctx);
        return dashboard.has(id) && !app.has(id) && !entry.has(id) ? 'dashboard' : null;
      },
      priority: 3,
    },
    {
      // The sign-in pages, what only they import and their forms' libraries (react-hook-form and its
      // resolvers), one chunk (decision 0460): each more file of a first view costs a phone a request
      // in the queue of six connections. The dialogs with forms load it for the libraries.
      name: (id: string, ctx: ChunkingContext) => {
        const { entry, app, dashboard, signIn } = closuresOf(ctx);
        return signIn.has(id) && !app.has(id) && !dashboard.has(id) && !entry.has(id) ? 'sign-in' : null;
      },
      priority: 2,
    },
    { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
    // The toasts: the dashboard imports them, the sign-in pages load them after their first render.
    { name: 'toasts', test: /node_modules[\\/]sonner[\\/]/, priority: 6 },
  ];
}
