// `npm start`: installs what is missing, builds what is stale, then runs the server, which
// migrates the database and serves the app and API (PORT, default 3000).
// Only Node built-ins here: this runs before node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { runUnderSupportedNode } from './node-runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Node 22 LTS or newer; on an older Node this runs again under Node 22 fetched into .node/.
await runUnderSupportedNode(import.meta.url);

function runOrExit(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

// 1. Dependencies: install exactly the lock file's versions (`npm ci`, which leaves the lock file as
// it is) when node_modules is missing or older than the lock file.
const installedMarker = join(root, 'node_modules/.package-lock.json');
if (
  !existsSync(installedMarker) ||
  statSync(join(root, 'package-lock.json')).mtimeMs > statSync(installedMarker).mtimeMs
) {
  console.log('Installing dependencies…');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
  // Mark the install as newer than the lock file (a checkout may have touched it since).
  const now = new Date();
  utimesSync(installedMarker, now, now);
}

// 2. Build when any source is newer than the build output.
const sources = [
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'packages',
  'package-lock.json',
];
const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html', 'packages/ids/dist/cli.js'];
const newestSource = Math.max(...sources.map((source) => newestMtime(join(root, source))));
const oldestOutput = Math.min(
  ...outputs.map((output) => (existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0)),
);
if (process.env.PLUMBLINE_SKIP_BUILD !== '1' && newestSource > oldestOutput) {
  console.log('Building…');
  runOrExit('node', ['scripts/build.mjs']);
}

// 3. Serve. Signals go to the server so it can shut down gracefully.
const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
