/**
 * Highlight rules of spec 3 §4-§5: only integer ids greater than 0 are sent to the viewer, and
 * when highlighting them all at once fails, they are tried one by one.
 */
export function validViewerIds(ids: readonly unknown[]): number[] {
  const kept = new Set<number>();
  for (const id of ids) {
    if (typeof id === 'number' && Number.isInteger(id) && id > 0) kept.add(id);
  }
  return [...kept];
}

/**
 * Applies `highlight` to all ids, falling back to one id at a time. Returns the ids highlighted;
 * throws only when not a single id could be.
 */
export async function highlightWithFallback(
  ids: number[],
  highlight: (ids: number[]) => Promise<void>,
): Promise<number[]> {
  if (ids.length === 0) return [];
  try {
    await highlight(ids);
    return ids;
  } catch (firstError) {
    const done: number[] = [];
    for (const id of ids) {
      try {
        await highlight([id]);
        done.push(id);
      } catch {
        // This one stays unhighlighted; the others still show.
      }
    }
    if (done.length === 0) throw firstError;
    return done;
  }
}

/** Whether a highlight list differs from the one last sent (order does not matter). */
export function sameIdList(a: readonly string[] | null, b: readonly string[]): boolean {
  if (!a || a.length !== b.length) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.every((value, index) => value === right[index]);
}
