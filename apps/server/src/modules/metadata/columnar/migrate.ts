import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnarEngine } from '../../../platform/columnar-engine';
import type { Database } from '../../../platform/db';
import type { FileStorage } from '../../../platform/storage/storage';
import { storageKeys } from '../../storage';
import { copyVersionRows, listCompletedVersions } from './migrate-repo';
import { writeExplorerFileFromText } from './write';

export interface MigrationDeps {
  db: Database;
  storage: FileStorage;
  columnar: ColumnarEngine;
}

/** Writes one version's explorer file from its rows in PostgreSQL (a version processed before 0274). */
export async function writeExplorerFileFromDatabase(
  deps: MigrationDeps,
  version: { id: string; projectId: string },
): Promise<{ rows: number; bytes: number }> {
  const work = await mkdtemp(join(tmpdir(), 'plumbline-migrate-'));
  try {
    const text = await copyVersionRows(deps.db, version.id, {
      elements: join(work, 'elements.txt'),
      properties: join(work, 'properties.txt'),
    });
    const written = await writeExplorerFileFromText(deps.columnar, text, work);
    const stored = await deps.storage.putStream(
      storageKeys.explorerRows(version.projectId, version.id),
      createReadStream(written.path),
    );
    return { rows: written.rows, bytes: stored.size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Versions this process has seen with a file: later sweeps skip them without asking storage. */
const known = new Set<string>();

/**
 * One sweep of the background migration: completed versions without an explorer file get one,
 * newest first, one at a time, until `budget.versions` were written or `budget.until()` says stop.
 * The SQL store answers each version until its file exists.
 */
export async function migrateExplorerFiles(
  deps: MigrationDeps,
  budget: { versions: number; stop: () => boolean },
): Promise<{ written: number; remaining: boolean }> {
  let written = 0;
  for (const version of await listCompletedVersions(deps.db)) {
    if (known.has(version.id)) continue;
    const key = version.explorerFileKey ?? storageKeys.explorerRows(version.projectId, version.id);
    if (await deps.storage.exists(key)) {
      known.add(version.id);
      continue;
    }
    if (written >= budget.versions || budget.stop()) return { written, remaining: true };
    await writeExplorerFileFromDatabase(deps, version);
    known.add(version.id);
    written += 1;
  }
  return { written, remaining: false };
}
