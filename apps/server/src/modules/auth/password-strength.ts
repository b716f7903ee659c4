import zxcvbnCore from '@zxcvbn-ts/core';
import zxcvbnCommon from '@zxcvbn-ts/language-common';

/** zxcvbn's score (0–4) a password must reach: 3 is "safely unguessable" against throttled online guessing. */
const MIN_SCORE = 3;

/** zxcvbn's warning keys in words a person acts on; any other weakness gets the general sentence. */
const WARNINGS: Record<string, string> = {
  topTen: 'This is one of the most common passwords.',
  topHundred: 'This is a very common password.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is too close to a commonly used password.',
  userInputs: 'The password must not contain your name or e-mail address.',
  wordByItself: 'A single word is easy to guess.',
  namesByThemselves: 'Names on their own are easy to guess.',
  commonNames: 'Common names are easy to guess.',
  straightRow: 'Rows of keys on the keyboard are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
  sequences: 'Sequences like "abc" or "6543" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
};
const GENERAL =
  'This password is too easy to guess: add more words or characters that do not follow a pattern.';

let factory: InstanceType<typeof zxcvbnCore.ZxcvbnFactory> | null = null;

/**
 * Why a password is refused (common, a pattern, or built from the person's name or e-mail), or null
 * when it is strong enough. zxcvbn with its common-password dictionary, loaded on first use.
 */
export function passwordWeakness(
  password: string,
  person: { email: string; fullName: string },
): string | null {
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
  return (warning && WARNINGS[warning]) || GENERAL;
}
