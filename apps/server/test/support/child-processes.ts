import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject, onTestFailed, onTestFinished } from 'vitest';

// Real server and worker processes for the scale-out, take-over and dead-letter tests: each started
// with only the variables the test gives it, its output kept for a failure's message. They run the
// run's bundle of the same source (support/thread-bundle.ts) with plain Node, as `npm start` and
// `npm run worker` run dist/main.js and dist/worker.js: loading the server's source through tsx in
// every process, and every thread of it, was most of these tests' CPU (decision 0450).
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLED: Record<string, string> = { 'src/main.ts': 'main.js', 'src/worker.ts': 'worker.js' };

export interface Running {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

/** Starts `entry` (src/main.ts, src/worker.ts) of the server with `env` alone (PATH and HOME kept). */
export function run(name: string, entry: string, env: Record<string, string>): Running {
  const bundled = BUNDLED[entry];
  if (!bundled) throw new Error(`no bundled entry for ${entry}`);
  const child = spawn(process.execPath, [join(inject('testThreadsDir'), bundled)], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { name, child, output: () => output, exited };
}

/**
 * Waits on state, with no deadline of its own: the test's timeout stops a hung wait (decision 0205),
 * and then the processes' last lines say where it stood. A process that exits meanwhile fails it.
 */
export async function until<T>(
  what: string,
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  processes: Running[] = [],
): Promise<T> {
  let ended = false;
  let waiting = true;
  onTestFinished(() => {
    ended = true;
  });
  onTestFailed(() => {
    if (!waiting) return;
    const tails = processes.map((r) => `--- ${r.name}\n${r.output().slice(-2000)}`).join('\n');
    console.error(`still waiting for ${what}\n${tails}`);
  });
  for (;;) {
    if (ended) throw new Error(`the test ended while waiting for ${what}`);
    const value = await check();
    if (value) {
      waiting = false;
      return value;
    }
    for (const running of processes) {
      if (running.child.exitCode !== null)
        throw new Error(`${running.name} exited early:\n${running.output().slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
