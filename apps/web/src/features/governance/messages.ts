import type { AuditChainProblem } from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import type { MessageId } from '@/lib/i18n';

/**
 * The words of the API token and audit trail screens are in the `governance` catalogue
 * (apps/web/src/messages/governance, issue 31); these helpers pick their ids.
 */
type T = Translator<MessageId>;

export const EXPIRY_DAYS = [7, 30, 90, 365] as const;

/** How a recorded action reads in the trail; an action this version has no words for shows its code. */
export function actionText(t: T, action: string): string {
  const id = `governance.action.${action}`;
  return t.has(id) ? t(id) : action;
}

/** The chain check's verdict on its first problem, in words. */
export function chainBrokenText(t: T, problem: AuditChainProblem): string {
  const reason = t('governance.audit.chainReason', { reason: problem.reason });
  return problem.seq === null
    ? t('governance.audit.chainBrokenHead', { reason })
    : t('governance.audit.chainBrokenAt', {
        // The entry's number as recorded, not a quantity: no grouping separators.
        seq: String(problem.seq),
        action: problem.action ? actionText(t, problem.action) : '—',
        reason,
      });
}
