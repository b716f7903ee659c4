/** Offers `content` to the browser as a download named `fileName` (client-side exports). */
export function saveFile(fileName: string, content: string, type: string): void {
  saveBlob(new Blob([content], { type }), fileName);
}

/** Offers a fetched file to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The date part of an ISO timestamp (yyyy-mm-dd), used in export file names. */
export function fileDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
