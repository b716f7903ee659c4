import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { embeddedDatabaseUrl } from '../src/platform/embedded-postgres';

// The real entry points as processes: start, the data directory lock, and a clean exit on SIGTERM.
const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(entry: string, env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits for the listening line; the test's timeout stops a server that never starts (decision 0205). */
async function waitForAddress(running: Running): Promise<string> {
  let ended = false;
  onTestFinished(() => {
    ended = true;
  });
  while (!ended) {
    const match = /Plumbline is listening on (http:\/\/[\d.:]+)/.exec(running.output());
    if (match) return match[1]!;
    if (running.child.exitCode !== null) throw new Error(`server exited early:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start:\n${running.output()}`);
}

describe('process lifecycle (main.ts on the embedded database)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'plumbline-lifecycle-'));
  chmodSync(dataDir, 0o755); // run as root, the database server's own account must reach its cluster
  const started: Running[] = [];
  afterAll(() => {
    for (const running of started) if (running.child.exitCode === null) running.child.kill('SIGKILL');
  });

  it('starts, refuses a second process on the same DATA_DIR, finishes in-flight requests on SIGTERM and exits 0', async () => {
    const first = run('src/main.ts', { DATA_DIR: dataDir });
    started.push(first);
    const address = await waitForAddress(first);
    expect((await fetch(`${address}/api/v1/health`)).status).toBe(200);
    expect(existsSync(join(dataDir, 'postgres.lock'))).toBe(true);
    expect(embeddedDatabaseUrl(join(dataDir, 'postgres'))).not.toBeNull();

    const second = run('src/main.ts', { DATA_DIR: dataDir });
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Plumbline process');

    // A sign-up (password hashing, a transaction) is in flight when the signal arrives.
    const inFlight = fetch(`${address}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'late@example.com',
        password: 'correct horse battery',
        fullName: 'Late Arrival',
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGTERM');
    // The same stop twice at once (Ctrl-C under npm start reaches the server from the terminal and
    // from start.mjs): still one clean shutdown that stops the database.
    first.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(202);
    expect(await first.exited, first.output().slice(-3000)).toBe(0);
    expect(first.output()).toContain('shut down cleanly');
    expect(existsSync(join(dataDir, 'postgres.lock'))).toBe(false);
    // The database server stopped with the app.
    expect(embeddedDatabaseUrl(join(dataDir, 'postgres'))).toBeNull();
  });

  it('worker.ts refuses to run without DATABASE_URL, with a clear message', async () => {
    const worker = run('src/worker.ts', { DATA_DIR: dataDir });
    started.push(worker);
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('A separate worker needs DATABASE_URL (PostgreSQL)');
  });
});
