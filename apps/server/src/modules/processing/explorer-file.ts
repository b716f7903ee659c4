import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnarEngine } from '../../platform/columnar-engine';
import type { FileStorage } from '../../platform/storage/storage';
import { writeExplorerFile } from '../metadata';
import { storageKeys } from '../storage';
import type { StoredModel } from './analyse';

/**
 * The version's explorer rows as one Parquet file in storage, beside its IFC (decision 0274), made
 * by the columnar engine from the COPY text the analysis thread encoded. Runs beside the write
 * transaction, which waits for it before the version reads completed: with a columnar engine the
 * file is the version's only store of property rows (decision 0435).
 */
export async function storeExplorerFile(
  deps: { columnar: ColumnarEngine; storage: FileStorage },
  version: { id: string; projectId: string },
  model: Pick<StoredModel, 'elements' | 'properties'>,
): Promise<{ rows: number; bytes: number }> {
  const work = await mkdtemp(join(tmpdir(), 'plumbline-rows-'));
  try {
    const written = await writeExplorerFile(
      deps.columnar,
      { elements: model.elements.copy, properties: model.properties.copy },
      work,
    );
    const stored = await deps.storage.putStream(
      storageKeys.explorerRows(version.projectId, version.id),
      createReadStream(written.path),
    );
    return { rows: written.rows, bytes: stored.size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
