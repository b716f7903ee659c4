import type { ProjectLimits, Violation } from '@plumbline/contracts';

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

const NOUN: Record<CountedLimit, { one: string; many: string }> = {
  files: { one: 'file', many: 'files' },
  users: { one: 'member', many: 'members' },
};

/**
 * How full a project is on one limit, read from the limits the server reports (GET
 * /projects/{id}/limits): the count and the maximum, and the server's violation for it. Nothing is
 * computed here that the server decides: the 80 % warning is its `violations` entry.
 */
export function readLimit(limits: ProjectLimits, type: CountedLimit): LimitReading {
  const used = limits.usage[type];
  const max = type === 'files' ? limits.limits.maxFiles : limits.limits.maxUsers;
  const noun = NOUN[type];
  const violation = limits.violations.find((v) => v.type === type);
  const severity = violation?.severity ?? null;
  const left = Math.max(max - used, 0);
  const notice =
    severity === 'error'
      ? `Over the ${limits.plan} limit of ${max} ${noun.many}: remove some or change the plan before adding more.`
      : severity === 'warning' && left === 0
        ? `The ${limits.plan} limit is reached: no more ${noun.many} can be added.`
        : severity === 'warning'
          ? `Nearly at the ${limits.plan} limit: ${left} ${left === 1 ? noun.one : noun.many} left.`
          : null;
  return { text: `${used} of ${max} ${max === 1 ? noun.one : noun.many}`, used, max, severity, notice };
}
