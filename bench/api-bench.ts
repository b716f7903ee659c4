/**
 * API benchmark: npm run bench:api -- [--size 200] [--seed 1] [--port 3791] [--connections 50]
 *   [--requests 1000] [--seconds 15] [--backends embedded,postgres] [--json FILE] [--demo-seed]
 *   [--bytes-only] [--routes TEXT,…] [--entry FILE] [--no-engine]
 * (--demo-seed: seed the Demo Office at start as a fresh installation does; its jobs then run
 * before and beside the model's. --bytes-only: the version's bytes per table and index, no routes
 * and no engine run; bytes do not depend on the machine's load. --routes: only the routes whose name
 * holds one of the texts (e.g. --routes "new"). --entry: another build's main.js to measure, e.g. the
 * tree before a change. BENCH_LOG_LEVEL=info: the server
 * log keeps the step timings.)
 *
 * Generates (or reuses) bench/out/model-<N>mb-seed<S>.ifc, starts the BUILT server
 * (apps/server/dist/main.js; run `npm run build` first) with its own data directory and port on
 * the default installation's embedded PostgreSQL, and on an external PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database is created and dropped). Signs up, creates a project, uploads bench.ids and the model, waits for
 * processing, then measures p50/p95 of the read routes at 50 concurrent connections. Separately
 * runs the engine alone (readIfcFile + checkModel) on the same file. Prints a table; the target is
 * p95 < 100 ms per route. Figures, not a pass/fail test.
 */
import { execFile } from 'node:child_process';
import { existsSync, openAsBlob } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { GENERATOR_VERSION, type GenerateSummary, generateIfc } from '@plumbline/ifc-gen';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../apps/server/src/platform/embedded-postgres';
import type { ChildResult } from './bench-child';
import { type RunningServer, startBuiltServer } from './lib/api-server';
import { type LoadResult, load } from './lib/http-load';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const OUT_DIR = join(here, 'out');
const IDS_PATH = join(here, 'bench.ids');

async function ensureModel(sizeMb: number, seed: number): Promise<string> {
  const path = join(OUT_DIR, `model-${sizeMb}mb-seed${seed}.ifc`);
  const summaryPath = `${path}.json`;
  if (existsSync(path) && existsSync(summaryPath)) {
    const cached = JSON.parse(await readFile(summaryPath, 'utf8')) as GenerateSummary;
    if (cached.generatorVersion === GENERATOR_VERSION) return path;
  }
  await mkdir(OUT_DIR, { recursive: true });
  process.stdout.write(`generating ${path} … `);
  const summary = await generateIfc({ targetBytes: sizeMb * 1_000_000, seed, out: path });
  await writeFile(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`${(summary.bytes / 1e6).toFixed(1)} MB in ${summary.seconds.toFixed(1)} s`);
  return path;
}

/** The engine alone on the same file, in a fresh process (bench-child.ts, as `npm run bench`). */
async function engineTime(modelPath: string): Promise<ChildResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(here, 'bench-child.ts'), 'plumbline', modelPath, IDS_PATH],
    { maxBuffer: 64 << 20, env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as ChildResult;
}

class Api {
  constructor(
    readonly baseUrl: string,
    public token = '',
  ) {}
  headers(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...this.headers(), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }
  async upload<T>(path: string, filePath: string, name: string): Promise<T> {
    const form = new FormData();
    form.append('file', await openAsBlob(filePath), name);
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: this.headers(),
      body: form,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }
}

interface BackendFigures {
  backend: string;
  uploadSeconds: number;
  uploadToCompletedSeconds: number;
  slowestPollSeconds: number;
  followUpSeconds: number;
  elements: number;
  metadataRows: number;
  serverPeakRssMb: number;
  storage: VersionBytes | null;
  routes: Array<{ name: string; path: string; result: LoadResult | null; serialP50?: number }>;
}

