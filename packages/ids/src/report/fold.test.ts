import { describe, expect, it } from 'vitest';
import { foldedText, foldLongRuns, foldValues } from './fold';

const codes = (n: number) =>
  Array.from({ length: n }, (_, i) => `${11 + Math.floor(i / 90)}.${10 + (i % 90)}`);

describe('folding long enumerations (issue 35)', () => {
  it('shows the first three values and counts the rest, as the screens do', () => {
    expect(foldedText(codes(666))).toBe('11.10, 11.11, 11.12 +663 more');
    expect(foldValues(codes(666))).toEqual({ shown: ['11.10', '11.11', '11.12'], more: 663 });
  });

  it('prints a short list whole', () => {
    expect(foldedText(['A', 'B', 'C'])).toBe('A, B, C');
    expect(foldedText([])).toBe('');
  });

  it('words the rest in the reader’s language', () => {
    expect(foldedText(codes(5), { moreText: (n) => `+${n} weitere` })).toBe('11.10, 11.11, 11.12 +2 weitere');
  });

  it('folds a long run inside a text and leaves short lists alone', () => {
    const text = `Expected one of ${codes(660).join(', ')}. Also A, B, C.`;
    const folded = foldLongRuns(text);
    expect(folded).toBe('Expected one of 11.10, 11.11, 11.12 +657 more. Also A, B, C.');
  });

  it('stays linear on a long text of commas (no backtracking blow-up)', () => {
    const text = `${'x, '.repeat(50_000)}y`;
    expect(foldLongRuns(text).length).toBeLessThan(40);
  });
});
