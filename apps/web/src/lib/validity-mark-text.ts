import type { VerdictMark } from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import type { MessageId } from '@/lib/i18n';

/**
 * Why a validity error makes an IDS verdict unreliable, in words (decision 0249): the server sends
 * the code and its parameters; the sentence comes from the `validity` catalogue in the reader's
 * language (packages/validity/src/messages/rules, decision 0330).
 */
export function validityMarkText(t: Translator<MessageId>, mark: VerdictMark): string {
  switch (mark.code) {
    case 'repeated_global_id':
      return t('validity.mark.repeatedGlobalId', { rule: mark.rule });
    case 'repeated_property_set':
      return t('validity.mark.repeatedPropertySet', {
        rule: mark.rule,
        count: mark.property_sets.length,
        sets: mark.property_sets.join(', '),
      });
    case 'unofficial_schema':
      return t('validity.mark.unofficialSchema', { rule: mark.rule, schema: mark.schema });
  }
}
