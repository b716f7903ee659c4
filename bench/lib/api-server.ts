import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stopEmbeddedPostgres } from '../../apps/server/src/platform/embedded-postgres';

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  /** Peak resident memory of the server process seen so far (sampled from /proc), bytes. */
  peakRssBytes(): number;
  stop(): Promise<void>;
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Starts the built server (apps/server/dist/main.js) on its own port and data directory. */
export async function startBuiltServer(options: {
  root: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  logFile: string;
  /** Further environment for the server (e.g. DEMO_SEED=false). */
  env?: Record<string, string>;
  /** Restart on the data directory a previous start left (appending to its log) instead of a fresh one. */
  keepData?: boolean;
  /** The server's entry (default apps/server/dist/main.js), e.g. another build to compare with. */
  entry?: string;
}): Promise<RunningServer> {
  const entry = options.entry ?? join(options.root, 'apps/server/dist/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first.`);
  // A run that was interrupted may have left its embedded database server running.
  await stopEmbeddedPostgres(join(options.dataDir, 'postgres'));
  if (!options.keepData) rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  const log = createWriteStream(options.logFile, { flags: options.keepData ? 'a' : 'w' });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    // BENCH_LOG_LEVEL=info keeps the worker's 'file version processed' line with its step timings.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--max-old-space-size=6144', entry], {
    cwd: options.root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let peak = 0;
  const sampler = setInterval(() => {
    if (child.pid) peak = Math.max(peak, rssOf(child.pid));
  }, 250);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // A guard against a hung start only: on a shared machine at load 40 the first start (initdb and
  // every migration) took over 3 minutes.
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      clearInterval(sampler);
      await stopEmbeddedPostgres(join(options.dataDir, 'postgres'));
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}); see ${options.logFile}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Leave nothing running: the server and the database it started.
      clearInterval(sampler);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await stopEmbeddedPostgres(join(options.dataDir, 'postgres'));
      throw new Error(`the server did not start within 15 minutes; see ${options.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseUrl,
    child,
    peakRssBytes: () => peak,
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
      await stopEmbeddedPostgres(join(options.dataDir, 'postgres'));
      log.end();
    },
  };
}
