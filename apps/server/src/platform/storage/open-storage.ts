import type { StorageConfig } from '../config';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import type { FileStorage } from './storage';

/** The storage the configuration names: local disk (the default) or an S3 bucket (STORAGE_URL). */
export function openStorage(config: StorageConfig): FileStorage {
  if (config.kind === 'local') return new LocalDiskStorage(config.dir);
  const { kind: _kind, ...options } = config;
  return new S3Storage(options);
}
