/**
 * The message catalogue and the rule table stay complete: every rule has a summary and its main
 * message, every message is valid ICU MessageFormat in the subset format-message.ts renders, and
 * LINT.md documents every rule in a row of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMessageSyntax, formatMessage } from './format-message';
import messages from './messages.en.json';
import { RULE_IDS } from './rules';

const catalogue: Record<string, string> = messages;

describe('the English catalogue', () => {
  it('has a summary and a message for every rule', () => {
    const missing = RULE_IDS.flatMap((id) =>
      [`lint.summary.${id}`, ...(id === 'ids-structure' ? [] : [`lint.${id}`])].filter(
        (key) => !(key in catalogue),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('holds only valid messages', () => {
    for (const [id, message] of Object.entries(catalogue))
      expect(() => checkMessageSyntax(message), id).not.toThrow();
  });

  it('names only rules that exist', () => {
    const rules = new Set<string>(RULE_IDS);
    const stray = Object.keys(catalogue)
      .filter((k) => k.startsWith('lint.') && !k.startsWith('lint.fix.'))
      .map((k) =>
        k.startsWith('lint.summary.') ? k.slice('lint.summary.'.length) : (k.split('.')[1] as string),
      )
      .filter((rule) => !rules.has(rule));
    expect(stray).toEqual([]);
  });
});

describe('LINT.md', () => {
  it('has a row for every rule, and no row for a rule that does not exist', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../LINT.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    expect([...rows].sort()).toEqual([...RULE_IDS].sort());
  });
});

describe('formatMessage', () => {
  const c = {
    plain: 'Hello {name}.',
    plural: '{count, plural, one {# class has} other {# classes have}} it.',
    exact: '{n, plural, =0 {none} other {#}}',
    select: '{kind, select, object {an object} other {a list}}',
    quoted: "It''s '{literal}' here.",
  };
  it('fills arguments, plurals (with # and =N), selects and ICU quotes', () => {
    expect(formatMessage(c, 'plain', { name: 'IFCWALL' })).toBe('Hello IFCWALL.');
    expect(formatMessage(c, 'plural', { count: 1 })).toBe('1 class has it.');
    expect(formatMessage(c, 'plural', { count: 3 })).toBe('3 classes have it.');
    expect(formatMessage(c, 'exact', { n: 0 })).toBe('none');
    expect(formatMessage(c, 'select', { kind: 'object' })).toBe('an object');
    expect(formatMessage(c, 'select', { kind: 'list' })).toBe('a list');
    expect(formatMessage(c, 'quoted')).toBe("It's {literal} here.");
  });
  it('answers an unknown id with the id and refuses a malformed message', () => {
    expect(formatMessage(c, 'nope')).toBe('nope');
    expect(() => checkMessageSyntax('{a, plural, one {x}}')).toThrow();
    expect(() => checkMessageSyntax('a } b')).toThrow();
  });
});
