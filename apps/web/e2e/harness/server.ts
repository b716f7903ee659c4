import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stopEmbeddedPostgres } from '../../../server/src/platform/embedded-postgres';
import { freeLoopbackPort } from '../../../server/src/platform/free-port';
import { startMailCatcher } from './mail';
import { DATA_DIR_PREFIX } from './server-paths';

/** The repository root (this file is apps/web/e2e/harness/server.ts). */
export const repoRoot = resolve(import.meta.dirname, '../../../..');

const SERVER_ENTRY = join(repoRoot, 'apps/server/dist/main.js');
const WEB_INDEX = join(repoRoot, 'apps/web/dist/index.html');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server wrote, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
  /** Stops the process but keeps its data directory (to start again on it with `dataDir`). */
  halt: () => Promise<void>;
}

/**
 * Starts Plumbline as a user would run it: the built server (`node apps/server/dist/main.js`) serving the
 * built web app, on a free port with a fresh data directory. `E2E_SERVER_CMD` replaces the command (for
 * example `npx tsx apps/server/src/main.ts`); it runs through the shell from the repository root.
 * `options.env` adds to or overrides the server's environment (e.g. `DEMO_SEED: 'true'`).
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    publicUrlIsSelf?: boolean;
    /** Settings that name the server's own address (e.g. an OAuth callback URL). */
    envFor?: (baseUrl: string) => Record<string, string>;
    /** Start on this data directory and port (a restart after `halt`). */
    restart?: { dataDir: string; port: number };
  } = {},
): Promise<RunningServer> {
  const override = process.env.E2E_SERVER_CMD?.trim();
  if (!override && !existsSync(SERVER_ENTRY)) {
    throw new Error(`The server is not built (${SERVER_ENTRY} is missing): run npm run build first.`);
  }
  if (!existsSync(WEB_INDEX)) {
    throw new Error(`The web app is not built (${WEB_INDEX} is missing): run npm run build first.`);
  }

  const port = options.restart?.port ?? (await freeLoopbackPort());
  // Mail goes to a loopback catcher the tests read (harness/mail.ts), as a person reads an inbox.
  const mail = await startMailCatcher();
  const dataDir = options.restart?.dataDir ?? freshDataDir();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: '',
    WEB_DIST_DIR: join(repoRoot, 'apps/web/dist'),
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    // Every test signs up and in from the same address; keep the per-address limit out of the way.
    AUTH_RATE_LIMIT_PER_IP: '10000',
    // The demo project costs a few seconds of processing; only the demo test asks for it.
    DEMO_SEED: 'false',
    // Jobs (processing, re-checks, reports, mail) start as soon as they are sent, woken by the queue's
    // NOTIFY (platform/queue.ts); the poll stays at the default, for jobs that become due later.
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    ...options.env,
    // Where Stripe's checkout sends the browser back to (PAYMENTS=stripe tests).
    ...(options.publicUrlIsSelf ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...(options.envFor?.(`http://127.0.0.1:${port}`) ?? {}),
  };
  // Own process group (detached) so stop() also ends children of a shell or npx wrapper.
  const child = override
    ? spawn(override, { cwd: repoRoot, env, shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
        cwd: repoRoot,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });

  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const baseUrl = `http://127.0.0.1:${port}`;
  // A server killed rather than stopped leaves its database server running (the next start adopts it).
  const stopDatabase = () => stopEmbeddedPostgres(join(dataDir, 'postgres'));
  const stop = () =>
    stopProcess(child)
      .then(stopDatabase)
      .finally(() => mail.stop())
      .finally(() => rmSync(dataDir, { recursive: true, force: true }));
  const halt = () => stopProcess(child).finally(() => mail.stop());
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, output: () => output, stop, halt };
}

function freshDataDir(): string {
  // The prefix the server-path check looks for in every API answer (harness/server-paths.ts).
  const dir = mkdtempSync(DATA_DIR_PREFIX);
  // mkdtemp makes it 0700; run as root, the database server's own account must reach its cluster.
  chmodSync(dir, 0o755);
  return dir;
}

/** A guard against a server that never starts (it also runs in the global setup, where no hook timeout applies). */
const START_GUARD_MS = 300_000;

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_GUARD_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The server did not become healthy within ${START_GUARD_MS / 1000} s:\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const timeout = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), 15_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    signalGroup('SIGKILL');
    await exited;
  }
}
