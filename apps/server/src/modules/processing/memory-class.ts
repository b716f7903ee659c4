import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { memoryClass } from '../../platform/memory-admission';
import { fileVersions } from '../../schema';

/**
 * Peak memory per byte of model while processing it: the engine's bound (1 GB at 200 MB,
 * bench/README.md "Model validity" and decision 0041; measured 4.0 bytes per byte at 200 MB and
 * 2.8 at 1 GB), which also covers the rows the analysis thread encodes.
 */
export const PROCESSING_BYTES_PER_MODEL_BYTE = 5;
/** What a processing run holds whatever the model's size (the thread, the IDS, the buffers). */
export const PROCESSING_BASE_BYTES = 128 * 1024 * 1024;

/** The memory class of processing a model of `sizeBytes`. */
export function processingMemoryClass(sizeBytes: number): number {
  return memoryClass(PROCESSING_BASE_BYTES + sizeBytes * PROCESSING_BYTES_PER_MODEL_BYTE);
}

/** The memory class of processing a version; the least class when it is gone (the job skips it). */
export async function versionMemoryClass(db: Database, versionId: string): Promise<number> {
  const [row] = await db
    .select({ size: fileVersions.sizeBytes })
    .from(fileVersions)
    .where(eq(fileVersions.id, versionId));
  return processingMemoryClass(row?.size ?? 0);
}
