import type { ProjectLimits, Violation } from '@plumbline/contracts';
import { t } from '@/lib/i18n';

export type CountedLimit = 'files' | 'users';

export interface LimitReading {
  /** 'N of M files': used and allowed, both as the server counts them. */
  text: string;
  used: number;
  max: number;
  /** The server's own verdict (warning from 80 %, error above the limit); null when neither. */
  severity: Violation['severity'] | null;
  /** The sentence shown with a warning or an error; null without one. */
  notice: string | null;
}

/**
 * How full a project is on one limit, read from the limits the server reports (GET
 * /projects/{id}/limits): the count and the maximum, and the server's violation for it. Nothing is
 * computed here that the server decides: the 80 % warning is its `violations` entry. The texts are in
 * the page's language (the `common` catalogue, loaded with the dashboard).
 */
export function readLimit(limits: ProjectLimits, type: CountedLimit): LimitReading {
  const used = limits.usage[type];
  const max = type === 'files' ? limits.limits.maxFiles : limits.limits.maxUsers;
  const violation = limits.violations.find((v) => v.type === type);
  const severity = violation?.severity ?? null;
  const left = Math.max(max - used, 0);
  const values = { type, plan: limits.plan, used, max, left };
  const notice =
    severity === 'error'
      ? t('common.planLimit.over', values)
      : severity === 'warning' && left === 0
        ? t('common.planLimit.reached', values)
        : severity === 'warning'
          ? t('common.planLimit.nearly', values)
          : null;
  return { text: t('common.planLimit.count', values), used, max, severity, notice };
}
