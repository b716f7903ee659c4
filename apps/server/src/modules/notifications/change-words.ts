// A version-comparison notice in words (mail, webhook text, Slack): the `changes.*` messages of the
// server's catalogue, in a language (issue 31).
import type { ChangeMessageId, ChangeMessageParams } from '@plumbline/contracts';
import { DEFAULT_LOCALE, type Locale } from '@plumbline/i18n';
import { render } from '../../platform/i18n';

export function renderChangeMessage(
  id: ChangeMessageId,
  params: ChangeMessageParams,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return render(locale, id, { ...params });
}
