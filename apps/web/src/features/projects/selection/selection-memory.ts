/**
 * The last project / file / version chosen in an area, remembered in the browser per area ("local
 * selection memory … kept per key", spec 3 §3), so returning to the File Inspector or the Metadata
 * Explorer without query parameters shows what the user looked at last.
 */
export type SelectionScope = 'inspector' | 'metadata' | 'reports';

export interface StoredSelection {
  project: string | null;
  file: string | null;
  version: string | null;
}

const EMPTY: StoredSelection = { project: null, file: null, version: null };
const keyOf = (scope: SelectionScope) => `plumbline:selection:${scope}`;

export function readSelection(storage: Storage | undefined, scope: SelectionScope): StoredSelection {
  try {
    const raw = storage?.getItem(keyOf(scope));
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<Record<keyof StoredSelection, unknown>>;
    const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
    const project = text(parsed.project);
    // A file only means something under its project, and a version under its file.
    const file = project ? text(parsed.file) : null;
    return { project, file, version: file ? text(parsed.version) : null };
  } catch {
    return EMPTY;
  }
}

export function writeSelection(
  storage: Storage | undefined,
  scope: SelectionScope,
  value: StoredSelection,
): void {
  try {
    storage?.setItem(keyOf(scope), JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the selection simply isn't remembered.
  }
}

/** The URL wins; when it names no project, the remembered selection fills in. */
export function initialSelection(url: StoredSelection, remembered: StoredSelection): StoredSelection | null {
  if (url.project) return null;
  return remembered.project ? remembered : null;
}

/** Forgets every area's remembered selection (a project that no longer exists must not come back). */
export function forgetSelections(storage: Storage | undefined): void {
  for (const scope of ['inspector', 'metadata', 'reports'] as const) {
    try {
      storage?.removeItem(keyOf(scope));
    } catch {
      // Nothing remembered, nothing to forget.
    }
  }
}
