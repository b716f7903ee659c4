import { describe, expect, it } from 'vitest';
import { recogniseIntent, recogniseQuestion } from './intent';

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
    expect(recogniseIntent('Which doors fail "Every door states its fire rating"?')).toMatchObject({
      kind: 'failing',
      topic: 'Every door states its fire rating',
    });
  });

  it('reads a question typed over several lines as one question, every line of it', () => {
    expect(recogniseIntent('Which walls fail\nfire rating?')).toMatchObject({
      kind: 'failing',
      topic: 'fire rating',
    });
    expect(recogniseIntent('I am preparing the review.\nSummarise compliance by storey.')).toEqual({
      kind: 'by_storey',
    });
  });

  it('tells the kinds of question apart', () => {
    expect(recogniseIntent('What changed since the last version?')).toEqual({ kind: 'changes' });
    expect(recogniseIntent('Which properties are most often missing?')).toEqual({ kind: 'missing' });
    expect(recogniseIntent('Which external walls are missing a U-value?')).toMatchObject({ kind: 'lacking' });
    expect(recogniseIntent('Summarise compliance')).toEqual({ kind: 'compliance' });
    expect(recogniseIntent('Summarise compliance by storey')).toEqual({ kind: 'by_storey' });
    expect(recogniseIntent('Compliance by class')).toMatchObject({ kind: 'by_class' });
    expect(recogniseIntent('Show compliance per specification')).toEqual({ kind: 'by_specification' });
    expect(recogniseIntent('Which requirements fail most often?')).toEqual({ kind: 'by_requirement' });
    expect(recogniseIntent('What should I fix first?')).toEqual({ kind: 'fix' });
    expect(recogniseIntent('Which specifications apply to doors?')).toMatchObject({ kind: 'applicability' });
    expect(recogniseIntent('How many doors per level?')).toMatchObject({ kind: 'count' });
  });

  it('does not present the overview as an answer to what it cannot answer', () => {
    for (const q of ['Hello there', "What's the weather in Sydney?"])
      expect(recogniseIntent(q)).toEqual({ kind: 'unanswerable' });
  });

  it('recognises Dutch and German', () => {
    expect(recogniseQuestion('Wat moet ik eerst oplossen?')).toMatchObject({
      lang: 'nl',
      intent: { kind: 'fix' },
    });
    expect(recogniseQuestion('Welche Türen erfüllen die Anforderungen nicht?')).toMatchObject({
      lang: 'de',
      intent: { kind: 'failing', classes: ['IFCDOOR', 'IFCDOORSTANDARDCASE'] },
    });
    expect(recogniseQuestion('Which doors fail?').lang).toBe('en');
  });
});
