import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, processInfo } from './data-dir-lock';

const freshDir = () => join(mkdtempSync(join(tmpdir(), 'plumbline-lock-')), 'postgres');

describe('data directory lock', () => {
  it('is exclusive while held and free again once released', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses a directory held by another live process, naming its pid', async () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(
        `${dir}.lock`,
        JSON.stringify({ pid: other.pid, hostname: hostname(), startedAt: 'earlier' }),
      );
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`pid ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock whose process is gone', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ pid: gone.pid, hostname: hostname(), startedAt: 'earlier' }),
    );
    const lock = acquireDataDirLock(dir);
    lock.release();
  });

  it('takes over a lock left with our own pid by a process that started at another time (a container restart)', () => {
    const dir = freshDir();
    const ours = processInfo(process.pid);
    if (!ours) return; // no /proc: nothing to tell two processes of one pid apart
    writeFileSync(
      `${dir}.lock`,
      JSON.stringify({
        pid: process.pid,
        hostname: hostname(),
        startedAt: 'earlier',
        processStart: String(Number(ours.start) - 1),
      }),
    );
    const lock = acquireDataDirLock(dir);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('takes over a lock whose holder was killed but not yet reaped (a zombie)', async () => {
    const dir = freshDir();
    // A child that is killed while its parent (this test) does not reap it yet stays a zombie.
    const child = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const grandchild = Number(
      await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d).trim()))),
    );
    const info = processInfo(grandchild);
    try {
      if (!info) return;
      writeFileSync(
        `${dir}.lock`,
        JSON.stringify({
          pid: grandchild,
          hostname: hostname(),
          startedAt: 'earlier',
          processStart: info.start,
        }),
      );
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      process.kill(grandchild, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lock = acquireDataDirLock(dir);
      lock.release();
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('respects a lock written on another host (shared volume)', () => {
    const dir = freshDir();
    writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ pid: 1, hostname: 'some-other-host', startedAt: 'earlier' }),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(/some-other-host/);
  });
});
