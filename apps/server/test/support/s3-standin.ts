import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../../src/platform/storage/s3';

/** s3rver's fixed credentials: it checks request signatures against them. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface S3Standin {
  endpoint: string;
  bucket: string;
  /** The documented variables that point a server or worker at this bucket (`prefix` in STORAGE_URL). */
  env(prefix?: string): Record<string, string>;
  /** Options for an S3Storage on this bucket. */
  options(prefix?: string): S3StorageOptions;
  /** Keys of the objects stored in the bucket, read from the stand-in's own directory. */
  storedKeys(): string[];
  stop(): Promise<void>;
}

/** A loopback S3 server (s3rver) keeping its objects in a temporary directory, with one bucket. */
export async function startS3Standin(bucket = 'plumbline-test'): Promise<S3Standin> {
  const directory = mkdtempSync(join(tmpdir(), 'plumbline-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    options: (prefix = '') => ({
      bucket,
      prefix: prefix ? `${prefix}/` : '',
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    }),
    storedKeys() {
      // s3rver keeps each object as `<key>._S3rver_object` under the bucket's directory.
      const root = join(directory, bucket);
      const found: string[] = [];
      const walk = (dir: string, at: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = at ? `${at}/${entry.name}` : entry.name;
          if (entry.isDirectory()) walk(join(dir, entry.name), path);
          else if (entry.name.endsWith('._S3rver_object'))
            found.push(path.slice(0, -'._S3rver_object'.length));
        }
      };
      walk(root, '');
      return found.sort();
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
