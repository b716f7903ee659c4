import type { BimFile } from '@plumbline/contracts';

/** The list with `file` replacing the entry of the same id, or added first when it is new. */
export function upsertFile(list: readonly BimFile[] | undefined, file: BimFile): BimFile[] {
  if (!list) return [file];
  return list.some((entry) => entry.id === file.id)
    ? list.map((entry) => (entry.id === file.id ? file : entry))
    : [file, ...list];
}
