// esbuild options for code that runs on plain Node from a bundle: our @plumbline/* source packages
// inlined, every npm package left external (native and wasm packages load from node_modules), and a
// require() for bundled ESM. One definition for scripts/build.mjs, the server tests' thread bundle
// (apps/server/test/support/thread-bundle.ts) and the benchmark's child (bench/lib/build-child.ts).

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
