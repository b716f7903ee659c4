import type { BimElement } from '@plumbline/contracts';

/** 'element-<GlobalId or viewer id>.json', safe as a file name. */
export function elementExportFileName(element: Pick<BimElement, 'id' | 'viewer_db_id'>): string {
  const base = element.id.startsWith('#') ? String(element.viewer_db_id) : element.id;
  return `element-${base.replace(/[^A-Za-z0-9_$-]/g, '_')}.json`;
}

/** The element exactly as the inspector received it, pretty-printed. */
export function elementExportJson(element: BimElement): string {
  return `${JSON.stringify(element, null, 2)}\n`;
}

/** Client-side only (spec 3 §7): the browser saves the element as a JSON file. */
export function downloadElementJson(element: BimElement): void {
  const blob = new Blob([elementExportJson(element)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = elementExportFileName(element);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
