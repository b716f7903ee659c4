import type { ContractsMessageId } from '@plumbline/contracts';
import zxcvbnCore from '@zxcvbn-ts/core';
import zxcvbnCommon from '@zxcvbn-ts/language-common';

/** zxcvbn's score (0–4) a password must reach: 3 is "safely unguessable" against throttled online guessing. */
const MIN_SCORE = 3;

/** zxcvbn's warning keys we word (the catalogue's `password.weak.<key>`); any other gets the general message. */
const WARNINGS = new Set([
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'userInputs',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
]);

let factory: InstanceType<typeof zxcvbnCore.ZxcvbnFactory> | null = null;

/**
 * Why a password is refused (common, a pattern, or built from the person's name or e-mail), as a message
 * id, or null when it is strong enough. zxcvbn with its common-password dictionary, loaded on first use.
 */
export function passwordWeakness(
  password: string,
  person: { email: string; fullName: string },
): ContractsMessageId | null {
  factory ??= new zxcvbnCore.ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
  });
  const [local = '', domain = ''] = person.email.split('@');
  const inputs = [person.email, local, domain.split('.')[0] ?? '', ...person.fullName.split(/\s+/)].filter(
    (input) => input.length >= 3,
  );
  // zxcvbn's cost grows with length; the schema allows 256 characters, judged on the first 100.
  const result = factory.check(password.slice(0, 100), inputs);
  if (result.score >= MIN_SCORE) return null;
  const warning = result.feedback.warning;
  return warning && WARNINGS.has(warning)
    ? (`password.weak.${warning}` as ContractsMessageId)
    : 'password.weak.general';
}
