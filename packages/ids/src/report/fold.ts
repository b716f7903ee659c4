/**
 * Long enumerations folded the same way on every screen and in every report (spec 2 §9, issue 35):
 * the engine's words, the server's reports and, through `@plumbline/contracts`, the browser.
 * the first few values, then "+N more" ("11.10, 11.11, 11.12 +663 more"). The NL-SfB table alone
 * has about 660 codes; printed in full it fills a page of a PDF or a 1,400 px table row.
 */
export const FOLDED_SHOWN = 3;

export interface Folded {
  shown: string[];
  /** How many values are left out (0 when the list is short enough to print whole). */
  more: number;
}

export function foldValues(values: readonly string[], shown = FOLDED_SHOWN): Folded {
  if (values.length <= shown) return { shown: [...values], more: 0 };
  return { shown: values.slice(0, shown), more: values.length - shown };
}

/**
 * The folded list as text. `moreText` words the rest in the reader's language (a catalogue message
 * with the count as its parameter); the default is the English "+N more".
 */
export function foldedText(
  values: readonly string[],
  options: { shown?: number; separator?: string; moreText?: (more: number) => string } = {},
): string {
  const { shown, more } = foldValues(values, options.shown);
  const head = shown.join(options.separator ?? ', ');
  if (more === 0) return head;
  return `${head} ${(options.moreText ?? ((n: number) => `+${n} more`))(more)}`;
}

/** Folds every run of more than `limit` comma-separated items inside a longer text (a model's answer). */
export function foldLongRuns(text: string, limit = 12, shown = FOLDED_SHOWN): string {
  // An item holds no comma, line break or sentence end ('.' then a space), so a run splits one way
  // only and the match is linear in the text's length.
  const item = String.raw`[^,.\n;:!?]{1,80}(?:\.[^\s,.\n;:!?][^,.\n;:!?]{0,80})*`;
  return text.replace(new RegExp(`(?:${item}, )+${item}`, 'g'), (run) => {
    const items = run.split(', ');
    return items.length > limit ? foldedText(items, { shown }) : run;
  });
}
