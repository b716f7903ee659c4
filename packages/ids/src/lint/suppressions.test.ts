/** Suppression comments: a reasoned one silences its rule in the next element (or the file), errors never. */
import { describe, expect, it } from 'vitest';
import { entity, ids, spec, sv } from '../testing/ids-xml';
import { lintIds } from './lint';

const abstract = (comment = '') =>
  ids(
    `${comment}${spec({ applicability: entity('IFCBUILDINGELEMENT'), requirements: `<attribute><name>${sv('Name')}</name></attribute>` })}`,
  );
const rules = (text: string) => lintIds(text).diagnostics.map((d) => d.rule);

describe('suppression comments', () => {
  it('silence a warning in the element after the comment, and only there', () => {
    expect(rules(abstract())).toContain('entity-abstract');
    const suppressed = abstract('<!-- plumbline-ignore entity-abstract: generic elements are meant -->\n');
    expect(rules(suppressed)).not.toContain('entity-abstract');
    expect(rules(suppressed)).not.toContain('suppression-unused');
    // The comment before the <info> element covers <info>, not the specification.
    const elsewhere = abstract().replace(
      '<info>',
      '<!-- plumbline-ignore entity-abstract: generic -->\n<info>',
    );
    expect(rules(elsewhere)).toEqual(expect.arrayContaining(['entity-abstract', 'suppression-unused']));
  });

  it('silence the whole file with plumbline-ignore-file', () => {
    const text = abstract().replace(
      '<info>',
      '<!-- plumbline-ignore-file entity-abstract, applicability-without-entity: a generic pack -->\n<info>',
    );
    expect(rules(text)).not.toContain('entity-abstract');
  });

  it('never silence an error, and say so', () => {
    const text = ids(spec({ applicability: entity('IFCWAL') })).replace(
      '<specification ',
      '<!-- plumbline-ignore entity-unknown: ours -->\n<specification ',
    );
    expect(rules(text)).toEqual(expect.arrayContaining(['entity-unknown', 'suppression-of-error']));
  });
});
