// Decision 0467: the CPU tasks' thread entry is built split per task, so a thread loads its own task's
// code and npm packages only (an IDS read does not load the PDF and spreadsheet writers or the
// database client), with drizzle-orm bundled; and a thread started on that build runs its task.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPU_WORKER_BUNDLE, nodeBundleOptions } from './node-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** npm packages of the report writers, the database and the HTTP server: none is an IDS read's. */
const NOT_FOR_AN_IDS_READ = [
  'pdfkit',
  'exceljs',
  'drizzle-orm',
  'pg',
  'pg-copy-streams',
  '@fastify/multipart',
];

let outdir: string;
let outputs: esbuild.Metafile['outputs'];

beforeAll(async () => {
  // Inside the checkout, as scripts/build.mjs writes apps/server/dist: the npm imports resolve.
  mkdirSync(join(root, 'apps/server/dist'), { recursive: true });
  outdir = mkdtempSync(join(root, 'apps/server/dist/cpu-worker-test-'));
  const result = await esbuild.build(
    nodeBundleOptions({
      absWorkingDir: root,
      entryPoints: ['apps/server/src/cpu-worker.ts'],
      outdir,
      metafile: true,
      ...CPU_WORKER_BUNDLE,
    }),
  );
  outputs = result.metafile.outputs;
}, 120_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

/** The output files by path relative to the checkout (as the metafile names them). */
const out = (file: string) => relative(root, join(outdir, file)).split('\\').join('/');

/** The npm packages an output and the chunks it imports statically load when it is evaluated. */
function staticPackages(file: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const edge of outputs[path]?.imports ?? []) {
      if (edge.kind !== 'import-statement') continue;
      if (edge.external) {
        if (!edge.path.startsWith('node:')) packages.add(packageName(edge.path));
      } else visit(edge.path);
    }
  };
  visit(file);
  return packages;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The output chunk that holds a source file's code. */
function chunkOf(source: string): string {
  const found = Object.entries(outputs).find(
    ([path, output]) => path.endsWith('.js') && source in output.inputs,
  );
  if (!found) throw new Error(`no chunk holds ${source}`);
  return found[0];
}

describe('the CPU tasks thread bundle (decision 0467)', () => {
  it('loads no npm package before a task asks for its own', () => {
    expect([...staticPackages(out('cpu-worker.js'))]).toEqual([]);
  });

  it("loads, for an IDS read, none of the report writers', database's or HTTP server's packages", () => {
    const readIds = staticPackages(chunkOf('apps/server/src/modules/idsfiles/read-ids.ts'));
    for (const name of NOT_FOR_AN_IDS_READ) expect(readIds).not.toContain(name);
    // The PDF report's chunk does load pdfkit: the walk above sees static imports.
    expect(staticPackages(chunkOf('apps/server/src/modules/reports/comprehensive-pdf.ts'))).toContain(
      'pdfkit',
    );
  });

  it('bundles drizzle-orm instead of loading it from node_modules', () => {
    const imported = Object.values(outputs).flatMap((output) => output.imports.map((edge) => edge.path));
    expect(imported.filter((path) => packageName(path) === 'drizzle-orm')).toEqual([]);
    const analyse = chunkOf('apps/server/src/modules/processing/analyse.ts');
    expect(Object.keys(outputs).length).toBeGreaterThan(2);
    expect(analyse).not.toBe(out('cpu-worker.js'));
  });

  it('reads an IDS and analyses a model on threads started from the built entry', async () => {
    const ids = readFileSync(join(root, 'apps/server/src/modules/demo/demo.ids'));
    const reading = await runTask<{ kind: string; specifications: unknown[] }>('read-ids', {
      bytes: new Uint8Array(ids),
      fileName: 'demo.ids',
      lineageId: 'demo',
    });
    expect(reading.kind).toBe('valid');
    expect(reading.specifications.length).toBeGreaterThan(0);
    const model = new URL('../../shared/ifc-samples/SimpleWall.ifc', import.meta.url);
    if (!existsSync(model)) return console.warn('skipped the analysis: ../shared/ifc-samples is missing');
    const analysis = await runTask<{ kind: string; results: { specifications: unknown[] } }>('analyse', {
      versionId: '0c5a7d3e-2b1f-4c6d-8e9f-0a1b2c3d4e5f',
      bytes: new Uint8Array(readFileSync(model)),
      fileName: 'SimpleWall.ifc',
      ids: [
        {
          name: 'demo.ids',
          xml: ids,
          specificationIds: reading.specifications.map((_, i) => `s${i}`),
          lineageId: 'demo',
        },
      ],
      mode: 'full',
      history: { own: null },
    });
    expect(analysis.kind).toBe('done');
    expect(analysis.results.specifications).toHaveLength(reading.specifications.length);
  }, 120_000);
});

/** Runs one task as platform/worker-task.ts does: a thread of its own, no further input, no slices. */
function runTask<T>(task: string, input: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(pathToFileURL(join(outdir, 'cpu-worker.js')), {
      workerData: { task, input, maxIdsMb: 32 },
    });
    worker.on('message', (message: { feedWanted?: true; ok?: boolean; output?: T; message?: string }) => {
      if (message.feedWanted) return worker.postMessage({ feedDone: true });
      void worker.terminate();
      if (message.ok) resolve(message.output as T);
      else reject(new Error(message.message));
    });
    worker.once('error', reject);
  });
}
