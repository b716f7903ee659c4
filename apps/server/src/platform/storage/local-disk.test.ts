import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalDiskStorage, STAGED_GRACE_MS } from './local-disk';

function storage() {
  const root = mkdtempSync(join(tmpdir(), 'plumbline-storage-'));
  return { root, store: new LocalDiskStorage(root) };
}

describe('LocalDiskStorage', () => {
  it('stores a stream with its size and SHA-256 and reads it back', async () => {
    const { store } = storage();
    const body = 'ISO-10303-21;\nHEADER;\n'.repeat(1000);
    const stored = await store.putStream('projects/p1/a.ifc', Readable.from([Buffer.from(body)]));
    expect(stored).toEqual({
      size: Buffer.byteLength(body),
      sha256: createHash('sha256').update(body).digest('hex'),
    });
    expect(await store.exists('projects/p1/a.ifc')).toBe(true);
    expect(await text(await store.getStream('projects/p1/a.ifc'))).toBe(body);
    await store.delete('projects/p1/a.ifc');
    expect(await store.exists('projects/p1/a.ifc')).toBe(false);
    await store.delete('projects/p1/a.ifc'); // deleting twice is fine
  });

  it('leaves nothing behind when the stream fails half-way', async () => {
    const { root, store } = storage();
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 65));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.putStream('projects/p1/b.ifc', failing)).rejects.toThrow('connection reset');
    expect(await store.exists('projects/p1/b.ifc')).toBe(false);
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
  });

  it('refuses keys that could escape the root', async () => {
    const { store } = storage();
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/../b', '']) {
      await expect(store.putStream(key, Readable.from(['x']))).rejects.toThrow('Invalid storage key');
    }
  });

  it('removes temporaries older than the process and keeps newer ones (issue 16: a killed upload)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'plumbline-disk-'));
    const storage = new LocalDiskStorage(root);
    mkdirSync(join(root, '.tmp'), { recursive: true });
    const started = new Date();
    writeFileSync(join(root, '.tmp', 'left-by-a-killed-upload'), 'partial');
    const old = new Date(started.getTime() - 60_000);
    utimesSync(join(root, '.tmp', 'left-by-a-killed-upload'), old, old);
    writeFileSync(join(root, '.tmp', 'being-written-now'), 'partial');
    // File times are coarser than Date: state the newer one explicitly.
    const recent = new Date(started.getTime() + 1_000);
    utimesSync(join(root, '.tmp', 'being-written-now'), recent, recent);
    expect(await storage.removeStaleTemporaries(started)).toBe(1);
    expect(readdirSync(join(root, '.tmp'))).toEqual(['being-written-now']);
    expect(await new LocalDiskStorage(join(root, 'missing')).removeStaleTemporaries(started)).toBe(0);
  });

  it('moves an object to another key, creating its directories and replacing what was there', async () => {
    const { root, store } = storage();
    try {
      await store.putStream('staging/s1.ifc', Readable.from(['the model']));
      await store.putStream('models/sha256/ab/x.ifc', Readable.from(['old']));
      await store.move('staging/s1.ifc', 'models/sha256/ab/x.ifc');
      await store.move('staging/none.ifc', 'models/sha256/cd/y.ifc').then(
        () => expect.fail('moving a missing object must fail'),
        (error: NodeJS.ErrnoException) => expect(error.code).toBe('ENOENT'),
      );
      expect(readdirSync(join(root, 'staging'))).toEqual([]);
      expect(await text(await store.getStream('models/sha256/ab/x.ifc'))).toBe('the model');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('removes staged uploads older than the process and the grace, with the temporaries (decision 0424)', async () => {
    const { root, store } = storage();
    try {
      mkdirSync(join(root, 'staging'), { recursive: true });
      const started = new Date();
      const staged = (name: string, msBeforeStart: number) => {
        writeFileSync(join(root, 'staging', name), 'staged');
        const at = new Date(started.getTime() - msBeforeStart);
        utimesSync(join(root, 'staging', name), at, at);
      };
      staged('abandoned.ifc', STAGED_GRACE_MS + 60_000);
      // Whole, staged a minute before this process started: another process sharing the disk may be
      // adopting it now.
      staged('adopted-elsewhere.ifc', 60_000);
      staged('being-adopted.ifc', -1_000);
      expect(await store.removeStaleTemporaries(started, started)).toBe(1);
      expect(readdirSync(join(root, 'staging')).sort()).toEqual([
        'adopted-elsewhere.ifc',
        'being-adopted.ifc',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
