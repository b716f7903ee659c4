/**
 * Finding history benchmark (issue 30): npm run bench:history -- [--size 200] [--seed 1] [--port 3795]
 *
 * Generates (or reuses) bench/out/model-<N>mb-seed<S>.ifc and its second version (lib/derive-version.ts:
 * known edits, 10 % of GlobalIds regenerated), starts the BUILT server (run `npm run build` first)
 * with its own data directory and uploads bench.ids; then, each in a server process of its own on the
 * same data: v1 of a file, the control (v2's model as the first version of another file: the same
 * model processed alone) and v2 of the first file (processed and compared with v1). Reads each
 * processing job's step timings from the server's log. Prints what the comparison with the previous
 * version cost in v2's processing (reading v1's rows, the comparison on the analysis thread, writing
 * the history rows) and the identity signatures in the extraction (lib/signature-cost.ts, the walk
 * before and with them), against v2's processing time, and the server's peak RSS in each phase.
 * Target: the history at most 10 % of processing, its peak within the control's + 5 %. Figures, not a test.
 */
import { execFile } from 'node:child_process';
import { existsSync, openAsBlob, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { generateIfc } from '@plumbline/ifc-gen';
import { startBuiltServer } from './lib/api-server';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const OUT = join(here, 'out');
const run = promisify(execFile);

async function child<T>(script: string, args: string[]): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    ['--max-old-space-size=8192', '--import', 'tsx', join(here, script), ...args],
    { maxBuffer: 64 << 20, env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as T;
}

async function api<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

async function uploadFile(base: string, token: string, path: string, file: string, name: string) {
  const form = new FormData();
  form.append('file', await openAsBlob(file), name);
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { bim_file: { id: string }; version: { id: string } };
}

interface JobLine {
  fileVersionId: string;
  mode: string;
  timings: Record<string, number>;
}

/** The 'file version processed' lines of the server's log, by version. */
function processedLines(logFile: string): Map<string, JobLine> {
  const out = new Map<string, JobLine>();
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('file version processed')) continue;
    const parsed = JSON.parse(line) as JobLine;
    out.set(parsed.fileVersionId, parsed);
  }
  return out;
}

/**
 * A job's processing time until the version reads completed: its top-level steps (the write's
 * sub-steps are inside `write`). Two run beside others and are left out, or the sum would exceed
 * the job's wall time (a 200 MB v1 at load 45: 566 s of steps, 359 s from upload to completed):
 * readHistory beside the analysis (the thread's wait for it is a step of its own) and explorerFile
 * beside the write (the version is completed when the write commits; the file may finish later).
 */
function processingMs(t: Record<string, number>): number {
  return Object.entries(t)
    .filter(([name]) => !name.startsWith('write: ') && name !== 'readHistory' && name !== 'explorerFile')
    .reduce((sum, [, ms]) => sum + ms, 0);
}

