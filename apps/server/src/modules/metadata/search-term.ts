// How a typed search term is read, by every store and the element search alike.

/** `%term%` for ILIKE with the pattern characters of the term taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A step id the user typed: '1234' or '#1234'. */
export function stepIdOf(term: string): number | null {
  const match = /^#?(\d{1,9})$/.exec(term.trim());
  return match ? Number(match[1]) : null;
}
