import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateIfc } from '@plumbline/ifc-gen';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { analyseRows } from '../src/modules/processing/analyse';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { call, type Session, signUp, startTestServer, type TestServer } from './support/server';

// Issue 15 point 5: processing killed with SIGKILL at random points (while the model is parsed and
// checked, while its rows are copied in, around the commit) ten times, each time started again.
// After every kill each version holds either nothing of a run or all of it, never a part; at the end
// every version is completed once, with the row counts the engine gives for the same file.
// Small models here (npm test); `npm run attack:kill` runs the same test on a 50 MB model.
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const demoIds = readFileSync(new URL('../src/modules/demo/demo.ids', import.meta.url));
const MODEL_MB = Number(process.env.KILL_TEST_MB ?? '0.8');
// One model: each of the eleven child processes starts the server's code afresh, which costs more
// than the model's processing; the kill points are spread over that one model's work.
const MODELS = 1;
const KILLS = 10;

interface Counts {
  elements: number;
  properties: number;
  results: number;
  passed: number;
}

/** One run of the child: its output lines as they come, and a way to kill it. */
interface ChildRun {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the signal that ended it (null: it exited by itself). */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  onLine(listener: (line: string) => void): void;
}

function startChild(env: Record<string, string>): ChildRun {
  // support/process-versions.ts as the run bundled it (support/thread-bundle.ts): each of the twelve
  // children starts on one file instead of loading the server's source through tsx.
  const child = spawn(process.execPath, [join(inject('testThreadsDir'), 'process-versions.js')], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  const lines: string[] = [];
  const listeners: Array<(line: string) => void> = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    partial += chunk.toString();
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      lines.push(line);
      for (const listener of listeners) listener(line);
    }
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += chunk));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal === null) lines.push(`stderr: ${errors.slice(-2000)}`);
      resolve({ code, signal });
    }),
  );
  return { child, lines, ended, onLine: (listener) => listeners.push(listener) };
}