/** Waits until the version's 3D fragments answer something other than 409 (being converted). */
async function fragmentsDone(
  base: string,
  token: string,
  projectId: string,
  fileId: string,
  versionId: string,
) {
  const url = `${base}/api/v1/projects/${projectId}/bimfiles/${fileId}/versions/${versionId}/fragments`;
  for (;;) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
    await response?.arrayBuffer().catch(() => undefined);
    if (response && response.status !== 409) return;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
      port: { type: 'string', default: '3795' },
    },
  });
  const size = Number(values.size);
  const v1 = join(OUT, `model-${size}mb-seed${values.seed}.ifc`);
  const v2 = join(OUT, `model-${size}mb-seed${values.seed}-v2.ifc`);
  await mkdir(OUT, { recursive: true });
  if (!existsSync(v1))
    await generateIfc({ targetBytes: size * 1_000_000, seed: Number(values.seed), out: v1 });
  if (!existsSync(v2)) console.log('deriving v2:', await child('lib/derive-version.ts', [v1, v2]));
  const signatures = await child<{ plainMs: number; signedMs: number }>('lib/signature-cost.ts', [v1]);

  const dataDir = join(OUT, 'history-bench-data');
  const logFile = join(OUT, 'history-bench.log');
  const email = `history.${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  let projectId = '';
  let fileId = '';
  /**
   * One upload in a server process of its own on the same data directory: the RSS a process once
   * reached is not given back and the previous version's 3D conversion runs after it, so a phase in
   * the process of the one before would measure that one too. Starts the built server, uploads `path`
   * as `name` (the bench file's next version, or a file of its own), waits until the version
   * completed and its 3D conversion finished (a restart would resume it inside the next phase), and
   * stops the server.
   */
  async function phase(label: string, path: string, name: string, fresh: boolean, last = false) {
    const server = await startBuiltServer({
      root,
      port: Number(values.port),
      dataDir,
      logFile,
      env: { DEMO_SEED: 'false', LOG_LEVEL: 'info' },
      keepData: !fresh,
    });
    // The server's peak RSS while the version processes (sampled from /proc, as lib/api-server.ts).
    const rss = () => {
      const status = server.child.pid ? readFileSync(`/proc/${server.child.pid}/status`, 'utf8') : '';
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    };
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss());
    }, 250);
    try {
      const base = server.baseUrl;
      if (fresh)
        await api(base, '', 'POST', '/api/v1/auth/signup', { email, password, fullName: 'History Bench' });
      const { token } = await api<{ token: string }>(base, '', 'POST', '/api/v1/auth/login', {
        email,
        password,
      });
      if (fresh) {
        projectId = (
          await api<{ project: { id: string } }>(base, token, 'POST', '/api/v1/projects', { name: 'History' })
        ).project.id;
        await uploadFile(
          base,
          token,
          `/api/v1/projects/${projectId}/idsfiles`,
          join(here, 'bench.ids'),
          'bench.ids',
        );
      }
      const idle = rss();
      peak = 0;
      const started = performance.now();
      const uploaded = await uploadFile(base, token, `/api/v1/projects/${projectId}/bimfiles`, path, name);
      if (name === 'model.ifc') fileId = uploaded.bim_file.id;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const status = await api<{ status: string; version_id: string }>(
          base,
          token,
          'GET',
          `/api/v1/projects/${projectId}/bimfiles/${uploaded.bim_file.id}/status`,
        );
        if (status.status === 'failed') throw new Error(`${label} failed; see ${logFile}`);
        if (status.status === 'completed' && status.version_id === uploaded.version.id) break;
      }
      const figure = {
        version: label,
        versionId: uploaded.version.id,
        seconds: (performance.now() - started) / 1000,
        peakRssMb: peak / 2 ** 20,
        idleRssMb: idle / 2 ** 20,
      };
      console.log(`${label}: upload → completed ${figure.seconds.toFixed(1)} s`);
      // After the last phase nothing is measured: the server stops without waiting for it.
      if (!last) await fragmentsDone(base, token, projectId, uploaded.bim_file.id, uploaded.version.id);
      return figure;
    } finally {
      clearInterval(sampler);
      await server.stop();
    }
  }

  {
    // v1 and v2 of one file; the control is v2's model as the first version of another file (the same
    // model processed alone, no previous version to compare), in the same state as v2: after v1.
    const figures = [
      await phase('v1', v1, 'model.ifc', true),
      await phase('control (v2 model, first version)', v2, 'control.ifc', false),
      await phase('v2 (with history)', v2, 'model.ifc', false, true),
    ];
    const ids = figures.map((f) => f.versionId);
    if (!fileId) throw new Error('no bench file');
    const jobs = processedLines(logFile);
    const [first, control, second] = ids.map((id) => jobs.get(id)?.timings ?? {});
    if (!first || !control || !second) throw new Error('no job timings in the log');
    const history = {
      // Read while the thread parses and checks: only what the thread then waited for counts.
      'wait for v1 rows (COPY, read alongside)': second['wait for previous'] ?? 0,
      'compare (analysis thread)': second.history ?? 0,
      'write history rows': (second['write: history'] ?? 0) + (second['write: specification keys'] ?? 0),
      'signatures in the extraction': Math.max(0, signatures.signedMs - signatures.plainMs),
    };
    const total = Object.values(history).reduce((a, b) => a + b, 0);
    const processing = processingMs(second);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`\n## Finding history, ${size} MB model pair (load average ${load})`);
    console.log('| step | ms |');
    console.log('|---|---|');
    for (const [name, ms] of Object.entries(history)) console.log(`| ${name} | ${ms} |`);
    console.log(`| **history in all** | **${total}** |`);
    console.log(
      `\nv1 processing (job steps) ${processingMs(first)} ms; v2 ${processing} ms, of which history ${total} ms = ${((100 * total) / processing).toFixed(1)} % (target ≤ 10 %)`,
    );
    console.log(`v1 rows read (COPY) ${second.readHistory ?? 0} ms after the analysis started, beside it`);
    console.log(
      `extraction walk before the signatures ${signatures.plainMs} ms, with them ${signatures.signedMs} ms`,
    );
    console.log(
      `control (v2's model, first version of another file) processing ${processingMs(control)} ms; v2 − control ${processing - processingMs(control)} ms`,
    );
    for (const f of figures)
      console.log(
        `${f.version}: upload → completed ${f.seconds.toFixed(1)} s; server RSS idle ${f.idleRssMb.toFixed(0)} MB, peak while it processed ${f.peakRssMb.toFixed(0)} MB`,
      );
    // The processing memory bound: what processing the same model costs without a comparison. The
    // control processes v2's model alone in a fresh process; v2 the same model plus the comparison.
    const [one, alone, two] = figures;
    if (one && alone && two)
      console.log(
        `memory: v2 (with history) ${two.peakRssMb.toFixed(0)} MB against the control (v2's model alone) ${alone.peakRssMb.toFixed(0)} MB = ${((100 * two.peakRssMb) / alone.peakRssMb).toFixed(0)} %, against v1 ${one.peakRssMb.toFixed(0)} MB = ${((100 * two.peakRssMb) / one.peakRssMb).toFixed(0)} %; ${two.peakRssMb <= alone.peakRssMb * 1.05 ? 'within' : 'ABOVE'} the processing bound (control + 5 %)`,
      );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
