import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { binariesReachableBy, resolveClusterDir, serviceIds } from './embedded-postgres';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A directory only its owner can enter, as /root or a `mktemp -d` is. */
function closedDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-closed-'));
  chmodSync(dir, 0o700);
  made.push(dir);
  return dir;
}

function openDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-shared-'));
  chmodSync(dir, 0o755);
  made.push(dir);
  return dir;
}

/** A package shaped like @embedded-postgres/<platform>: package.json beside native/{bin,lib,share}. */
function fakePackage(parent: string, version: string) {
  const pkg = join(parent, 'pkg');
  mkdirSync(join(pkg, 'native', 'bin'), { recursive: true });
  mkdirSync(join(pkg, 'native', 'lib'));
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ version }));
  for (const name of ['initdb', 'pg_ctl', 'postgres'])
    writeFileSync(join(pkg, 'native', 'bin', name), '#!/bin/sh\n', { mode: 0o755 });
  writeFileSync(join(pkg, 'native', 'lib', 'libpq.so.5.18'), '');
  spawnSync('ln', ['-s', 'libpq.so.5.18', join(pkg, 'native', 'lib', 'libpq.so.5')]);
  const bin = join(pkg, 'native', 'bin');
  return { initdb: join(bin, 'initdb'), pg_ctl: join(bin, 'pg_ctl'), postgres: join(bin, 'postgres') };
}

const SOME_IDS = { uid: 1, gid: 1 };

describe('binaries the service account can run (root, checkout closed to other users)', () => {
  it('uses the package where it is when not root or when the path is open', () => {
    const shared = openDir();
    const closed = fakePackage(closedDir(), '1.0.0');
    expect(binariesReachableBy(closed, null, shared)).toEqual(closed);
    const open = fakePackage(openDir(), '1.0.0');
    expect(binariesReachableBy(open, SOME_IDS, shared)).toEqual(open);
  });

  it('copies native/ once per package version, symlinks kept, and runs it from there', () => {
    const shared = openDir();
    const closed = fakePackage(closedDir(), '18.4.0');
    const copied = binariesReachableBy(closed, SOME_IDS, shared);
    const copy = join(shared, `postgres-${platform()}-${arch()}-18.4.0`);
    expect(copied).toEqual({
      initdb: join(copy, 'bin', 'initdb'),
      pg_ctl: join(copy, 'bin', 'pg_ctl'),
      postgres: join(copy, 'bin', 'postgres'),
    });
    expect(statSync(copied.postgres).mode & 0o777).toBe(0o755);
    expect(statSync(copy).mode & 0o777).toBe(0o755);
    expect(readlinkSync(join(copy, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');

    // A second start finds the copy; a new package version gets a copy of its own.
    const before = statSync(copied.postgres).mtimeMs;
    expect(binariesReachableBy(closed, SOME_IDS, shared)).toEqual(copied);
    expect(statSync(copied.postgres).mtimeMs).toBe(before);
    const upgraded = fakePackage(closedDir(), '18.5.0');
    expect(binariesReachableBy(upgraded, SOME_IDS, shared).postgres).toBe(
      join(shared, `postgres-${platform()}-${arch()}-18.5.0`, 'bin', 'postgres'),
    );
  });

  // The real thing: npm's PostgreSQL inside a closed directory cannot be run by the service account
  // (the EACCES `npm start` met under /root); the copy can. Only root has a service account.
  const asRoot = userInfo().uid === 0;
  it(`lets the service account run npm's PostgreSQL from a closed checkout (${asRoot ? 'root' : 'not root: the account is our own'})`, async () => {
    const ids = serviceIds();
    expect(ids === null).toBe(!asRoot);
    if (!ids) return;
    const real = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
    const realPackage = dirname(dirname(dirname(real.postgres)));
    const closed = join(closedDir(), 'pkg');
    cpSync(realPackage, closed, { recursive: true, verbatimSymlinks: true });
    const inCheckout = join(closed, 'native', 'bin', 'postgres');
    const denied = spawnSync(inCheckout, ['--version'], { ...ids });
    expect(denied.error?.message ?? `exit ${denied.status}`).toMatch(/EACCES/);

    const bin = binariesReachableBy(
      {
        initdb: join(dirname(inCheckout), 'initdb'),
        pg_ctl: join(dirname(inCheckout), 'pg_ctl'),
        postgres: inCheckout,
      },
      ids,
      openDir(),
    );
    const run = spawnSync(bin.postgres, ['--version'], { ...ids, encoding: 'utf8' });
    expect(run.error).toBeUndefined();
    expect(run.stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
    expect(existsSync(bin.initdb)).toBe(true);
  });
});

describe('where the cluster lives (root, checkout closed to other users)', () => {
  it('keeps a cluster left at the shared place by a deleted checkout aside, and makes a new place for this one', () => {
    const shared = openDir();
    const preferred = join(closedDir(), 'checkout', 'data', 'postgres');
    const first = resolveClusterDir(preferred, SOME_IDS, shared);
    expect(first.startsWith(`${shared}/`)).toBe(true);
    expect(readFileSync(`${preferred}.location`, 'utf8').trim()).toBe(first);

    // The checkout is deleted (its pointer and password with it), its cluster stays; a new clone at the
    // same path must not adopt a cluster whose password it never had.
    mkdirSync(first, { recursive: true });
    writeFileSync(join(first, 'PG_VERSION'), '16\n');
    rmSync(dirname(dirname(preferred)), { recursive: true });
    const second = resolveClusterDir(preferred, SOME_IDS, shared);
    expect(second).toBe(first);
    expect(existsSync(join(second, 'PG_VERSION'))).toBe(false);
    const keptAside = readdirSync(dirname(first)).filter((name) => name.startsWith('postgres.orphaned-'));
    expect(keptAside).toHaveLength(1);
    expect(readFileSync(join(dirname(first), String(keptAside[0]), 'PG_VERSION'), 'utf8')).toBe('16\n');
  });

  it('gives two closed checkouts whose paths end alike two places', () => {
    const shared = openDir();
    const a = resolveClusterDir(join(closedDir(), 'same', 'data', 'postgres'), SOME_IDS, shared);
    const b = resolveClusterDir(join(closedDir(), 'same', 'data', 'postgres'), SOME_IDS, shared);
    expect(a).not.toBe(b);
  });

  it('keeps the cluster inside the checkout when not root or when the path is open', () => {
    const shared = openDir();
    const inClosed = join(closedDir(), 'data', 'postgres');
    expect(resolveClusterDir(inClosed, null, shared)).toBe(inClosed);
    const inOpen = join(openDir(), 'data', 'postgres');
    expect(resolveClusterDir(inOpen, SOME_IDS, shared)).toBe(inOpen);
  });
});
