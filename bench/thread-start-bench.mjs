// What starting one CPU worker thread costs (decision 0467): for each task kind of
// apps/server/src/cpu-worker.ts, a thread is started on a bundle of the entry with an input that fails
// at once after the task has loaded its modules, and the process's CPU (process.cpuUsage: every
// thread, the idle main thread included) and wall time are taken from `new Worker` to the thread's exit.
// Bundles compared: one file (the production build before 0467), split per task (0439), split with
// drizzle-orm inlined (0462; the production build since 0467); each without and with Node's compile cache (NODE_COMPILE_CACHE set
// for the process, or module.enableCompileCache() called on the thread before the entry loads).
//
// Usage: nice -n 19 node bench/thread-start-bench.mjs [--runs 5] [--kinds analyse,read-ids]
//        [--variants one-file,split,split-inline] [--caches none,env,thread]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const KINDS = [
  'analyse',
  'read-ids',
  'compare-stored',
  'render-comprehensive-pdf',
  'write-comprehensive-xlsx',
  'render-bcf',
  'fragments',
  // Whole tasks, for scale: the demo IDS read (its XSD validation starts a thread of its own) and the
  // analysis of SimpleWall.ifc against it.
  'read-ids:demo',
  'analyse:SimpleWall',
];

/** A whole task's input (the kinds with a colon), else null: the task fails once its modules loaded. */
function inputOf(kind) {
  if (!kind.includes(':')) return null;
  const ids = readFileSync(join(root, 'apps/server/src/modules/demo/demo.ids'));
  if (kind === 'read-ids:demo')
    return { bytes: new Uint8Array(ids), fileName: 'demo.ids', lineageId: 'demo' };
  const wall = readFileSync(join(root, '../shared/ifc-samples/SimpleWall.ifc'));
  return {
    versionId: '0c5a7d3e-2b1f-4c6d-8e9f-0a1b2c3d4e5f',
    bytes: new Uint8Array(wall),
    fileName: 'SimpleWall.ifc',
    ids: [
      {
        name: 'demo.ids',
        xml: ids,
        specificationIds: Array.from({ length: 11 }, (_, i) => `s${i}`),
        lineageId: 'demo',
      },
    ],
    mode: 'full',
    history: { own: null },
  };
}

/** The child: `--child <entry> <cacheMode> <cacheDir> <runs> <kinds>`; prints one JSON line per kind. */
async function child([entry, cacheMode, cacheDir, runsText, kindsText]) {
  const runs = Number(runsText);
  // The 3D conversion's thread (modules/viewer/fragments-converter.ts) imports this file.
  const require = (await import('node:module')).createRequire(join(root, 'apps/server/src/x.js'));
  const fragments = pathToFileURL(join(dirname(require.resolve('@thatopen/fragments')), 'index.mjs')).href;
  const BOOT = `
const { workerData, parentPort } = require('node:worker_threads');
if (workerData.cacheDir) require('node:module').enableCompileCache(workerData.cacheDir);
if (workerData.fragments) import(workerData.fragments).then(() => parentPort.postMessage({ ok: true }), (e) => parentPort.postMessage({ ok: false, message: String(e) }));
else import(workerData.entry);
`;
  const once = (kind) =>
    new Promise((resolve, reject) => {
      const workerData = {
        task: kind.split(':')[0],
        input: inputOf(kind),
        maxIdsMb: 32,
        entry,
        fragments: kind === 'fragments' ? fragments : undefined,
        cacheDir: cacheMode === 'thread' ? cacheDir : undefined,
      };
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const worker =
        cacheMode === 'thread' || kind === 'fragments'
          ? new Worker(BOOT, { eval: true, workerData })
          : new Worker(new URL(entry), { workerData });
      let answered = null;
      worker.on('message', (message) => {
        if (message?.feedWanted) return worker.postMessage({ feedDone: true });
        answered = message;
        void worker.terminate();
      });
      worker.once('error', reject);
      worker.once('exit', () => {
        const cpu = process.cpuUsage(cpu0);
        resolve({ cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - t0, answered });
      });
    });
  for (const kind of kindsText.split(',')) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await once(kind));
    const median = (key) => {
      const sorted = samples.map((s) => s[key]).sort((a, b) => a - b);
      return Math.round(sorted[Math.floor(sorted.length / 2)]);
    };
    const answered = samples[0].answered;
    console.log(
      JSON.stringify({
        kind,
        firstCpuMs: Math.round(samples[0].cpuMs),
        cpuMs: median('cpuMs'),
        wallMs: median('wallMs'),
        // The task must have failed on its input, after loading its modules, not before.
        answer: answered ? (answered.ok ? 'ok' : String(answered.message).slice(0, 60)) : 'none',
      }),
    );
  }
}

async function parent() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      kinds: { type: 'string', default: KINDS.join(',') },
      variants: { type: 'string', default: 'one-file,split,split-inline' },
      caches: { type: 'string', default: 'none,env,thread' },
    },
  });
  const esbuild = await import('esbuild');
  const { CPU_WORKER_BUNDLE, nodeBundleOptions } = await import('../scripts/node-bundle.mjs');
  mkdirSync(join(root, 'apps/server/dist'), { recursive: true });
  const out = mkdtempSync(join(root, 'apps/server/dist/thread-start-'));
  // one-file: scripts/build.mjs before decision 0467; split-inline: what it builds now.
  const variants = {
    'one-file': {},
    split: { splitting: true },
    'split-inline': CPU_WORKER_BUNDLE,
  };
  try {
    const entries = {};
    for (const name of values.variants.split(',')) {
      const outdir = join(out, name);
      await esbuild.build(
        nodeBundleOptions({
          absWorkingDir: root,
          entryPoints: { 'cpu-worker': 'apps/server/src/cpu-worker.ts' },
          outdir,
          ...variants[name],
        }),
      );
      const file = join(outdir, 'cpu-worker.js');
      entries[name] = file;
      console.log(`${name}: cpu-worker.js ${(statSync(file).size / 1e6).toFixed(2)} MB`);
    }
    console.log(
      `load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, ${cpus().length} cores, node ${process.version}`,
    );
    console.log('variant | cache | kind | first CPU ms | median CPU ms | median wall ms | answer');
    for (const [name, file] of Object.entries(entries)) {
      for (const cache of values.caches.split(',')) {
        const cacheDir = join(out, `cache-${name}-${cache}`);
        const env = { ...process.env };
        delete env.NODE_COMPILE_CACHE;
        if (cache === 'env') env.NODE_COMPILE_CACHE = cacheDir;
        // With a cache, a second process too: Node may write the cache only when a thread or the
        // process ends, so the first process's later threads need not show it.
        for (const pass of cache === 'none' ? [''] : ['-cold', '-warm']) {
          const result = spawnSync(
            process.execPath,
            [
              fileURLToPath(import.meta.url),
              '--child',
              pathToFileURL(file).href,
              cache,
              cacheDir,
              values.runs,
              values.kinds,
            ],
            { env, encoding: 'utf8' },
          );
          if (result.status !== 0) {
            console.log(`${name} | ${cache}${pass} | failed: ${result.stderr.slice(0, 400)}`);
            continue;
          }
          for (const line of result.stdout.trim().split('\n')) {
            const row = JSON.parse(line);
            console.log(
              `${name} | ${cache}${pass} | ${row.kind} | ${row.firstCpuMs} | ${row.cpuMs} | ${row.wallMs} | ${row.answer}`,
            );
          }
        }
      }
    }
    console.log(
      `load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else await parent();
