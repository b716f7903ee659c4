import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, openAsBlob, readdirSync, readFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** Peak (VmHWM) or current (VmRSS) resident memory of a process from /proc, bytes; 0 once it is gone. */
export function procMemory(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system, all threads) a process has used so far, from /proc; 0 once it is gone. */
export function procCpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}

function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // From field 3 on (the command name before it may hold spaces): ppid is [1], utime [11], stime
    // [12], the reaped children's cutime [13] and cstime [14], in USER_HZ (100 on Linux).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU seconds a PostgreSQL server has used: its postmaster (with the backends it has reaped) and its
 * live children. The postmaster is the process whose command line names `clusterMarker`.
 */
export function postgresCpuSeconds(clusterMarker: string): number {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const postmaster = pids.find((pid) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return cmdline.includes(clusterMarker) && cmdline.includes('-D');
    } catch {
      return false;
    }
  });
  const own = postmaster ? statFields(postmaster) : null;
  if (!postmaster || !own) return Number.NaN;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields && fields[1] === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

/** One process of the cluster (the API server or one incarnation of a worker). */
export interface Incarnation {
  child: ChildProcess;
  /** Everything it wrote (stdout and stderr, pino JSON lines), also appended to its log file. */
  output(): string;
  exited: Promise<void>;
}

/** Starts a built entry (apps/server/dist/*.js) with plain node, its output kept and logged. */
export function startProcess(
  root: string,
  entry: string,
  env: Record<string, string>,
  log: WriteStream,
  label: string,
): Incarnation {
  const child = spawn(process.execPath, [join(root, entry)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk;
    log.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  log.write(`--- ${label} started (pid ${child.pid})\n`);
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      log.write(`--- ${label} exited (${code ?? signal})\n`);
      resolve();
    }),
  );
  return { child, output: () => output, exited };
}

/**
 * A worker slot as a supervisor keeps it: one process at a time, started again after a kill. The
 * slot's peak memory is the highest VmHWM any of its incarnations reached (sampled while they run).
 */
export class WorkerSlot {
  readonly incarnations: Incarnation[] = [];
  peakBytes = 0;
  /** CPU seconds of the incarnations that ended, and the running one's as last sampled. */
  private cpuEnded = 0;
  private cpuCurrent = 0;
  private readonly log: WriteStream;

  constructor(
    readonly name: string,
    private readonly root: string,
    private readonly env: Record<string, string>,
    logPath: string,
  ) {
    this.log = createWriteStream(logPath, { flags: 'w' });
  }

  get current(): Incarnation | undefined {
    return this.incarnations.at(-1);
  }

  alive(): boolean {
    const current = this.current;
    return !!current && current.child.exitCode === null && current.child.signalCode === null;
  }

  /** CPU seconds all incarnations used (a killed one's up to its last sample). */
  get cpuSeconds(): number {
    return this.cpuEnded + this.cpuCurrent;
  }

  start(): Incarnation {
    this.cpuEnded += this.cpuCurrent;
    this.cpuCurrent = 0;
    const incarnation = startProcess(
      this.root,
      'apps/server/dist/worker.js',
      this.env,
      this.log,
      `${this.name} #${this.incarnations.length + 1}`,
    );
    this.incarnations.push(incarnation);
    return incarnation;
  }

  sample(): void {
    const pid = this.current?.child.pid;
    if (!pid || !this.alive()) return;
    this.peakBytes = Math.max(this.peakBytes, procMemory(pid, 'VmHWM'));
    this.cpuCurrent = Math.max(this.cpuCurrent, procCpuSeconds(pid));
  }

  /** SIGKILL, as a crash or the OOM killer would; resolves once the process is gone. */
  async kill(): Promise<void> {
    const current = this.current;
    if (!current || !this.alive()) return;
    this.sample();
    current.child.kill('SIGKILL');
    await current.exited;
  }

  async stop(): Promise<void> {
    const current = this.current;
    this.sample();
    if (current && this.alive()) {
      current.child.kill('SIGTERM');
      const timer = setTimeout(() => current.child.kill('SIGKILL'), 30_000);
      await current.exited;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => this.log.end(resolve));
  }
}

export interface LoggedJob {
  jobId: string;
  job: string;
  msg: string;
  retryCount?: number;
  fileVersionId?: string;
}

/** The queue's `job started` / `job completed` / `job failed` lines and processing's `file version processed` (LOG_LEVEL=debug). */
export function loggedJobs(output: string): LoggedJob[] {
  const found: LoggedJob[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    if (!/"msg":"(job started|job completed|job failed|file version processed)"/.test(line)) continue;
    try {
      found.push(JSON.parse(line) as LoggedJob);
    } catch {
      // a line cut by the kill
    }
  }
  return found;
}

/** Jobs an incarnation started and never finished: what a kill cut short. */
export function unfinishedJobs(output: string): LoggedJob[] {
  const open = new Map<string, LoggedJob>();
  for (const line of loggedJobs(output)) {
    if (line.msg === 'job started') open.set(line.jobId, line);
    else if (line.msg === 'job completed' || line.msg === 'job failed') open.delete(line.jobId);
  }
  return [...open.values()];
}

/** The p-th percentile (0–100) of values, nearest rank; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] as number;
}

/** A JSON request to the API server (a form for uploads). */
export async function http<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; json?: unknown; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function formOf(path: string, name: string): Promise<FormData> {
  const form = new FormData();
  form.append('file', await openAsBlob(path), name);
  return form;
}

/** A fresh database on the shared server for one run, dropped afterwards. */
export async function withDatabase<T>(
  adminUrl: string,
  label: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `plumbline_scale_${label}_${Date.now().toString(36)}`;
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
