import { describe, expect, it } from 'vitest';
import { recogniseIntent } from './intent';

describe('recogniseIntent', () => {
  it('takes the rule topic from the words after "fail"', () => {
    expect(recogniseIntent('Which walls fail fire rating?')).toEqual({
      kind: 'failing',
      topic: 'fire rating',
      classes: ['IFCWALL', 'IFCWALLSTANDARDCASE', 'IFCWALLELEMENTEDCASE'],
    });
    expect(recogniseIntent('Which walls fail the fire rating check and why?')).toMatchObject({
      kind: 'failing',
      topic: 'fire rating',
    });
  });

  it('reads a question typed over several lines as one line', () => {
    expect(recogniseIntent('Which walls fail\nfire rating?')).toMatchObject({
      kind: 'failing',
      topic: 'fire rating',
    });
  });

  it('tells the other kinds of question apart', () => {
    expect(recogniseIntent('What changed since the last version?')).toEqual({ kind: 'changes' });
    expect(recogniseIntent('Which properties are most often missing?')).toEqual({ kind: 'missing' });
    expect(recogniseIntent('Summarise compliance')).toEqual({ kind: 'compliance' });
    expect(recogniseIntent('How many doors per level?')).toMatchObject({ kind: 'count' });
    expect(recogniseIntent('Hello there')).toEqual({ kind: 'overview' });
  });
});
