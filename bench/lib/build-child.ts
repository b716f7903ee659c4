/**
 * The benchmark's child, bundled the way `scripts/build.mjs` bundles the CLI (decision 0193): our
 * @plumbline packages inlined, npm packages left external, the check thread's entry
 * (`check-worker.js`) beside the bundle. Each measurement then runs plain Node on one file, as
 * `npx plumbline` does, instead of compiling the source through tsx: on this thread before the
 * clock and, until now, on the check thread inside it. IFC-Lite's run goes through the same
 * bundle (plain Node, its package from node_modules), so both sides load alike.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { nodeBundleOptions } from '../../scripts/node-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Bundles bench-child.ts and the check worker into `outDir`; returns the child's path. */
export async function buildBenchChild(outDir: string): Promise<string> {
  await mkdir(outDir, { recursive: true });
  await esbuild.build(
    nodeBundleOptions({
      absWorkingDir: root,
      entryPoints: {
        'bench-child': 'bench/bench-child.ts',
        'check-worker': 'packages/ids/src/check/check-worker.ts',
      },
      outdir: outDir,
    }),
  );
  return join(outDir, 'bench-child.js');
}