for (const backend of testBackends()) {
  describe(`processing killed at random points (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    const workDir = mkdtempSync(join(tmpdir(), 'plumbline-random-kill-'));
    const versions: Array<{ name: string; versionId: string; expected: Counts }> = [];

    beforeAll(async () => {
      // No in-process worker: the child processes are the only ones working on the versions. (The
      // test server connects to its own database; DATABASE_URL only satisfies WORKER_MODE=none's rule.)
      server = await startTestServer(backend, {
        WORKER_MODE: 'none',
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
        DATA_DIR: join(workDir, 'data'),
      });
      owner = await signUp(server, 'Kill Tester');
      const projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Kill' })).json()
        .project.id as string;
      const ids = await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'demo.ids', demoIds);
      expect(ids.statusCode).toBe(201);
      const specificationCount = (
        (await server.database.db.execute(
          sql`select count(*)::int as n from ids_specifications s join ids_files f on f.id = s.ids_file_id
              where f.project_id = ${projectId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n as number;
      for (let seed = 1; seed <= MODELS; seed++) {
        const out = join(workDir, `model-${seed}.ifc`);
        await generateIfc({ targetBytes: MODEL_MB * 1_000_000, seed: seed + 40, out });
        const bytes = readFileSync(out);
        const name = `Block ${seed}.ifc`;
        // The engine's own reading of the same file, with the same IDS.
        const output = analyseRows({
          bytes: new Uint8Array(bytes),
          fileName: name,
          ids: [
            {
              name: 'demo.ids',
              xml: new Uint8Array(demoIds),
              specificationIds: Array.from({ length: specificationCount }, (_, i) => `s${i}`),
              lineageId: 'demo',
            },
          ],
          mode: 'full',
        });
        if (output.kind !== 'done' || !output.extracted) throw new Error(`the engine could not read ${name}`);
        const res = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, name, bytes);
        expect(res.statusCode).toBe(201);
        versions.push({
          name,
          versionId: res.json().version.id,
          expected: {
            elements: output.extracted.elements.stepId.length,
            properties: output.extracted.properties.elementStepId.length,
            results: output.results.elements.passed.length,
            passed: output.results.elements.passed.filter(Boolean).length,
          },
        });
      }
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(workDir, { recursive: true, force: true });
    });

    const childEnv = () => ({
      KILL_TEST_TARGET: JSON.stringify({ kind: 'postgres', url: server.database.url, poolSize: 3 }),
      KILL_TEST_FILES_DIR: join(workDir, 'data', 'files'),
      KILL_TEST_VERSION_IDS: JSON.stringify(versions.map((v) => v.versionId)),
    });

    async function stored(versionId: string): Promise<Counts & { status: string }> {
      const one = async (query: ReturnType<typeof sql>) =>
        (
          (await server.database.db.execute(query)) as unknown as {
            rows: Array<Record<string, unknown>>;
          }
        ).rows[0] ?? {};
      const row = await one(sql`select
          (select status from file_versions where id = ${versionId}) as status,
          (select count(*)::int from elements where file_version_id = ${versionId}) as elements,
          (select count(*)::int from element_properties where file_version_id = ${versionId}) as properties,
          (select count(*)::int from element_results where file_version_id = ${versionId}) as results,
          (select count(*)::int from element_results where file_version_id = ${versionId} and passed) as passed`);
      return {
        status: String(row.status),
        elements: Number(row.elements),
        properties: Number(row.properties),
        results: Number(row.results),
        passed: Number(row.passed),
      };
    }

    /** Nothing of a run or all of it: a version's rows are none or exactly the engine's, never a part. */
    async function expectWholeOrNothing(label: string): Promise<void> {
      for (const v of versions) {
        const { status, ...counts } = await stored(v.versionId);
        const none = { elements: 0, properties: 0, results: 0, passed: 0 };
        if (status === 'completed') expect(counts, `${label}: ${v.name} completed`).toEqual(v.expected);
        else expect([none, v.expected], `${label}: ${v.name} ${status}`).toContainEqual(counts);
      }
    }

    it('leaves every version whole or empty after each of ten kills, and completed once at the end', async () => {
      // An undisturbed run first: how long the work takes once the child is up, and the counts.
      const calibration = startChild(childEnv());
      let readyAt = 0;
      calibration.onLine((line) => {
        if (line === 'ready') readyAt = performance.now();
      });
      const calibrated = await calibration.ended;
      expect(calibrated, calibration.lines.join('\n')).toEqual({ code: 0, signal: null });
      const workMs = performance.now() - readyAt;
      for (const v of versions)
        expect(await stored(v.versionId)).toEqual({ status: 'completed', ...v.expected });

      // Ten kills: even ones at a random time of the work, odd ones on a random write step (a batch
      // of COPY, or the summaries after it) so some land inside the write transaction for certain.
      const landed: string[] = [];
      for (let kill = 0; kill < KILLS; kill++) {
        const run = startChild(childEnv());
        let last = 'starting';
        let killed = false;
        const killNow = () => {
          if (killed) return;
          killed = true;
          landed.push(last);
          run.child.kill('SIGKILL');
        };
        const writeSteps = Math.floor(Math.random() * 4 * MODELS) + 1;
        let seenWriteSteps = 0;
        run.onLine((line) => {
          // Where the child was: 'ready', 'parse' (read and check), 'copy <table>' (inside the write
          // transaction, after that table's rows), 'done' (committed).
          last = line
            .split(' ')
            .slice(0, line.startsWith('copy ') ? 2 : 1)
            .join(' ');
          if (line === 'ready' && kill % 2 === 0) setTimeout(killNow, Math.random() * workMs);
          if (line.startsWith('copy ') && kill % 2 === 1 && ++seenWriteSteps === writeSteps) killNow();
        });
        const ended = await run.ended;
        if (!killed) landed.push('after the last version');
        expect(ended.code === 0 || ended.signal === 'SIGKILL', run.lines.join('\n')).toBe(true);
        await expectWholeOrNothing(`kill ${kill + 1} (${landed[kill]})`);
      }
      console.info(`random-kill: the ${KILLS} kills landed at: ${landed.join('; ')}`);
      expect(landed.some((where) => where.startsWith('copy'))).toBe(true);

      // Started again once more, undisturbed: every version completed, with the engine's counts.
      const last = startChild(childEnv());
      expect(await last.ended, last.lines.join('\n')).toEqual({ code: 0, signal: null });
      for (const v of versions) {
        expect(await stored(v.versionId), v.name).toEqual({ status: 'completed', ...v.expected });
      }
      // Completed once: one row per version in the per-version summaries, nothing left over.
      const totals = (
        (await server.database.db.execute(
          sql`select file_version_id from version_result_totals`,
        )) as unknown as { rows: { file_version_id: string }[] }
      ).rows.map((r) => r.file_version_id);
      expect(totals.sort()).toEqual(versions.map((v) => v.versionId).sort());
    }, 900_000);
  });
}
