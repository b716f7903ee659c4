import type { BuildOptions } from 'esbuild';

/** `options` on top of the common settings of a bundle run by plain Node (node-bundle.mjs). */
export declare function nodeBundleOptions(
  options: BuildOptions & {
    /** npm packages (pure JavaScript) bundled rather than loaded from node_modules. */
    inline?: string[];
  },
): BuildOptions;
