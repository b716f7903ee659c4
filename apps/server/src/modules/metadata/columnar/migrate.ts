import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnarEngine } from '../../../platform/columnar-engine';
import type { Database } from '../../../platform/db';
import type { FileStorage } from '../../../platform/storage/storage';
import { storageKeys } from '../../storage';
import { copyVersionRows, dropPropertyRows, listCompletedVersions } from './migrate-repo';
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

/** Versions this process has seen with a file and no property rows left: later sweeps skip them. */
const known = new Set<string>();

/**
 * One sweep of the background migration (decisions 0274, 0435): completed versions without an
 * explorer file get one from their PostgreSQL rows, newest first, one at a time, until
 * `budget.versions` were written or `budget.stop()` says stop; a version whose file already existed
 * when the sweep came to it loses its `element_properties` partition. The SQL store answers each
 * version until its file exists, the file from then on (routing-store.ts), so the rows are dropped
 * one sweep (ten minutes) after the file is written.
 */
export async function migrateExplorerFiles(
  deps: MigrationDeps,
  budget: { versions: number; stop: () => boolean },
): Promise<{ written: number; dropped: number; remaining: boolean }> {
  let written = 0;
  let dropped = 0;
  let remaining = false;
  for (const version of await listCompletedVersions(deps.db)) {
    if (known.has(version.id) && !version.hasRows) continue;
    const key = version.explorerFileKey ?? storageKeys.explorerRows(version.projectId, version.id);
    if (!(await deps.storage.exists(key))) {
      if (written >= budget.versions || budget.stop()) return { written, dropped, remaining: true };
      await writeExplorerFileFromDatabase(deps, version);
      written += 1;
      // Its rows stay until a later sweep: a process that looked for the file just before it was
      // written still routes the version to SQL for a while (the columnar store's ABSENT_RECHECK_MS).
      if (version.hasRows) remaining = true;
      continue;
    }
    if (version.hasRows) {
      // The lock not had within 100 ms (a reader or a processing write on the table): next sweep.
      if (!(await dropPropertyRows(deps.db, version.id))) {
        remaining = true;
        continue;
      }
      dropped += 1;
    }
    known.add(version.id);
  }
  return { written, dropped, remaining };
}
