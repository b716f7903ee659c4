// esbuild options for code that runs on plain Node from a bundle: our @plumbline/* source packages
// inlined, every npm package left external (native and wasm packages load from node_modules), and a
// require() for bundled ESM. One definition for scripts/build.mjs, the server tests' thread bundle
// (apps/server/test/support/thread-bundle.ts) and the benchmark's child (bench/lib/build-child.ts).

/**
 * What the CPU tasks' thread entry (apps/server/src/cpu-worker.ts) adds to `nodeBundleOptions`, in
 * production as in the tests (decision 0467): code split at each task's `import()`, so a thread
 * evaluates its own task's modules and npm packages only, not the PDF and spreadsheet writers with an
 * IDS read; drizzle-orm bundled, so a thread does not resolve each of its module files against its
 * 180 kB package.json (decision 0462). Chunks sit beside the entry: a chunk that finds a file beside
 * itself (the IDS check's check-worker.js) finds it there.
 */
export const CPU_WORKER_BUNDLE = { splitting: true, inline: ['drizzle-orm'] };

/**
 * Bundle our own source packages (and the npm packages `inline` names), keep every other bare import
 * external.
 */
function externalizeNpmPackages(inline = []) {
  const bundled = (path) =>
    path.startsWith('@plumbline/') || inline.some((name) => path === name || path.startsWith(`${name}/`));
  return {
    name: 'externalize-npm-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        bundled(args.path) ? undefined : { path: args.path, external: true },
      );
    },
  };
}

/**
 * `options` (entry points, outdir, root, anything else) on top of the common Node bundle settings;
 * `inline`: npm packages (pure JavaScript) to bundle rather than load from node_modules.
 */
export function nodeBundleOptions({ inline, ...options }) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    conditions: ['source'],
    logLevel: 'warning',
    // Bundled ESM has no require(); some CommonJS-minded code paths still expect it.
    banner: {
      js: "import { createRequire as __plumblineCreateRequire } from 'node:module'; const require = __plumblineCreateRequire(import.meta.url);",
    },
    ...options,
    plugins: [...(options.plugins ?? []), externalizeNpmPackages(inline)],
  };
}
