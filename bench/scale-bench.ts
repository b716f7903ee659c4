/**
 * Scale-out benchmark (issue 34 point 5): npm run bench:scale -- [--workers 1,2,4] [--models 12]
 *   [--small] [--min-mb 10] [--max-mb 200] [--seed 1] [--kill-storm] [--kill-every 20]
 *   [--processing-only] [--json FILE]
 *
 * Starts the embedded PostgreSQL server once (or uses BENCH_DATABASE_URL), and per worker count a
 * fresh database, a fresh S3 stand-in (s3rver), one BUILT API server (WORKER_MODE=none) and N
 * built workers (apps/server/dist/worker.js, what `npm run worker` runs), all configured only through
 * the documented variables (docs/scaling.md). Uploads a corpus of generated models of mixed sizes
 * (bench/out/scale-corpus/, each its own seed so nothing is deduplicated), waits until every version
 * is processed and every job has settled, and prints one table row per worker count: models per hour,
 * queue wait (pg-boss's created_on → started_on), upload → results, peak RSS per worker process
 * (/proc/<pid>/status VmHWM). --kill-storm kills a random worker with SIGKILL every --kill-every
 * seconds while the corpus is processed, starts it again as a supervisor would, and at the end
 * judges (lib/exactly-once.ts) that every version completed exactly once; it exits 1 if not.
 * Figures, not a pass/fail test.
 */
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GENERATOR_VERSION } from '@plumbline/ifc-gen';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres';
import { freeLoopbackPort } from '../apps/server/src/platform/free-port';
import { startS3Standin } from '../apps/server/test/support/s3-standin';
import {
  type ExactlyOnceVerdict,
  type ExpectedRows,
  judgeExactlyOnce,
  readCorpusState,
} from './lib/exactly-once';
import {
  formOf,
  http,
  loggedJobs,
  percentile,
  postgresCpuSeconds,
  procMemory,
  startProcess,
  WorkerSlot,
  withDatabase,
} from './lib/scale-cluster';
import {
  type CorpusModel,
  corpusSizes,
  ensureCorpus,
  REFERENCE_PATH,
  readReference,
} from './lib/scale-corpus';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const OUT_DIR = join(here, 'out');
const RUN_DIR = join(OUT_DIR, 'scale-bench');
const IDS_PATH = join(here, 'bench.ids');

interface RunFigures {
  workers: number;
  models: number;
  corpusMb: number;
  kills: number;
  /** First upload started → last processing job completed. */
  processingSeconds: number;
  modelsPerHour: number;
  /** First upload started → every job of every queue settled (3D conversions included). */
  allJobsSeconds: number;
  queueWaitP50: number;
  queueWaitP95: number;
  /** Job created → version completed (results available), per version. */
  latencyP50: number;
  latencyP95: number;
  peakRssMb: number[];
  /** CPU seconds (user + system) of all worker processes, and per 100 MB of the corpus. */
  workerCpuSeconds: number;
  /** CPU seconds of the embedded PostgreSQL server during the run (NaN on an external one). */
  databaseCpuSeconds: number;
  apiPeakRssMb: number;
  otherFailedJobs: Record<string, number>;
  load: [number, number];
  verdict: ExactlyOnceVerdict;
  /** Versions whose row counts were compared with a run of the same model without kills. */
  comparedWithReference: number;
}