async function runBackend(
  backend: string,
  modelPath: string,
  options: {
    port: number;
    connections: number;
    requests: number;
    seconds: number;
    databaseUrl?: string;
    demoSeed: boolean;
    bytesOnly: boolean;
    routes?: string[];
    entry?: string;
  },
): Promise<BackendFigures> {
  const dataDir = join(OUT_DIR, `api-bench-${backend}-data`);
  console.log(`\n[${backend}] starting the built server on port ${options.port} (data: ${dataDir})`);
  const server: RunningServer = await startBuiltServer({
    root,
    ...(options.entry ? { entry: options.entry } : {}),
    port: options.port,
    dataDir,
    logFile: join(OUT_DIR, `api-bench-${backend}.log`),
    // Without --demo-seed the Demo Office is not seeded, so the model's job does not queue behind the
    // demo's three versions, their 3D conversions and reports (the figure is the pipeline's own).
    env: { DEMO_SEED: options.demoSeed ? 'true' : 'false' },
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  });
  try {
    const api = new Api(server.baseUrl);
    const email = `bench.${Date.now()}@example.com`;
    // The installation's first account is verified at once; sign-up does not sign in (decision 0158).
    const password = 'correct horse battery staple';
    await api.json('POST', '/api/v1/auth/signup', { email, password, fullName: 'Bench User' });
    api.token = (await api.json<{ token: string }>('POST', '/api/v1/auth/login', { email, password })).token;
    const projectId = (
      await api.json<{ project: { id: string } }>('POST', '/api/v1/projects', { name: 'Bench' })
    ).project.id;
    await api.upload(`/api/v1/projects/${projectId}/idsfiles`, IDS_PATH, 'bench.ids');
    const uploadStarted = performance.now();
    const uploaded = await api.upload<{ bim_file: { id: string } }>(
      `/api/v1/projects/${projectId}/bimfiles`,
      modelPath,
      'bench-model.ifc',
    );
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const fileId = uploaded.bim_file.id;
    console.log(`[${backend}] uploaded in ${uploadSeconds.toFixed(1)} s; waiting for processing …`);
    let status: { status: string; error?: string | null } = { status: 'pending' };
    // The slowest status poll while processing runs (a poll that times out is asked again).
    let slowestPollMs = 0;
    while (status.status !== 'completed' && status.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const asked = performance.now();
      try {
        status = await api.json('GET', `/api/v1/projects/${projectId}/bimfiles/${fileId}/status`);
      } catch (error) {
        console.log(
          `[${backend}] status poll failed after ${((performance.now() - asked) / 1000).toFixed(0)} s: ${(error as Error).message}`,
        );
      }
      slowestPollMs = Math.max(slowestPollMs, performance.now() - asked);
    }
    const uploadToCompletedSeconds = (performance.now() - uploadStarted) / 1000;
    if (status.status === 'failed') throw new Error(`processing failed: ${status.error}`);
    console.log(
      `[${backend}] completed ${uploadToCompletedSeconds.toFixed(1)} s after the upload started; slowest status poll ${(slowestPollMs / 1000).toFixed(1)} s`,
    );

    const quietSeconds = options.bytesOnly
      ? 0
      : await waitForFollowUpJobs(server.baseUrl, api, projectId, fileId, backend);
    const files = await api.json<{ bim_files: Array<{ id: string; elements_count: number }> }>(
      'GET',
      `/api/v1/projects/${projectId}/bimfiles`,
    );
    const meta = `/api/v1/projects/${projectId}/bimfiles/${fileId}/metadata`;
    const facets = await api.json<{
      total_rows: number;
      sections: Array<{ key: string; options: Array<{ key: string }> }>;
    }>('GET', `${meta}/facets`);
    const option = (key: string, at = 0) =>
      encodeURIComponent(facets.sections.find((s) => s.key === key)?.options[at]?.key ?? '');
    const routes: Array<[string, string]> = [
      ['project read', `/api/v1/projects/${projectId}`],
      ['files list', `/api/v1/projects/${projectId}/bimfiles`],
      ['overview', `/api/v1/projects/${projectId}/overview`],
      ['specifications', `/api/v1/projects/${projectId}/ids/specifications`],
      ['file compliance', `/api/v1/projects/${projectId}/bimfiles/${fileId}/compliance`],
      ['metadata facets', `${meta}/facets`],
      ['metadata page 1', meta],
      ['metadata page 50', `${meta}?page=50`],
      ['metadata search', `${meta}?search=${option('attribute', 3)}`],
      ['metadata search (rare)', `${meta}?search=zzqx`],
      // A frequent term (issue 34): every fire rating matches, so counting every match is what costs.
      ['metadata search "Fire"', `${meta}?search=Fire`],
      ['metadata filter category', `${meta}?category=${option('category')}`],
      [
        'metadata filter set+attr',
        `${meta}?property_set=${option('property_set', 1)}&attribute=${option('attribute', 2)}`,
      ],
      ['metadata sort value desc', `${meta}?sort=value&order=desc`],
      ['metadata sort category', `${meta}?sort=category&order=asc&page=3`],
      [
        'metadata search+filter+sort',
        `${meta}?search=${option('level', 0).slice(0, 4) || 'a'}&category=${option('category')}&sort=attribute&order=desc`,
      ],
      // Never asked before ({n}: the request's number), so no kept answer serves them: what a reader
      // paging on, or typing a new term, waits for.
      ['metadata page, a new one each time', `${meta}?page={n}`],
      ['metadata sort value, a new page each time', `${meta}?sort=value&order=desc&page={n}`],
      ['metadata search, a new term each time', `${meta}?search=q{n}`],
    ];
    const storage = await versionBytes(
      options.databaseUrl ?? embeddedDatabaseUrl(join(dataDir, 'postgres')),
      dataDir,
      projectId,
      await latestVersionId(api, projectId, fileId),
    ).catch((error: unknown) => {
      console.log(`[${backend}] bytes per version not measured: ${(error as Error).message}`);
      return null;
    });
    if (storage) console.log(`[${backend}] bytes per version: ${JSON.stringify(storage)}`);
    const measured: BackendFigures['routes'] = [];
    const picked = routes.filter(
      ([name]) => !options.routes || options.routes.some((text) => name.includes(text)),
    );
    for (const [name, path] of options.bytesOnly ? [] : picked) {
      const probe = await fetch(`${server.baseUrl}${path.replaceAll('{n}', '1')}`, {
        headers: api.headers(),
      });
      await probe.arrayBuffer();
      if (probe.status === 404 && (await routeMissing(server.baseUrl, path, api))) {
        measured.push({ name, path, result: null });
        console.log(`[${backend}] ${name}: route not present, skipped`);
        continue;
      }
      // One connection first: what a request costs alone, without queueing behind 49 others.
      const serial = await load({
        url: `${server.baseUrl}${path}`,
        headers: api.headers(),
        connections: 1,
        requests: 30,
        maxSeconds: options.seconds,
      });
      const result = await load({
        url: `${server.baseUrl}${path}`,
        headers: api.headers(),
        // After the serial run's numbers, so a route that asks something new each time still does.
        numberFrom: 1000,
        connections: options.connections,
        requests: options.requests,
        maxSeconds: options.seconds,
      });
      measured.push({ name, path, result, serialP50: serial.p50 });
      console.log(
        `[${backend}] ${name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s${
          Object.keys(result.statuses).length ? ` statuses ${JSON.stringify(result.statuses)}` : ''
        }`,
      );
    }
    return {
      backend,
      uploadSeconds,
      uploadToCompletedSeconds,
      slowestPollSeconds: slowestPollMs / 1000,
      followUpSeconds: quietSeconds,
      elements: files.bim_files[0]?.elements_count ?? 0,
      metadataRows: facets.total_rows,
      serverPeakRssMb: server.peakRssBytes() / 2 ** 20,
      storage,
      routes: measured,
    };
  } finally {
    await server.stop();
  }
}

