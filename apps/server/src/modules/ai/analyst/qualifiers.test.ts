import { describe, expect, it } from 'vitest';
import { filterWord, notAppliedNote, propertyWordsIn } from './qualifiers';
import { propertyFilterIn } from './scope';

describe('a property the answer could not narrow by is named (issue 35)', () => {
  it('finds the property words of a question as it wrote them, outside quoted names', () => {
    expect(propertyWordsIn('How many fire-rated doors are there?')).toEqual([
      { word: 'fire-rated', property: 'FireRating' },
    ]);
    expect(propertyWordsIn('How many walls have a U-value below 0.3 and are thicker than 200 mm?')).toEqual([
      { word: 'u-value', property: 'ThermalTransmittance' },
      { word: 'thicker', property: 'dimension' },
    ]);
    expect(propertyWordsIn('Hoeveel zelfsluitende deuren zijn er?')).toEqual([
      { word: 'zelfsluitende', property: 'SelfClosing' },
    ]);
    expect(propertyWordsIn('Wie viele feuerhemmende Türen gibt es?')[0]?.property).toBe('FireRating');
    expect(propertyWordsIn('Which doors fail "Every door states its fire rating"?')).toEqual([]);
    expect(propertyWordsIn('How many external walls are there?')).toEqual([]);
  });

  it('says which words it could not apply, in the answer’s language', () => {
    const note = notAppliedNote('en', 'How many fire-rated doors are there?', [], null);
    expect(note?.words).toEqual(['fire-rated']);
    expect(note?.text).toBe(
      'I could not narrow this answer by "fire-rated": the figures above do not take that property into account.',
    );
    const two = notAppliedNote('nl', 'Hoeveel brandwerende en zelfsluitende deuren zijn er?', [], null);
    expect(two?.text).toBe(
      'Ik kon dit antwoord niet beperken tot "brandwerende", "zelfsluitende": de cijfers hierboven houden geen rekening met die eigenschappen.',
    );
  });

  it('adds nothing when the property was applied or is what the answer is about (by the names its data holds)', () => {
    const question = 'How many walls have Pset_WallCommon.FireRating set to "EI 60"?';
    expect(notAppliedNote('en', question, [], propertyFilterIn(question)?.name ?? null)).toBeNull();
    expect(
      notAppliedNote(
        'en',
        'Which doors fail the fire rating requirement?',
        ['Every door states its fire rating'],
        null,
      ),
    ).toBeNull();
    expect(notAppliedNote('en', 'How many doors are there?', [], null)).toBeNull();
  });

  it('names IsExternal and LoadBearing too when the answer’s kind narrows by no property', () => {
    const external = propertyFilterIn('What is the compliance of the external walls?');
    expect(external).not.toBeNull();
    const note = notAppliedNote(
      'en',
      'What is the compliance of the external walls?',
      [],
      null,
      external ? [filterWord(external, 'en')] : [],
    );
    expect(note?.words).toEqual(['external']);
  });
});
