import type { BimFile } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import { requireProjectRole } from '../projects/access';
import * as repo from './repo';

export function toBimFileDto(row: repo.BimFileSummaryRow): BimFile {
  const latestSize = row.latest?.sizeBytes ?? 0;
  return {
    id: row.id,
    name: row.name,
    source_filename: row.sourceFilename,
    source_version_tag: row.latest?.versionTag ?? null,
    version_count: row.versionCount,
    latest_size_bytes: latestSize,
    file_size_bytes: latestSize,
    storage_size_bytes: row.totalSizeBytes,
    total_size_bytes: row.totalSizeBytes,
    elements_count: row.latest?.elementsCount ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    status: row.latest?.status ?? 'pending',
  };
}

export function createBimFileService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(userId: string, projectId: string): Promise<BimFile[]> {
      await requireProjectRole({ db, userId }, projectId, 'Viewer');
      return (await repo.listProjectBimFiles(db, projectId)).map(toBimFileDto);
    },
  };
}

export type BimFileService = ReturnType<typeof createBimFileService>;