/**
 * Processing queues follow-up jobs in the same server (the 3D fragments conversion); measuring while
 * they run measures them too. Waits until the version's fragments answer something other than 409
 * 'being converted' (at most 4 minutes) and returns the seconds waited.
 */
async function waitForFollowUpJobs(
  baseUrl: string,
  api: Api,
  projectId: string,
  fileId: string,
  backend: string,
): Promise<number> {
  const started = performance.now();
  const versions = await api.json<{ versions: Array<{ id: string }> }>(
    'GET',
    `/api/v1/projects/${projectId}/bimfiles/${fileId}/versions`,
  );
  const url = `${baseUrl}/api/v1/projects/${projectId}/bimfiles/${fileId}/versions/${versions.versions[0]?.id}/fragments`;
  for (;;) {
    const response = await fetch(url, { headers: api.headers() }).catch(() => null);
    await response?.arrayBuffer().catch(() => undefined);
    const waited = (performance.now() - started) / 1000;
    if (response && response.status !== 409) {
      console.log(
        `[${backend}] follow-up jobs done after ${waited.toFixed(0)} s (fragments: ${response.status})`,
      );
      return waited;
    }
    if (waited > 240) {
      console.log(`[${backend}] fragments still converting after 4 min; measuring anyway`);
      return waited;
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

async function latestVersionId(api: Api, projectId: string, fileId: string): Promise<string> {
  const versions = await api.json<{ versions: Array<{ id: string }> }>(
    'GET',
    `/api/v1/projects/${projectId}/bimfiles/${fileId}/versions`,
  );
  const id = versions.versions[0]?.id;
  if (!id) throw new Error('no version');
  return id;
}

/** What one processed version keeps, in bytes: its partitions (with indexes and TOAST) and its files. */
interface VersionBytes {
  /** pg_total_relation_size of the version's partition of each per-version table that has one. */
  partitions: Record<string, number>;
  /** pg_indexes_size of the same partitions (part of `partitions`). */
  indexes: Record<string, number>;
  /** pg_relation_size of each of those indexes, by the parent's index name (`table.index`). */
  eachIndex: Record<string, number>;
  /** The version's own files beside the model (explorer rows, fragments), by suffix; the IFC apart. */
  files: Record<string, number>;
  /** The partitions + the explorer file: what the version's rows cost (the IFC, stored once per hash, and the viewer's fragments alike before and after issue 34, left out). */
  total: number;
}

async function versionBytes(
  databaseUrl: string | null,
  dataDir: string,
  projectId: string,
  versionId: string,
): Promise<VersionBytes> {
  if (!databaseUrl) throw new Error('no database address');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const partitions: Record<string, number> = {};
  const indexes: Record<string, number> = {};
  const eachIndex: Record<string, number> = {};
  try {
    for (const table of ['elements', 'element_properties', 'element_results']) {
      const { rows } = await client.query<{ bytes: string | null; indexes: string | null }>(
        `select pg_total_relation_size(p) as bytes, pg_indexes_size(p) as indexes
         from (select to_regclass(plumbline_version_partition($1, $2::uuid)) as p) t`,
        [table, versionId],
      );
      partitions[table] = Number(rows[0]?.bytes ?? 0);
      indexes[table] = Number(rows[0]?.indexes ?? 0);
      // A partition's index attached to a parent index is named after the parent's (pg_inherits).
      const each = await client.query<{ name: string; bytes: string }>(
        `select coalesce(parent.relname, i.relname) as name, pg_relation_size(i.oid) as bytes
         from pg_index x join pg_class i on i.oid = x.indexrelid
           left join pg_inherits h on h.inhrelid = i.oid left join pg_class parent on parent.oid = h.inhparent
         where x.indrelid = to_regclass(plumbline_version_partition($1, $2::uuid))`,
        [table, versionId],
      );
      for (const row of each.rows) eachIndex[`${table}.${row.name}`] = Number(row.bytes);
    }
  } finally {
    await client.end();
  }
  const files: Record<string, number> = {};
  for (const suffix of ['rows.parquet', 'frag']) {
    const path = join(dataDir, 'files', 'projects', projectId, 'bimfiles', `${versionId}.${suffix}`);
    files[suffix] = await stat(path).then(
      (s) => s.size,
      () => 0,
    );
  }
  const total = Object.values(partitions).reduce((a, b) => a + b, 0) + (files['rows.parquet'] ?? 0);
  return { partitions, indexes, eachIndex, files, total };
}

/** A 404 from the router itself (no such route) rather than from a route (no such row). */
async function routeMissing(baseUrl: string, path: string, api: Api): Promise<boolean> {
  const response = await fetch(`${baseUrl}${path}`, { headers: api.headers() });
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  return (
    response.status === 404 &&
    /route|not found$/i.test(body.error?.message ?? '') &&
    body.error?.code === 'not_found'
  );
}

async function withPostgresDatabase<T>(adminUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `plumbline_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

function printTable(figures: BackendFigures[], engine: ChildResult | null): void {
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
  console.log('\n## API benchmark');
  if (engine) {
    console.log(
      `engine alone (readIfcFile + checkModel): ${(engine.wallMs / 1000).toFixed(1)} s, peak RSS ${(engine.maxRssBytes / 2 ** 20).toFixed(0)} MB`,
    );
  }
  for (const f of figures) {
    console.log(
      `\n### ${f.backend}: upload ${f.uploadSeconds.toFixed(1)} s, upload→completed ${f.uploadToCompletedSeconds.toFixed(1)} s, ` +
        `${f.elements} elements, ${f.metadataRows} metadata rows, server peak RSS ${f.serverPeakRssMb.toFixed(0)} MB`,
    );
    if (f.storage) {
      const mb = (bytes: number | undefined) => ((bytes ?? 0) / 1e6).toFixed(1);
      const p = f.storage.partitions;
      const i = f.storage.indexes;
      console.log(
        `bytes per version: ${mb(f.storage.total)} MB (partitions, of which indexes: elements ${mb(p.elements)} / ${mb(i.elements)}, ` +
          `element_properties ${mb(p.element_properties)} / ${mb(i.element_properties)}, element_results ${mb(p.element_results)} / ${mb(i.element_results)} MB; ` +
          `explorer file ${mb(f.storage.files['rows.parquet'])} MB; fragments ${mb(f.storage.files.frag)} MB apart)`,
      );
      for (const [name, bytes] of Object.entries(f.storage.eachIndex))
        console.log(`  ${name}: ${mb(bytes)} MB`);
      console.log('');
    }
    console.log('| route | alone p50 ms | p50 ms | p95 ms | p99 ms | req/s | p95 < 100 ms |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of f.routes) {
      if (!r.result) {
        console.log(`| ${r.name} | - | - | - | - | - | not present |`);
        continue;
      }
      const bad = r.result.errors > 0 || Object.keys(r.result.statuses).length > 0 ? ' (errors)' : '';
      console.log(
        `| ${r.name} | ${ms(r.serialP50 ?? Number.NaN)} | ${ms(r.result.p50)} | ${ms(r.result.p95)} | ${ms(r.result.p99)} | ${r.result.rps.toFixed(0)} | ${
          r.result.p95 < 100 ? 'yes' : 'NO'
        }${bad} |`,
      );
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
      port: { type: 'string', default: '3791' },
      connections: { type: 'string', default: '50' },
      requests: { type: 'string', default: '1000' },
      seconds: { type: 'string', default: '15' },
      backends: { type: 'string', default: 'embedded,postgres' },
      'no-engine': { type: 'boolean', default: false },
      'demo-seed': { type: 'boolean', default: false },
      'bytes-only': { type: 'boolean', default: false },
      json: { type: 'string' },
      routes: { type: 'string' },
      entry: { type: 'string' },
    },
  });
  const modelPath = await ensureModel(Number(values.size), Number(values.seed));
  const load = {
    port: Number(values.port),
    connections: Number(values.connections),
    requests: Number(values.requests),
    seconds: Number(values.seconds),
    demoSeed: values['demo-seed'] === true,
    bytesOnly: values['bytes-only'] === true,
    ...(values.routes ? { routes: values.routes.split(',') } : {}),
    ...(values.entry ? { entry: values.entry } : {}),
  };
  const wanted = new Set((values.backends ?? '').split(','));
  const figures: BackendFigures[] = [];
  if (wanted.has('embedded')) figures.push(await runBackend('embedded', modelPath, load));
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (wanted.has('postgres')) {
    if (pgUrl) {
      figures.push(
        await withPostgresDatabase(pgUrl, (databaseUrl) =>
          runBackend('postgres', modelPath, { ...load, port: load.port + 1, databaseUrl }),
        ),
      );
    } else console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.');
  }
  const engine = values['no-engine'] || load.bytesOnly ? null : await engineTime(modelPath);
  printTable(figures, engine);
  if (values.json) await writeFile(values.json, `${JSON.stringify({ engine, figures }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
