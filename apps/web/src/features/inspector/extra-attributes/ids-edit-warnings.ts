import type { IdsEditWarning } from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import type { MessageId } from '@/lib/i18n';

/** Why the file cannot be edited in place (decision 0162), for the person about to confirm, in the page's language. */
export function idsEditWarningText(t: Translator<MessageId>, warning: IdsEditWarning): string {
  return t('inspector.add.editWarning', {
    code: warning.code,
    encoding: warning.declared_encoding ?? 'unknown',
  });
}
