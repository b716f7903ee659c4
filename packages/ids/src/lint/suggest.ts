/** Closest valid names for a misspelt one, by edit distance (for quick fixes). */

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), stopping above `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prev2 = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const cur = new Array<number>(cols);
    cur[0] = i;
    let best = cur[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      cur[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[cols - 1] as number;
}

export interface Suggestion {
  readonly name: string;
  /** Case-insensitive distance; 0 when the names differ only in case. */
  readonly distance: number;
}

/**
 * Up to `limit` candidates closest to `name` (compared without case), within a distance that grows
 * with the name's length (2, plus one per 6 characters beyond 6, at most 4), best first.
 */
export function closestNames(name: string, candidates: Iterable<string>, limit = 3): Suggestion[] {
  const wanted = name.toLowerCase();
  const max = Math.min(4, 2 + Math.floor(Math.max(0, wanted.length - 6) / 6));
  const found: Suggestion[] = [];
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = editDistance(wanted, candidate.toLowerCase(), max);
    if (distance <= max) found.push({ name: candidate, distance });
  }
  found.sort(
    (x, y) =>
      x.distance - y.distance ||
      Math.abs(x.name.length - name.length) - Math.abs(y.name.length - name.length) ||
      (x.name < y.name ? -1 : 1),
  );
  return found.slice(0, limit);
}

/**
 * Whether replacing `name` by the first suggestion is safe to apply unasked: it is the only one at
 * its distance and differs from the name by case or one edit.
 */
export function isSafeSuggestion(suggestions: readonly Suggestion[]): boolean {
  const [first, second] = suggestions;
  if (!first || first.distance > 1) return false;
  return !second || second.distance > first.distance;
}
