import { describe, expect, it, vi } from 'vitest';
import { compileCatalogue, compileMessage } from './compile';
import { negotiateLocale } from './locales';
import { createTranslator, formatMessage, formatMessageParts } from './translate';

describe('negotiateLocale', () => {
  it('takes the heaviest language we speak', () => {
    expect(negotiateLocale('de-CH;q=0.9, fr;q=0.8, en;q=0.1')).toBe('de');
    expect(negotiateLocale('es, fr-BE;q=0.5')).toBe('fr');
    expect(negotiateLocale('en;q=0.2, nl;q=0.7')).toBe('nl');
    expect(negotiateLocale(['pt-BR', 'NL-be'])).toBe('nl');
  });

  it('answers null for nothing of ours, a zero weight or no header', () => {
    expect(negotiateLocale('es, it;q=0.8')).toBeNull();
    expect(negotiateLocale('de;q=0')).toBeNull();
    expect(negotiateLocale('')).toBeNull();
    expect(negotiateLocale(undefined)).toBeNull();
  });
});

describe('compileMessage', () => {
  it('keeps a message without arguments as its text, unescaping ICU quotes', () => {
    expect(compileMessage('Sign in')).toBe('Sign in');
    expect(compileMessage("Don't use '{braces}'")).toBe("Don't use {braces}");
    expect(Array.isArray(compileMessage('{n} files'))).toBe(true);
  });

  it('names the id of a message that does not parse', () => {
    expect(() => compileMessage('{n, plural, one {# file}', 'files.count')).toThrow(/files\.count/);
  });
});

describe('formatMessage', () => {
  const files = compileMessage('{count, plural, =0 {no files} one {# file} other {# files}}');
  const dateMessage = compileMessage('Checked on {at, date, medium}');

  it('picks the plural case by the number and the locale, with the locale digits', () => {
    expect(formatMessage('en', files, { count: 0 })).toBe('no files');
    expect(formatMessage('en', files, { count: 1 })).toBe('1 file');
    expect(formatMessage('en', files, { count: 12345 })).toBe('12,345 files');
    // German groups thousands with a dot (Intl's own answer, not ours).
    expect(formatMessage('de', files, { count: 12345 })).toBe(
      `${new Intl.NumberFormat('de-DE').format(12345)} files`,
    );
    expect(formatMessage('de', files, { count: 12345 })).toBe('12.345 files');
  });

  it('French counts 0 and 1 as singular', () => {
    const fr = compileMessage('{count, plural, one {# élément} other {# éléments}}');
    expect(formatMessage('fr', fr, { count: 0 })).toBe('0 élément');
    expect(formatMessage('fr', fr, { count: 2 })).toBe('2 éléments');
  });

  it('selects by a value and formats dates for the locale', () => {
    const outcome = compileMessage(
      '{outcome, select, absent {is missing} empty {has no value} other {fails}}',
    );
    expect(formatMessage('en', outcome, { outcome: 'empty' })).toBe('has no value');
    expect(formatMessage('en', outcome, { outcome: 'odd' })).toBe('fails');
    const at = new Date(Date.UTC(2026, 10, 22, 12));
    expect(formatMessage('en', dateMessage, { at })).toBe(
      `Checked on ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(at)}`,
    );
    expect(formatMessage('nl', dateMessage, { at })).toBe(
      `Checked on ${new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium' }).format(at)}`,
    );
  });

  it('renders a missing argument as nothing instead of throwing', () => {
    expect(formatMessage('en', compileMessage('Hello {name}!'), {})).toBe('Hello !');
  });

  it('gives tags to the caller as functions of their content', () => {
    const parts = formatMessageParts<{ link: string }>(
      'en',
      compileMessage('Read the <link>guide</link> first'),
      {
        link: (chunks) => ({ link: chunks.join('') }),
      },
    );
    expect(parts).toEqual(['Read the ', { link: 'guide' }, ' first']);
  });
});

describe('createTranslator', () => {
  const de = compileCatalogue({ 'a.hello': 'Hallo {name}' });
  const en = compileCatalogue({ 'a.hello': 'Hello {name}', 'a.only': 'Only in English' });

  it('searches the catalogues in order and shows an unknown id as itself', () => {
    const t = createTranslator('de', de, en);
    expect(t('a.hello', { name: 'Ada' })).toBe('Hallo Ada');
    expect(t('a.only')).toBe('Only in English');
    expect(t('a.nowhere')).toBe('a.nowhere');
    expect(t.has('a.only')).toBe(true);
    expect(t.has('a.nowhere')).toBe(false);
    expect(t.locale).toBe('de');
  });
});

describe('plain messages (text, arguments, tags) formatted without Intl (decision 0441)', () => {
  // The expected values come from intl-messageformat itself, which formatMessage no longer constructs
  // for these messages.
  const cases: [string, Record<string, unknown> | undefined][] = [
    ['Hello {name}!', { name: 'Ada' }],
    ['{n} of {total} done', { n: 0, total: 12_345 }],
    ['{a}{b}', { a: 'x', b: 7n }],
    ['Missing {name} here', {}],
    ['Missing {name} here', undefined],
    ['Empty {name}', { name: null }],
    ['New here? <link>Create an account</link>.', { link: (chunks: unknown[]) => `[${chunks.join('')}]` }],
    [
      '<b>{who}</b> and <i>{what}</i>',
      { who: 'Ada', what: 'Bob', b: (c: unknown[]) => ({ b: c }), i: (c: unknown[]) => ({ i: c }) },
    ],
    ['<link>only</link>', { link: (c: unknown[]) => ({ tag: c }) }],
    ['<x>{n}</x>', { n: 3, x: (c: unknown[]) => ['(', ...c, ')'] }],
  ];

  it.each(cases)('%s formats as intl-messageformat formats it', async (source, values) => {
    const { IntlMessageFormat } = await import('intl-messageformat');
    const ast = compileMessage(source);
    if (typeof ast === 'string') throw new Error('expected a syntax tree');
    const expected = (() => {
      try {
        return new IntlMessageFormat(ast, 'en-GB').format(values as never);
      } catch {
        // formatMessage's rule for a missing argument: empty text.
        const lenient = new Proxy(values ?? {}, {
          has: () => true,
          get: (t, k) => (k in t ? t[k as string] : ''),
        });
        return new IntlMessageFormat(ast, 'en-GB').format(lenient as never);
      }
    })();
    const parts = formatMessageParts('en', ast, (values ?? {}) as never);
    expect(parts).toEqual(Array.isArray(expected) ? expected : [expected]);
    if (typeof expected === 'string' || Array.isArray(expected))
      expect(formatMessage('en', ast, values as never)).toBe(
        Array.isArray(expected) ? expected.join('') : expected,
      );
  });

  it('does not touch Intl for them', () => {
    const supported = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    try {
      formatMessageParts('fr', compileMessage('Nouveau ? <link>Créer un compte</link> {n}'), {
        link: (c: unknown[]) => c.join(''),
        n: 2,
      } as never);
      expect(supported).not.toHaveBeenCalled();
      formatMessage('fr', compileMessage('{n, plural, one {# fichier} other {# fichiers}}'), { n: 2 });
      expect(supported).toHaveBeenCalled();
    } finally {
      supported.mockRestore();
    }
  });

  it('leaves a message with a plural, a number or a date to intl-messageformat', () => {
    expect(formatMessage('de', compileMessage('{n, number}'), { n: 12345.5 })).toBe('12.345,5');
  });
});
