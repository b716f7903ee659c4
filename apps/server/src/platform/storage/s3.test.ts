import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Standin, startS3Standin } from '../../../test/support/s3-standin';
import { S3Storage } from './s3';

// The real SDK against a loopback S3 server (s3rver): the same requests as against AWS or MinIO.
describe('S3Storage', () => {
  let standin: S3Standin;
  let store: S3Storage;
  beforeAll(async () => {
    standin = await startS3Standin();
    store = new S3Storage(standin.options('installation-a'));
  });
  afterAll(async () => {
    store?.close();
    await standin?.stop();
  });

  it('stores a stream under the prefix with its size and SHA-256, reads it back and deletes it', async () => {
    const body = 'ISO-10303-21;\nHEADER;\n'.repeat(1000);
    const stored = await store.putStream('projects/p1/a.ifc', Readable.from([Buffer.from(body)]));
    expect(stored).toEqual({
      size: Buffer.byteLength(body),
      sha256: createHash('sha256').update(body).digest('hex'),
    });
    expect(standin.storedKeys()).toContain('installation-a/projects/p1/a.ifc');
    expect(await store.exists('projects/p1/a.ifc')).toBe(true);
    expect(await store.exists('projects/p1/missing.ifc')).toBe(false);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.getStream('projects/p1/a.ifc')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(body);
    await store.delete('projects/p1/a.ifc');
    expect(await store.exists('projects/p1/a.ifc')).toBe(false);
    await store.delete('projects/p1/a.ifc'); // deleting twice is fine
    await expect(store.getStream('projects/p1/a.ifc')).rejects.toThrow();
  });

  it('streams a large object in parts and hashes every byte', async () => {
    // 21 MiB in 64 KiB chunks of varying bytes: three multipart parts, never one buffer.
    const chunkCount = 21 * 16;
    const expected = createHash('sha256');
    function* chunks() {
      for (let i = 0; i < chunkCount; i++) {
        const chunk = Buffer.alloc(64 * 1024, i % 251);
        expected.update(chunk);
        yield chunk;
      }
    }
    const stored = await store.putStream('projects/p1/large.ifc', Readable.from(chunks()));
    const sha256 = expected.digest('hex');
    expect(stored).toEqual({ size: chunkCount * 64 * 1024, sha256 });
    const readBack = createHash('sha256');
    let size = 0;
    for await (const chunk of await store.getStream('projects/p1/large.ifc')) {
      readBack.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    expect({ size, sha256: readBack.digest('hex') }).toEqual({ size: chunkCount * 64 * 1024, sha256 });
    await store.delete('projects/p1/large.ifc');
  });

  it('leaves nothing behind and reports the source error when the stream fails half-way', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 200)
          this.push(Buffer.alloc(64 * 1024, 65)); // 12.5 MiB: a part was sent already
        else this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.putStream('projects/p1/b.ifc', failing)).rejects.toThrow('connection reset');
    expect(await store.exists('projects/p1/b.ifc')).toBe(false);
    expect(standin.storedKeys().filter((key) => key.includes('b.ifc'))).toEqual([]);
  });

  it('moves an object to another key inside the bucket, replacing what was there', async () => {
    const body = Buffer.from('ISO-10303-21;\nmoved\n'.repeat(100));
    await store.putStream('staging/s1.ifc', Readable.from([body]));
    await store.putStream('models/sha256/ab/target.ifc', Readable.from([Buffer.from('old')]));
    await store.move('staging/s1.ifc', 'models/sha256/ab/target.ifc');
    const keys = standin.storedKeys();
    expect(keys).toContain('installation-a/models/sha256/ab/target.ifc');
    expect(keys).not.toContain('installation-a/staging/s1.ifc');
    const chunks: Buffer[] = [];
    for await (const chunk of await store.getStream('models/sha256/ab/target.ifc'))
      chunks.push(chunk as Buffer);
    expect(Buffer.compare(Buffer.concat(chunks), body)).toBe(0);
    await store.delete('models/sha256/ab/target.ifc');
  });

  it('refuses keys that are not plain relative paths', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/../b', '']) {
      await expect(store.putStream(key, Readable.from(['x']))).rejects.toThrow('Invalid storage key');
    }
  });
});
