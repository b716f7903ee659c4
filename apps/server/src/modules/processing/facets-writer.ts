import type { Database } from '../../platform/db';
import { metadataFacets } from '../../schema';
import type { FacetCounts } from './facet-counts';
import { type OutputHooks, replaceVersionRows } from './output-writer';

/**
 * Replaces a version's facet counts; called inside processing's write transaction
 * (repo.writeProcessedVersion), so the counts and the rows they count commit together.
 */
export async function writeMetadataFacets(
  tx: Database,
  versionId: string,
  counts: FacetCounts,
  hooks: OutputHooks = {},
): Promise<void> {
  const facet: string[] = [];
  const key: string[] = [];
  const count: number[] = [];
  for (const [name, options] of counts) {
    for (const [option, rows] of options) {
      facet.push(name);
      key.push(option);
      count.push(rows);
    }
  }
  await replaceVersionRows(tx, metadataFacets, versionId, { facet, key, count }, hooks);
}
