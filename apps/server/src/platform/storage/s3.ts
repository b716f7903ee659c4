import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, type FileStorage, type StoredObject } from './storage';

/** Where the objects go and how to reach the service (STORAGE_URL and the S3_* variables). */
export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key ('' or ending in '/'), so one bucket can hold several installations. */
  prefix: string;
  /** An S3-compatible service's address (MinIO, Ceph, a stand-in); null: AWS's own for the region. */
  endpoint: string | null;
  region: string;
  /** Addressing as endpoint/bucket/key instead of bucket.endpoint/key (most non-AWS services need it). */
  forcePathStyle: boolean;
  /** null: the SDK's default chain (AWS_* variables, shared config, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

// Multipart parts of 8 MiB, four in flight: an upload holds at most 32 MiB in memory whatever its size.
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/**
 * Files in an S3 bucket. A put streams through a SHA-256 hash into a (multipart) upload; the object
 * becomes visible only when the upload completes, so a reader never sees half of it. A failed put
 * aborts the multipart upload; one a killed process left behind is invisible and is removed by the
 * bucket's lifecycle rule (docs/scaling.md), the counterpart of LocalDiskStorage's stale temporaries.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: several S3-compatible services refuse the newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return `${this.options.prefix}${key}`;
  }

  async putStream(key: string, stream: Readable): Promise<StoredObject> {
    const objectKey = this.objectKey(key);
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: objectKey, Body: measure },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
    });
    // The source's own error (a size limit, a reset connection) is what the caller must see, not the
    // upload's report that its body ended early.
    let sourceError: unknown = null;
    const piping = pipeline(stream, measure).catch((error: unknown) => {
      sourceError = error;
    });
    try {
      await upload.done();
    } catch (error) {
      await piping;
      stream.destroy();
      throw sourceError ?? error;
    }
    await piping;
    if (sourceError) {
      // Cannot normally complete with a failed body; if it did, the object is not what was sent.
      await this.delete(key).catch(() => {});
      throw sourceError;
    }
    return { size, sha256: hash.digest('hex') };
  }

  async getStream(key: string): Promise<Readable> {
    const response = await this.client.send(
      new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
    );
    // In Node the body is the HTTP response itself: a Readable, streamed, never buffered whole.
    return response.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, as the interface asks.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
    );
  }

  /**
   * A copy inside the bucket (no bytes pass through this process) and a delete of the source. One
   * CopyObject takes objects of up to 5 GB (the default upload limit is 2 GB).
   */
  async move(from: string, to: string): Promise<void> {
    const source = this.objectKey(from);
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(to),
        CopySource: `${this.options.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
    await this.delete(from);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return true;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return false;
      throw error;
    }
  }

  /** Closes the client's connections (sockets kept alive would hold a test process open). */
  close(): void {
    this.client.destroy();
  }
}