async function runCluster(
  workers: number,
  corpus: CorpusModel[],
  databaseUrl: string,
  options: {
    killStorm: boolean;
    killEverySeconds: number;
    specifications: number;
    databaseCpu: () => number;
    processingOnly: boolean;
  },
): Promise<RunFigures> {
  const databaseCpuBefore = options.databaseCpu();
  const label = `${workers}w${options.killStorm ? '-storm' : ''}`;
  const logDir = join(RUN_DIR, label);
  mkdirSync(logDir, { recursive: true });
  const standin = await startS3Standin('plumbline-scale');
  const port = await freeLoopbackPort();
  const common: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    ...standin.env('bench'),
    DATA_DIR: join(logDir, 'data'),
    SESSION_SECRET: 'scale-bench-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_SEED: 'false',
    NODE_NO_WARNINGS: '1',
  };
  const apiLog = createWriteStream(join(logDir, 'api.log'));
  const api = startProcess(
    root,
    'apps/server/dist/main.js',
    { ...common, WORKER_MODE: 'none', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info' },
    apiLog,
    'api',
  );
  const slots = Array.from(
    { length: workers },
    (_, i) =>
      new WorkerSlot(
        `worker ${i + 1}`,
        root,
        { ...common, LOG_LEVEL: 'debug' },
        join(logDir, `worker-${i + 1}.log`),
      ),
  );
  let apiPeak = 0;
  const sampler = setInterval(() => {
    for (const slot of slots) slot.sample();
    if (api.child.pid) apiPeak = Math.max(apiPeak, procMemory(api.child.pid));
  }, 500);
  let storm: NodeJS.Timeout | null = null;
  const killed = new Set<ReturnType<WorkerSlot['start']>>();
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    for (;;) {
      if (api.child.exitCode !== null)
        throw new Error(`the API server exited:\n${api.output().slice(-3000)}`);
      const ok = await fetch(`${baseUrl}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(500);
    }
    for (const slot of slots) slot.start();
    while (!slots.every((slot) => slot.current?.output().includes('Plumbline worker started'))) {
      for (const slot of slots)
        if (!slot.alive()) throw new Error(`${slot.name} exited:\n${slot.current?.output().slice(-3000)}`);
      await sleep(500);
    }
    await db.connect();

    const email = 'scale@example.com';
    const password = 'correct horse battery staple';
    await http(baseUrl, '/api/v1/auth/signup', {
      method: 'POST',
      json: { email, password, fullName: 'Scale' },
    });
    const { token } = await http<{ token: string }>(baseUrl, '/api/v1/auth/login', {
      method: 'POST',
      json: { email, password },
    });
    const projectId = (
      await http<{ project: { id: string } }>(baseUrl, '/api/v1/projects', {
        method: 'POST',
        token,
        json: { name: 'Scale' },
      })
    ).project.id;
    await http(baseUrl, `/api/v1/projects/${projectId}/idsfiles`, {
      method: 'POST',
      token,
      form: await formOf(IDS_PATH, 'bench.ids'),
    });

    let kills = 0;
    if (options.killStorm) {
      storm = setInterval(() => {
        const alive = slots.filter((slot) => slot.alive());
        const victim = alive[Math.floor(Math.random() * alive.length)];
        if (!victim) return;
        const incarnation = victim.current;
        if (incarnation) killed.add(incarnation);
        kills++;
        void victim.kill().then(() => {
          if (storm) victim.start(); // the supervisor starts it again at once
        });
      }, options.killEverySeconds * 1000);
    }

    const started = performance.now();
    const startedAt = Date.now();
    const versionIds: string[] = [];
    const reference = readReference();
    const expected = new Map<string, ExpectedRows>();
    const modelOf = new Map<string, CorpusModel>();
    for (const model of corpus) {
      const uploaded = await http<{ version: { id: string } }>(
        baseUrl,
        `/api/v1/projects/${projectId}/bimfiles`,
        {
          method: 'POST',
          token,
          form: await formOf(model.path, model.name),
        },
      );
      versionIds.push(uploaded.version.id);
      modelOf.set(uploaded.version.id, model);
      const known = reference[basename(model.path)];
      if (known?.generatorVersion === GENERATOR_VERSION) expected.set(uploaded.version.id, known);
    }
    console.log(
      `[${label}] ${corpus.length} models uploaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    // Processing is done when no processing job can run again; then every queue settles.
    const unsettled = async (processingOnly: boolean) =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from pgboss.job
              where state in ('created', 'retry', 'active') ${processingOnly ? `and name = 'bimfile.process'` : ''}`,
          )
        ).rows[0]?.n,
      );
    let lastReport = 0;
    while ((await unsettled(true)) > 0) {
      for (const slot of slots)
        if (!slot.alive() && !options.killStorm)
          throw new Error(`${slot.name} exited:\n${slot.current?.output().slice(-3000)}`);
      if (performance.now() - lastReport > 30_000) {
        lastReport = performance.now();
        const { rows } = await db.query<{ status: string; n: string }>(
          'select status, count(*) as n from file_versions where id = any($1) group by status',
          [versionIds],
        );
        console.log(
          `[${label}] ${((performance.now() - started) / 1000).toFixed(0)} s: ${rows.map((r) => `${r.n} ${r.status}`).join(', ')}; kills ${kills}`,
        );
      }
      await sleep(1000);
    }
    if (storm) clearInterval(storm);
    storm = null;
    // A worker killed last may still be restarting: let it start before the queues are judged.
    for (const slot of slots) if (!slot.alive()) slot.start();
    let allJobsSeconds = Number.NaN;
    if (!options.processingOnly) {
      while ((await unsettled(false)) > 0) await sleep(1000);
      allJobsSeconds = (performance.now() - started) / 1000;
    }

    const jobTimes = (
      await db.query<{ wait: number; retry: number; latency: number | null; processed: Date }>(
        `select extract(epoch from started_on - created_on)::float8 as wait, retry_count as retry,
                extract(epoch from completed_on - created_on)::float8 as latency, completed_on as processed
           from pgboss.job where name = 'bimfile.process' and data->>'fileVersionId' = any($1)`,
        [versionIds],
      )
    ).rows;
    // A retried job's started_on is its last start: its first wait is not in the table.
    const waits = jobTimes.filter((job) => job.retry === 0).map((job) => job.wait);
    const lastProcessed = Math.max(...jobTimes.map((job) => new Date(job.processed).getTime()));
    const processingSeconds = (lastProcessed - startedAt) / 1000;
    const otherFailed = (
      await db.query<{ name: string; n: string }>(
        `select name, count(*) as n from pgboss.job where state = 'failed' and name <> 'bimfile.process' group by name`,
      )
    ).rows;

    const state = await readCorpusState(db, versionIds);
    const verdict = judgeExactlyOnce({
      submitted: versionIds,
      ...state,
      logs: slots.flatMap((slot) =>
        slot.incarnations.map((incarnation) => ({
          killed: killed.has(incarnation),
          lines: loggedJobs(incarnation.output()),
        })),
      ),
      specifications: options.specifications,
      expected,
    });
    if (kills === 0 && verdict.lost.length === 0 && verdict.duplicated.length === 0) {
      // A clean run without kills: its counts are the reference for later kill storms.
      const updated = readReference();
      for (const version of state.versions) {
        const model = modelOf.get(version.versionId);
        if (model)
          updated[basename(model.path)] = {
            elements: version.elements,
            elementResults: version.elementResults,
            generatorVersion: GENERATOR_VERSION,
          };
      }
      await writeFile(REFERENCE_PATH, `${JSON.stringify(updated, null, 2)}\n`);
    }
    const compared = versionIds.filter((id) => expected.has(id)).length;
    const [load1, , load15] = loadavg();
    return {
      workers,
      models: corpus.length,
      corpusMb: corpus.reduce((sum, model) => sum + model.bytes, 0) / 1e6,
      kills,
      processingSeconds,
      modelsPerHour: (corpus.length / processingSeconds) * 3600,
      allJobsSeconds,
      queueWaitP50: percentile(waits, 50),
      queueWaitP95: percentile(waits, 95),
      latencyP50: percentile(
        jobTimes.map((job) => job.latency ?? Number.NaN),
        50,
      ),
      latencyP95: percentile(
        jobTimes.map((job) => job.latency ?? Number.NaN),
        95,
      ),
      peakRssMb: slots.map((slot) => slot.peakBytes / 2 ** 20),
      workerCpuSeconds: slots.reduce((sum, slot) => sum + slot.cpuSeconds, 0),
      databaseCpuSeconds: options.databaseCpu() - databaseCpuBefore,
      apiPeakRssMb: apiPeak / 2 ** 20,
      otherFailedJobs: Object.fromEntries(otherFailed.map((row) => [row.name, Number(row.n)])),
      load: [load1 ?? 0, load15 ?? 0],
      verdict,
      comparedWithReference: compared,
    };
  } finally {
    if (storm) clearInterval(storm);
    storm = null;
    clearInterval(sampler);
    await db.end().catch(() => {});
    await Promise.all(slots.map((slot) => slot.stop()));
    if (api.child.exitCode === null) {
      api.child.kill('SIGTERM');
      await api.exited;
    }
    apiLog.end();
    await standin.stop();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** How many versions or jobs the findings name (a finding reads `<id>: why`, several per id possible). */
function distinct(findings: string[]): number {
  return new Set(findings.map((finding) => finding.split(':')[0])).size;
}

function printTable(figures: RunFigures[], describe: string): void {
  const s = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} s` : '-');
  console.log(`\n## Scale-out benchmark (${describe})\n`);
  console.log(
    '| workers | kills | models | MB | processed in | models/h | queue wait p50 / p95 | upload → results p50 / p95 | peak RSS per worker | CPU per 100 MB: workers + database | all jobs done | load 1 / 15 min |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(
      `| ${f.workers} | ${f.kills} | ${f.models} | ${f.corpusMb.toFixed(0)} | ${s(f.processingSeconds)} | ${f.modelsPerHour.toFixed(0)} | ${s(f.queueWaitP50)} / ${s(f.queueWaitP95)} | ${s(f.latencyP50)} / ${s(f.latencyP95)} | ${f.peakRssMb.map((mb) => mb.toFixed(0)).join(', ')} MB | ${s((f.workerCpuSeconds / f.corpusMb) * 100)} + ${s((f.databaseCpuSeconds / f.corpusMb) * 100)} | ${s(f.allJobsSeconds)} | ${f.load[0].toFixed(1)} / ${f.load[1].toFixed(1)} |`,
    );
  }
  for (const f of figures) {
    const v = f.verdict;
    const others = Object.entries(f.otherFailedJobs);
    console.log(
      `\n${f.workers} worker(s)${f.kills ? `, ${f.kills} kills` : ''}: versions lost ${distinct(v.lost)}, duplicated ${distinct(v.duplicated)}; ` +
        `processing runs cut short by a kill ${v.killedRuns}, jobs retried ${v.retriedJobs}, versions rewritten by the retry after a kill ${v.rewrittenAfterKill}; ` +
        `row counts compared with a run without kills for ${f.comparedWithReference} of ${f.models} versions; ` +
        `API server peak RSS ${f.apiPeakRssMb.toFixed(0)} MB` +
        (others.length ? `; other jobs failed: ${others.map(([name, n]) => `${name} ${n}`).join(', ')}` : ''),
    );
    for (const line of [...v.lost.map((l) => `  LOST ${l}`), ...v.duplicated.map((d) => `  DUPLICATED ${d}`)])
      console.log(line);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      workers: { type: 'string' },
      models: { type: 'string', default: '12' },
      small: { type: 'boolean', default: false },
      'min-mb': { type: 'string' },
      'max-mb': { type: 'string' },
      seed: { type: 'string', default: '1' },
      'kill-storm': { type: 'boolean', default: false },
      'processing-only': { type: 'boolean', default: false },
      'kill-every': { type: 'string', default: '20' },
      json: { type: 'string' },
    },
  });
  const killStorm = values['kill-storm'] === true;
  const workerCounts = (values.workers ?? (killStorm ? '2' : '1,2,4')).split(',').map(Number);
  const minMb = Number(values['min-mb'] ?? (values.small ? 2 : 10));
  const maxMb = Number(values['max-mb'] ?? (values.small ? 20 : 200));
  const corpus = await ensureCorpus(corpusSizes(Number(values.models), minMb, maxMb), Number(values.seed));
  const specifications = (readFileSync(IDS_PATH, 'utf8').match(/<(?:ids:)?specification[\s>]/g) ?? []).length;
  for (const entry of ['apps/server/dist/main.js', 'apps/server/dist/worker.js'])
    if (!existsSync(join(root, entry))) throw new Error(`${entry} is missing: run \`npm run build\` first.`);

  mkdirSync(RUN_DIR, { recursive: true });
  let adminUrl = process.env.BENCH_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | null = null;
  let databaseCpu = () => Number.NaN;
  if (!adminUrl) {
    // The default installation's PostgreSQL server, shared by every process of the cluster. Run as
    // root, the server's own account must reach the cluster's directory (as test/support/global-setup.ts).
    const dir = mkdtempSync(join(tmpdir(), 'plumbline-scale-pg-'));
    chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres(join(dir, 'postgres'));
    adminUrl = embedded.url;
    databaseCpu = () => postgresCpuSeconds(dir);
    stopEmbedded = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const figures: RunFigures[] = [];
  try {
    for (const workers of workerCounts) {
      console.log(`\n[${workers} worker(s)${killStorm ? ', kill storm' : ''}] starting`);
      figures.push(
        await withDatabase(adminUrl, `${workers}w`, (url) =>
          runCluster(workers, corpus, url, {
            killStorm,
            killEverySeconds: Number(values['kill-every']),
            specifications,
            databaseCpu,
            processingOnly: values['processing-only'] === true,
          }),
        ),
      );
    }
  } finally {
    await stopEmbedded?.();
  }
  printTable(
    figures,
    `${corpus.length} models of ${minMb}–${maxMb} MB, ${process.env.BENCH_DATABASE_URL ? 'external' : 'embedded'} PostgreSQL, s3rver${killStorm ? `, a worker killed every ${values['kill-every']} s` : ''}`,
  );
  if (values.json) await writeFile(values.json, `${JSON.stringify(figures, null, 2)}\n`);
  const failed = figures.some((f) => f.verdict.lost.length > 0 || f.verdict.duplicated.length > 0);
  if (failed) {
    console.log('\nNOT exactly once: see the LOST / DUPLICATED lines above.');
    process.exit(1);
  }
  console.log('\nEvery submitted version completed exactly once: zero lost, zero duplicated.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
