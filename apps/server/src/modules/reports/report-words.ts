// The words and number formats of a PDF or Excel report, in the report's language (issue 31): the
// project's language, else the requester's (repo.reportLocale). Ids in apps/server/src/messages/reports.
import type { SpecificationState } from '@plumbline/contracts';
import type { MessageValues } from '@plumbline/i18n';
import { type Locale, render } from '../../platform/i18n';

export interface ReportWords {
  locale: Locale;
  t: (id: string, values?: MessageValues) => string;
  /** A count: "1,234" in English, "1.234" in German. */
  num: (n: number) => string;
  /** A percentage with one decimal: "81.3%" in English (as it always printed), "81,3 %" in German. */
  pct: (n: number) => string;
  /** A date and time in UTC: "7 December 2026, 12:00 UTC" in English. */
  dateTime: (d: Date) => string;
  /** A specification's state ("Passed" … "Not Checked") and why it has it. */
  state: (state: SpecificationState) => string;
  stateHint: (state: SpecificationState) => string;
}

const wordsByLocale = new Map<Locale, ReportWords>();

export function reportWords(locale: Locale): ReportWords {
  const known = wordsByLocale.get(locale);
  if (known) return known;
  const tag = locale === 'en' ? 'en-GB' : locale;
  const count = new Intl.NumberFormat(tag);
  const percent = new Intl.NumberFormat(tag, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const words: ReportWords = {
    locale,
    t: (id, values) => render(locale, id, values),
    num: (n) => count.format(n),
    pct: (n) => (locale === 'en' ? `${n.toFixed(1)}%` : percent.format(n / 100)),
    dateTime: (d) =>
      `${d.toLocaleString(tag, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
      })} UTC`,
    state: (state) => render(locale, 'reports.state', { state }),
    stateHint: (state) => render(locale, 'reports.stateHint', { state }),
  };
  wordsByLocale.set(locale, words);
  return words;
}
