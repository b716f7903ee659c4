/**
 * A code list as the fast scan found it (plain-xml.ts, issue 22): the text of an xs:restriction's
 * run of `<P:enumeration value="…"/>` elements, each written exactly `<P:enumeration value="`, the
 * value, `"/>`, then only white space before the next, where no value holds `<`, `&`, a tab or a
 * line end (so each value is its raw text: nothing to decode or normalise). A national pack has
 * 600,000 such values; kept as the text, they are not made into strings unless asked for.
 *
 * In that text the only `"` are the ones around values, and between a value's closing quote and the
 * next value's opening quote there is always a `<`. So for a string holding no `<`, `"x"` occurs in
 * the text exactly when x is one of the values.
 */

export interface CodeListText {
  /** From the first enumeration's `<` to after the last one's `/>` and the white space after it. */
  readonly text: string;
  /** How many values (enumeration elements) the text holds. */
  readonly count: number;
  /**
   * The same answer as `codeListIncludes` reads from `text`, where the list can give it without
   * making its text a string (a check thread's list searches its UTF-8 bytes: code-list.ts).
   */
  includes?(value: string): boolean;
}

/** The first `limit` values, in order (all of them by default). */
export function codeListValues(list: CodeListText, limit = list.count): string[] {
  const { text } = list;
  const n = Math.min(limit, list.count);
  const values: string[] = new Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const open = text.indexOf('"', at);
    const close = text.indexOf('"', open + 1);
    values[i] = text.slice(open + 1, close);
    at = close + 1;
  }
  return values;
}

/** Whether `value` is one of the list's values: one search of the text, no string per value. */
export function codeListIncludes(list: CodeListText, value: string): boolean {
  if (value.includes('<') || value.includes('"')) return false;
  return list.includes ? list.includes(value) : list.text.includes(`"${value}"`);
}
