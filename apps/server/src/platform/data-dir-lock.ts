import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

/**
 * One app process per data directory: the embedded database server belongs to the process that
 * started (or adopted) it, and its in-process workers treat every active job as their own. This lock
 * file (created atomically with O_EXCL) records the holder's pid, host and process start time; a lock
 * whose process is gone on this host is stale and taken over at once. The start time (Linux /proc)
 * tells a reused pid from the holder: in a container the restarted server usually gets the same pid
 * as the one that was killed (issue 16), and a killed process not yet reaped (a zombie) holds nothing.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat field 22); null off Linux. */
  processStart?: string | null;
}

/** State and start time of a live process from /proc, or null when it is gone or /proc is absent. */
export function processInfo(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: read the fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return null;
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

/** Locks `dir` with the file `<dir>.lock` beside it (the database server owns the inside of its directory). */
export function acquireDataDirLock(dir: string): DataDirLock {
  mkdirSync(dirname(dir), { recursive: true });
  const path = `${dir}.lock`;
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    processStart: processInfo(process.pid)?.start ?? null,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, `${JSON.stringify(owner)}\n`);
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          const holder = readOwner(path);
          if (holder?.pid === process.pid && holder.processStart === owner.processStart)
            rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readOwner(path);
      if (holder && isHeld(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Plumbline process (pid ${holder.pid} on ${holder.hostname}, ` +
            `since ${holder.startedAt}). The embedded database allows one process at a time: stop that process, ` +
            'choose another DATA_DIR, or set DATABASE_URL to a PostgreSQL server to run several processes.',
        );
      }
      // Stale (its process is gone) or unreadable (a crash mid-write): remove it and try again.
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(
    `Could not lock the data directory ${dir}: another process keeps taking the lock.`,
  );
}

function readOwner(path: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return null;
    return {
      pid: parsed.pid,
      hostname: parsed.hostname,
      startedAt: String(parsed.startedAt ?? 'unknown'),
      processStart: typeof parsed.processStart === 'string' ? parsed.processStart : null,
    };
  } catch {
    return null;
  }
}

function isHeld(owner: LockOwner): boolean {
  // A lock written on another host (a shared volume) cannot be checked from here: respect it.
  if (owner.hostname !== hostname()) return true;
  const info = processInfo(owner.pid);
  if (info && owner.processStart) {
    // Linux: the holder is alive only if a process with its pid AND its start time runs, not a zombie.
    return info.state !== 'Z' && info.start === owner.processStart;
  }
  if (processInfo(process.pid) && !info) return false;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
