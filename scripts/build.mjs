// Builds everything `npm start` serves and `npx plumbline` runs:
//  - the server and worker entry points, bundled with esbuild (our @plumbline/* source packages
//    inlined, every npm dependency left external so native and wasm packages load from node_modules);
//  - the IDS command line, bundled the same way;
//  - the web app, with Vite.
// Usage: node scripts/build.mjs [--only server,cli,web]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import { CPU_WORKER_BUNDLE, nodeBundleOptions } from './node-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only ? new Set(values.only.split(',')) : null;
const wants = (part) => !only || only.has(part);

async function bundle(entryPoints, outdir, extra = {}) {
  const existing = entryPoints.filter((entry) => existsSync(join(root, entry)));
  if (existing.length === 0) return;
  const result = await esbuild.build(
    nodeBundleOptions({
      absWorkingDir: root,
      entryPoints: existing,
      outdir,
      sourcemap: true,
      metafile: true,
      ...extra,
    }),
  );
  console.log(`built ${existing.join(', ')} -> ${outdir}`);
  return result;
}

/** A split build's chunks (`name-HASH.js`) of earlier builds that this one no longer wrote. */
function removeStaleChunks(outdir, result) {
  const written = new Set(Object.keys(result.metafile.outputs).map((file) => join(root, file)));
  for (const name of readdirSync(join(root, outdir))) {
    const file = join(root, outdir, name);
    if (/-[A-Z0-9]{8}\.js(\.map)?$/.test(name) && !written.has(file)) rmSync(file);
  }
}

const started = Date.now();
// The IDS check's thread entry sits beside each bundle that checks models (decision 0182).
const CHECK_WORKER = 'packages/ids/src/check/check-worker.ts';
if (wants('server')) {
  await bundle(
    [
      'apps/server/src/main.ts',
      'apps/server/src/worker.ts',
      'apps/server/src/live-check-worker.ts',
      'apps/server/src/audit-verify.ts',
    ],
    'apps/server/dist',
  );
  // Each CPU task's thread loads its own task's code only (decision 0467): split into chunks.
  const cpuWorker = await bundle(['apps/server/src/cpu-worker.ts'], 'apps/server/dist', CPU_WORKER_BUNDLE);
  if (cpuWorker) removeStaleChunks('apps/server/dist', cpuWorker);
  await bundle([CHECK_WORKER], 'apps/server/dist');
}
if (wants('cli')) {
  await bundle(['packages/ids/src/cli.ts'], 'packages/ids/dist');
  await bundle([CHECK_WORKER], 'packages/ids/dist');
}
if (wants('web') && existsSync(join(root, 'apps/web/index.html'))) {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
