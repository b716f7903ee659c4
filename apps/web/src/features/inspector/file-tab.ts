/**
 * The File Inspector's sub-tabs (spec 2 §2.1), each named by `inspector.tab`, and how the active one
 * is chosen.
 */
export const FILE_TABS = [
  { id: 'compliance' },
  { id: 'schema' },
  { id: 'extra-attributes' },
  { id: 'validity' },
] as const;

export type FileTabId = (typeof FILE_TABS)[number]['id'];

export const FILE_TAB_QUERY_PARAM = 'fileTab';
export const FILE_TAB_STORAGE_KEY = 'plumbline:inspector:fileTab';

export function isFileTab(value: unknown): value is FileTabId {
  return FILE_TABS.some((tab) => tab.id === value);
}

/** The query parameter fileTab, else the locally stored choice, else compliance. */
export function resolveFileTab(fromQuery: string | null, stored: string | null): FileTabId {
  if (isFileTab(fromQuery)) return fromQuery;
  if (isFileTab(stored)) return stored;
  return 'compliance';
}

export function readStoredFileTab(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(FILE_TAB_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeFileTab(storage: Storage | undefined, tab: FileTabId): void {
  try {
    storage?.setItem(FILE_TAB_STORAGE_KEY, tab);
  } catch {
    // Storage may be full or disabled; the URL still holds the choice.
  }
}
