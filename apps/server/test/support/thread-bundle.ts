// The server's thread entries bundled once per test run (decision 0439). Every worker-thread task
// (analysis, IDS reading, comparisons, reports) started from source loads its whole module graph
// through tsx again: the largest share of a small model's processing in the server tests. Bundled
// from the same source as scripts/build.mjs bundles them, every entry the way it bundles cpu-worker.js
// (decision 0467): code split at each task's dynamic import, so a thread evaluates its own task's
// modules and npm packages only, and drizzle-orm inlined.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { CPU_WORKER_BUNDLE, nodeBundleOptions } from '../../../../scripts/node-bundle.mjs';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** Thread entries by the name `workerEntry` asks for (platform/worker-task.ts). */
const ENTRIES = {
  'cpu-worker': 'apps/server/src/cpu-worker.ts',
  'live-check-worker': 'apps/server/src/live-check-worker.ts',
  // The parallel check's thread, beside the code that starts it (packages/ids/src/check/parallel-check.ts).
  'check-worker': 'packages/ids/src/check/check-worker.ts',
  // random-kill.test.ts's child process: plain Node on one file instead of the server's source through tsx.
  'process-versions': 'apps/server/test/support/process-versions.ts',
  // The API server and worker processes of scale-out, heartbeat-takeover and dead-letter
  // (support/child-processes.ts): plain Node on the bundle, as `npm start` and `npm run worker` run
  // dist/main.js and dist/worker.js, with their threads from this same directory (decision 0450).
  main: 'apps/server/src/main.ts',
  worker: 'apps/server/src/worker.ts',
};

// main.ts and worker.ts find the migrations, the demo IDS and the web build from their own place, one
// level below apps/server (src/ or dist/); this directory is two levels below, so those two read the
// place of their source file instead.
const ENTRY_SOURCES = /apps[\\/]server[\\/]src[\\/](main|worker)\.ts$/;

/**
 * Split at each task's import(), with drizzle-orm bundled into the entries rather than loaded from
 * node_modules (decision 0462): Node resolves each of drizzle-orm's hundreds of module files against
 * its 180 kB package.json, which made loading it most of a thread's start (about 1 s of CPU, on every
 * analysis, comparison and report). The production build's cpu-worker.js has the same (0467).
 */
const { splitting, inline } = CPU_WORKER_BUNDLE;

/**
 * Builds the entries into a new directory under apps/server/dist (inside the checkout, so the bundles'
 * npm imports resolve from its node_modules); returns the directory.
 */
export async function buildThreadBundle(): Promise<string> {
  mkdirSync(join(root, 'apps/server/dist'), { recursive: true });
  const outdir = mkdtempSync(join(root, 'apps/server/dist/test-threads-'));
  await esbuild.build(
    nodeBundleOptions({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir,
      splitting,
      inline,
      plugins: [
        {
          name: 'entry-place-of-source',
          setup(build) {
            build.onLoad({ filter: ENTRY_SOURCES }, (args) => ({
              contents: readFileSync(args.path, 'utf8').replaceAll(
                'import.meta.url',
                JSON.stringify(pathToFileURL(args.path).href),
              ),
              loader: 'ts',
            }));
          },
        },
      ],
    }),
  );
  return outdir;
}
