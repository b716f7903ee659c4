/**
 * Renders a described specification (describe.ts) from a message catalogue: each phrase's id looked
 * up with its parameters (ICU MessageFormat, lint/format-message.ts), lists joined with the
 * language's own list format (Intl.ListFormat). The English catalogue is messages.en.json; a
 * translation is another catalogue with the same ids.
 */
import { formatMessage } from '../lint/format-message';
import type { PhraseParam } from './describe';
import messages from './messages.en.json';

/** The English sentence catalogue. */
export const englishSentences: Readonly<Record<string, string>> = messages;

export function renderPhrase(
  param: PhraseParam,
  catalogue: Readonly<Record<string, string>> = englishSentences,
  locale = 'en',
): string {
  if (typeof param === 'string') return param;
  if (typeof param === 'number') return String(param);
  if ('list' in param) {
    const items = param.list.map((item) => renderPhrase(item, catalogue, locale));
    const format =
      param.join === 'and'
        ? new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' })
        : new Intl.ListFormat(locale, { type: 'unit', style: 'short' });
    const list = format.format(items);
    return param.more ? formatMessage(catalogue, 'describe.more', { list, count: param.more }) : list;
  }
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(param.params ?? {}))
    params[key] = typeof value === 'number' ? value : renderPhrase(value, catalogue, locale);
  return formatMessage(catalogue, param.id, params);
}
