import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database } from '../../platform/db';
import type { FileStorage, StoredObject } from '../../platform/storage/storage';
import { storageKeys } from './keys';
import { lockStoredObject, storedObjectReferenced } from './repo';

/** An upload stored under a staging key, its hash known: what {@link adoptModel} files under its content key. */
export interface StagedModel extends StoredObject {
  stagingKey: string;
  /** The content key the bytes belong under (storageKeys.model). */
  key: string;
}

/**
 * Streams a model to a staging key, hashing it on the way (the storage's put computes the SHA-256 chunk
 * by chunk as the bytes arrive, never over the whole file at once).
 */
export async function stageModel(storage: FileStorage, stream: Readable): Promise<StagedModel> {
  const stagingKey = storageKeys.stagedModel(randomUUID());
  const stored = await storage.putStream(stagingKey, stream);
  return { ...stored, stagingKey, key: storageKeys.model(stored.sha256) };
}

/**
 * In the transaction that adds the version referencing it: files the staged bytes under their content
 * key, or drops them when that object is already stored (the same bytes uploaded before, in any
 * project). The object's lock, held to the transaction's end, orders this against {@link releaseModels}:
 * either the release ran first and the object is stored again here, or it runs after and sees the new
 * reference. Returns the key to record.
 */
export async function adoptModel(tx: Database, storage: FileStorage, staged: StagedModel): Promise<string> {
  await lockStoredObject(tx, staged.key);
  if (await storage.exists(staged.key)) await storage.delete(staged.stagingKey);
  else await storage.move(staged.stagingKey, staged.key);
  return staged.key;
}

/**
 * After an upload failed: removes its staged bytes and, when {@link adoptModel} had filed them and the
 * transaction then rolled back, the object no version references.
 */
export async function discardStaged(db: Database, storage: FileStorage, staged: StagedModel): Promise<void> {
  await storage.delete(staged.stagingKey);
  await releaseModels(db, storage, [staged.key]);
}

/**
 * Deletes the stored models of deleted versions that no version references any more (a model's bytes
 * are shared by every version that uploaded them). Call after the versions' rows are gone.
 */
export async function releaseModels(
  db: Database,
  storage: FileStorage,
  keys: readonly string[],
): Promise<void> {
  for (const key of new Set(keys)) {
    await db.transaction(async (tx) => {
      await lockStoredObject(tx, key);
      if (!(await storedObjectReferenced(tx, key))) await storage.delete(key);
    });
  }
}
