// Plumbline runs on Node.js 22 LTS (package.json `engines`; decision 0165). On an older Node, such as
// Debian's Node 20, `npm start`, `npm test` and CI fetch Node 22 once from the npm registry (the
// `node-<platform>-<arch>` package: the official binary) into `.node/` and run under it, with its
// directory first on PATH so that npm, npx and every `node` they start use it too.
//
//   node scripts/node-runtime.mjs        prints the directory of a supported `node` (for PATH)
//
// Only Node built-ins here: this runs before node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node.js fetched when the running one is too old: the newest 22 LTS on the npm registry. */
export const NODE_VERSION = '22.23.3';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const installDir = join(root, '.node', `v${NODE_VERSION}-${process.platform}-${process.arch}`);

/** package.json `engines.node` is `^22.13.0 || >=24`: Node 22.13+ (22 LTS) or 24 and later. */
export function isSupported(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return (major === 22 && minor >= 13) || major >= 24;
}

function fetchNode() {
  const binDir = join(installDir, 'bin');
  if (existsSync(join(binDir, 'node'))) return binDir;
  const spec = `node-${process.platform}-${process.arch}@${NODE_VERSION}`;
  console.error(
    `Fetching Node.js ${NODE_VERSION} (${spec} from the npm registry) into ${relative(root, installDir)}…`,
  );
  mkdirSync(dirname(installDir), { recursive: true });
  const temp = mkdtempSync(join(dirname(installDir), 'download-'));
  try {
    const pack = spawnSync('npm', ['pack', spec, '--pack-destination', temp, '--silent'], {
      cwd: temp,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = readdirSync(temp).find((name) => name.endsWith('.tgz'));
    if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${spec} failed`);
    const untar = spawnSync('tar', ['xzf', tarball], { cwd: temp, stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
    const check = spawnSync(join(temp, 'package/bin/node'), ['--version'], { encoding: 'utf8' });
    if (check.stdout?.trim() !== `v${NODE_VERSION}`) throw new Error(`${spec} does not run here`);
    try {
      renameSync(join(temp, 'package'), installDir);
    } catch (error) {
      // Another command fetched it at the same time: use theirs.
      if (!existsSync(join(binDir, 'node'))) throw error;
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return binDir;
}

/** The directory of a `node` Plumbline supports: the running one's, else Node 22 in `.node/`. */
export function supportedNodeBinDir() {
  return isSupported() ? dirname(process.execPath) : fetchNode();
}

/**
 * On a supported Node, returns at once. Otherwise runs `script` again under Node 22 (fetched once),
 * forwards SIGINT and SIGTERM, and exits with its status: the caller's code after it never runs.
 */
export async function runUnderSupportedNode(scriptUrl) {
  if (isSupported()) return;
  let binDir;
  try {
    binDir = fetchNode();
  } catch (error) {
    console.error(`Plumbline needs Node.js 22.13+ (this is ${process.versions.node}): ${error.message}.`);
    console.error('Install Node.js 22 LTS (https://nodejs.org) and run the command again.');
    process.exit(1);
  }
  console.error(
    `Node.js ${process.versions.node} is too old; running under Node.js ${NODE_VERSION} from .node/.`,
  );
  const child = spawn(join(binDir, 'node'), [fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  await new Promise(() => {
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    console.log(supportedNodeBinDir());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
