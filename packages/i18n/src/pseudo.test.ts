import { describe, expect, it } from 'vitest';
import { compileMessage } from './compile';
import { pseudoMessage } from './pseudo';
import { formatMessage } from './translate';

describe('pseudoMessage', () => {
  it('accents the words, brackets them and makes them 40 % longer', () => {
    const shown = formatMessage('en-XA', pseudoMessage('Sign in'), {});
    expect(shown).toBe('[Šíĝñ íñ···]');
    expect(shown.length - 2).toBeGreaterThanOrEqual(Math.ceil('Sign in'.length * 1.4));
  });

  it('keeps arguments, plural structure and tags working', () => {
    const message = pseudoMessage(
      compileMessage('{count, plural, one {# file} other {# files}} in <b>{name}</b>'),
    );
    const shown = formatMessage('en-XA', message, { count: 2, name: 'Wall', b: (c: unknown) => c } as never);
    expect(shown.startsWith('[2 ƒíĺéš íñ Wall')).toBe(true);
    expect(shown.endsWith(']')).toBe(true);
  });
});
