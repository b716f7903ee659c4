import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type FileStorage, type StoredObject } from './storage';

/** How old a staged upload must be before a starting process takes it for abandoned. */
export const STAGED_GRACE_MS = 60 * 60 * 1000;

/**
 * Files on local disk under `root` (DATA_DIR/files). A put streams into `root/.tmp/<uuid>`, hashing
 * as it goes, flushes it to disk and then renames it into place: the rename is atomic on one file
 * system, so a crash leaves at most a stray temporary file, never a half-written object.
 */
export class LocalDiskStorage implements FileStorage {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = join(root, '.tmp');
  }

  /**
   * Deletes temporary files last written before `before` (the process start): uploads that a killed
   * process left half-written (issue 16), and staged uploads it stored but never moved to their content
   * key (`staging/`, decision 0424). A staged upload is whole and waits for its adoption, which another
   * process sharing this disk (an API server beside a worker) may be doing now: it goes only once it
   * is also older than STAGED_GRACE_MS, far longer than any adoption takes. Returns how many were removed.
   */
  async removeStaleTemporaries(before: Date, now = new Date()): Promise<number> {
    const stagedBefore = new Date(Math.min(before.getTime(), now.getTime() - STAGED_GRACE_MS));
    return (
      (await removeOlder(this.tmpDir, before)) + (await removeOlder(join(this.root, 'staging'), stagedBefore))
    );
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return join(this.root, ...key.split('/'));
  }

  async putStream(key: string, stream: Readable): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(this.tmpDir, { recursive: true });
    const temporary = join(this.tmpDir, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(stream, measure, createWriteStream(temporary, { flags: 'wx' }));
      const handle = await open(temporary, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await mkdir(dirname(target), { recursive: true });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
  }

  async getStream(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    await access(path);
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    await mkdir(dirname(target), { recursive: true });
    await rename(this.pathOf(from), target);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}

/** Removes the files of `dir` last written before `before`; a missing directory holds none. */
async function removeOlder(dir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    try {
      if ((await stat(path)).mtime < before) {
        await rm(path, { force: true });
        removed++;
      }
    } catch {
      // Gone meanwhile (its upload finished or failed): nothing to do.
    }
  }
  return removed;
}
