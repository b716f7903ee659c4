import { ACC_ITEM_PREFIX, type AccFile, type AvailableFile } from '@plumbline/contracts';

/**
 * An ACC item as a file the plan limits are checked against (spec 2 §3 'Available file'): importing
 * it stores its latest version, so that is its size, as the wizard's Files step counts it too.
 */
export function toAvailableAccItem(item: AccFile): AvailableFile {
  return {
    id: `${ACC_ITEM_PREFIX}${item.id}`,
    name: item.name,
    size_bytes: item.latestSize,
    latest_size_bytes: item.latestSize,
    version_count: item.versionCount,
    type: item.type,
    included: false,
  };
}
