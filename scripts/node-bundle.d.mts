import type { BuildOptions } from 'esbuild';

/** `options` on top of the common settings of a bundle run by plain Node (node-bundle.mjs). */
export declare function nodeBundleOptions(
  options: BuildOptions & {
    /** npm packages (pure JavaScript) bundled rather than loaded from node_modules. */
    inline?: string[];
  },
): BuildOptions;

/** What the CPU tasks' thread entry adds to `nodeBundleOptions` (decision 0467). */
export declare const CPU_WORKER_BUNDLE: { splitting: true; inline: string[] };
