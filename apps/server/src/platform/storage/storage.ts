import type { Readable } from 'node:stream';

/** What a stored object came to: its length and SHA-256 (hex), computed while it was written. */
export interface StoredObject {
  size: number;
  sha256: string;
}

/**
 * Where uploaded files live. Keys are relative, slash-separated paths chosen by the services
 * (`projects/<id>/bimfiles/<fileId>/<versionId>.ifc`). A put is all or nothing: a reader never
 * sees a half-written object, and a failed put leaves nothing behind.
 */
export interface FileStorage {
  putStream(key: string, stream: Readable): Promise<StoredObject>;
  getStream(key: string): Promise<Readable>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Renames an object (a staged upload to its content key, decision 0424); an object already at `to`
   * is replaced. Readers see the object whole at `to` or not at all.
   */
  move(from: string, to: string): Promise<void>;
  /** Releases connections (a network client's sockets); local disk holds none. */
  close?(): void;
}

export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are plain relative paths: no `..`, no absolute paths, no empty segments. */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  if (segments.length === 0 || segments.some((segment) => !SEGMENT.test(segment) || segment.includes('..'))) {
    throw new StorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
