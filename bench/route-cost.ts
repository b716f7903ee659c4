/**
 * What each read route costs ALONE: npm run bench:route-cost -- --data-dir DIR [--port 3795]
 *   [--requests 200] [--entry apps/server/dist/main.js] [--routes project,files,...]
 * Starts the built server on a data directory a `bench:api` run left (bench/out/api-bench-embedded-data,
 * or a copy of it: the server may migrate it), signs in as that run's account, and asks each route
 * `--requests` times one after another, in five batches, after 20 unmeasured requests. Prints the
 * median batch's wall time per request, and the on-CPU time per request of the server process (all
 * its threads) and of the database's processes (/proc schedstat). On a busy machine the wall time
 * grows with the load; compare two builds back to back (--entry), not against other days' figures.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../apps/server/src/platform/embedded-postgres';
import { startBuiltServer } from './lib/api-server';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '3795' },
    requests: { type: 'string', default: '200' },
    entry: { type: 'string' },
    routes: { type: 'string' },
    password: { type: 'string', default: 'correct horse battery staple' },
  },
});
if (!values['data-dir']) throw new Error('--data-dir is required (a data directory a bench:api run left)');
const dataDir = values['data-dir'];
const requests = Number(values.requests);

/** On-CPU time of every thread of a process, ms (schedstat's first field: nanoseconds, not ticks). */
function cpuMsOf(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ns / 1e6;
}

/** CPU time of the embedded database's processes (the postmaster's children: the server's connections). */
function databaseCpuMs(clusterDir: string): number {
  const pointer = `${clusterDir}.location`;
  const dir = existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : clusterDir;
  const postmaster = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmaster) sum += cpuMsOf(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return sum;
}

const server = await startBuiltServer({
  root,
  port: Number(values.port),
  dataDir,
  keepData: true,
  logFile: join(dataDir, '..', 'route-cost.log'),
  env: { DEMO_SEED: 'false' },
  ...(values.entry ? { entry: join(root, values.entry) } : {}),
});
try {
  const db = new pg.Client({ connectionString: embeddedDatabaseUrl(join(dataDir, 'postgres')) ?? '' });
  await db.connect();
  const { rows } = await db.query<{ email: string; project_id: string; file_id: string }>(
    `select u.email, p.id as project_id, bf.id as file_id from users u
       join project_members pm on pm.user_id = u.id join projects p on p.id = pm.project_id
       join bim_files bf on bf.project_id = p.id where not p.is_demo and p.is_active
       order by bf.created_at desc limit 1`,
  );
  await db.end();
  const found = rows[0];
  if (!found) throw new Error('no project with a file in this data directory');
  const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: found.email, password: values.password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const p = `/api/v1/projects/${found.project_id}`;
  const all: Record<string, string> = {
    // Baselines: no database (health), the session look-up only (me).
    health: '/api/v1/health',
    me: '/api/v1/auth/me',
    project: p,
    files: `${p}/bimfiles`,
    overview: `${p}/overview`,
    specifications: `${p}/ids/specifications`,
    compliance: `${p}/bimfiles/${found.file_id}/compliance`,
  };
  const chosen = values.routes ? values.routes.split(',') : Object.keys(all).slice(2);
  const pid = server.child.pid!;
  console.log(`route            wall ms/req  server CPU ms/req  database CPU ms/req  bytes, digest`);
  for (const name of chosen) {
    const url = `${server.baseUrl}${all[name]}`;
    const ask = async () => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${name}: ${response.status}`);
      return `${body.byteLength} ${createHash('sha256').update(body).digest('hex').slice(0, 12)}`;
    };
    let bytes = '';
    for (let i = 0; i < 20; i += 1) bytes = await ask();
    // Five batches; the median batch's figures (a busy machine's other work lands in some batches).
    const batches: Array<{ wall: number; cpu: number; database: number }> = [];
    for (let batch = 0; batch < 5; batch += 1) {
      const cpu0 = cpuMsOf(pid);
      const database0 = databaseCpuMs(join(dataDir, 'postgres'));
      const t0 = performance.now();
      for (let i = 0; i < requests; i += 1) await ask();
      batches.push({
        wall: (performance.now() - t0) / requests,
        cpu: (cpuMsOf(pid) - cpu0) / requests,
        database: (databaseCpuMs(join(dataDir, 'postgres')) - database0) / requests,
      });
    }
    const median = (pick: (b: (typeof batches)[number]) => number) =>
      batches.map(pick).sort((x, y) => x - y)[2] as number;
    const [wall, cpu, database] = [median((b) => b.wall), median((b) => b.cpu), median((b) => b.database)];
    console.log(
      `${name.padEnd(16)} ${wall.toFixed(2).padStart(11)}  ${cpu.toFixed(2).padStart(17)}  ${database.toFixed(2).padStart(19)}  ${bytes}`,
    );
  }
} finally {
  await server.stop();
}
