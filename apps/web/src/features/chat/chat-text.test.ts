import { describe, expect, it } from 'vitest';
import { parseChatText, parseInline } from './chat-text';

describe('parseChatText', () => {
  it('reads the analyst answer: a sentence, a labelled list, another labelled list', () => {
    const text = [
      '13 wall elements fail fire rating in version v1 ("Walls have a fire rating").',
      '',
      'Why:',
      '- Pset_WallCommon.FireRating is missing (13 elements)',
      '',
      'For example:',
      '- Wall "Wand-Int-ERDG-4" on Erdgeschoss: Pset_WallCommon.FireRating is missing',
      '- Wall "Wand-Ext-ERDG-1" on Erdgeschoss: Pset_WallCommon.FireRating is missing',
    ].join('\n');
    const blocks = parseChatText(text);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'list', 'paragraph', 'list']);
    expect(blocks[2]).toEqual({
      kind: 'list',
      ordered: false,
      items: [[{ kind: 'text', text: 'Pset_WallCommon.FireRating is missing (13 elements)' }]],
    });
    expect(blocks[4]?.kind === 'list' && blocks[4].items).toHaveLength(2);
  });

  it('tells numbered lists from bullets, and keeps a line break inside a paragraph', () => {
    const blocks = parseChatText('## Summary\nFirst line\nsecond line\n1. one\n2) two\n* three');
    expect(blocks).toEqual([
      { kind: 'heading', text: [{ kind: 'text', text: 'Summary' }] },
      {
        kind: 'paragraph',
        lines: [[{ kind: 'text', text: 'First line' }], [{ kind: 'text', text: 'second line' }]],
      },
      {
        kind: 'list',
        ordered: true,
        items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two' }]],
      },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'three' }]] },
    ]);
  });

  it('parses bold and code, and leaves an unclosed marker of a streaming answer as text', () => {
    expect(parseInline('Set **FireRating** in `Pset_WallCommon` now')).toEqual([
      { kind: 'text', text: 'Set ' },
      { kind: 'bold', text: 'FireRating' },
      { kind: 'text', text: ' in ' },
      { kind: 'code', text: 'Pset_WallCommon' },
      { kind: 'text', text: ' now' },
    ]);
    expect(parseInline('half **stream')).toEqual([{ kind: 'text', text: 'half **stream' }]);
    expect(parseInline('<script>alert(1)</script>')).toEqual([
      { kind: 'text', text: '<script>alert(1)</script>' },
    ]);
  });
});
