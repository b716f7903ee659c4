import { describe, expect, it } from 'vitest';
import { checkSource, compareCatalogues, frenchSpacingProblems, withFrenchSpacing } from './check';

describe('compareCatalogues', () => {
  const en = {
    'x.count': '{count, plural, one {# element} other {# elements}}',
    'x.outcome': '{outcome, select, absent {missing} other {failed}}',
    'x.link': 'Open <link>the guide</link>',
    'x.name': 'Hello {name}',
  };

  it('accepts a translation with the same arguments, whatever its plural cases', () => {
    const fr = {
      'x.count': '{count, plural, =0 {aucun élément} one {# élément} other {# éléments}}',
      'x.outcome': '{outcome, select, absent {manquant} other {non conforme}}',
      'x.link': 'Ouvrir <link>le guide</link>',
      'x.name': 'Bonjour {name}',
    };
    expect(compareCatalogues(en, fr)).toEqual([]);
  });

  it('names missing and surplus ids, renamed or retyped arguments, other select cases and tags', () => {
    const de = {
      'x.count': '{anzahl, plural, one {# Bauteil} other {# Bauteile}}',
      'x.outcome': '{outcome, select, missing {fehlt} other {nicht erfüllt}}',
      'x.link': 'Öffnen Sie die Anleitung',
      'x.extra': 'Zusatz',
    };
    const problems = compareCatalogues(en, de);
    expect(problems.map((p) => p.id).sort()).toEqual(['x.count', 'x.extra', 'x.link', 'x.name', 'x.outcome']);
    expect(problems.find((p) => p.id === 'x.name')?.problem).toBe('missing');
    expect(problems.find((p) => p.id === 'x.count')?.problem).toMatch(/anzahl:number.*count:number/);
    expect(problems.find((p) => p.id === 'x.extra')?.problem).toMatch(/not in the source/);
  });

  it('refuses a number where the source takes a date', () => {
    const problems = compareCatalogues({ d: 'On {at, date}' }, { d: 'Am {at, number}' });
    expect(problems).toHaveLength(1);
  });

  it('reports a message that does not parse', () => {
    expect(checkSource({ broken: '{n, plural, one {x}' })[0]?.problem).toMatch(/does not parse/);
    expect(compareCatalogues({ a: '{n}' }, { a: '{n' })[0]?.problem).toMatch(/does not parse/);
  });
});

describe('frenchSpacingProblems', () => {
  it('names a plain space before : ; ! ? » and after «, in every option and tag', () => {
    expect(frenchSpacingProblems('Erreur : {reason}')).toEqual(['Erreur␣:']);
    expect(frenchSpacingProblems('{n, plural, one {Prêt ?} other {Prêts !}}')).toEqual(['Prêt␣?', 'Prêts␣!']);
    expect(frenchSpacingProblems('<b>« {name} »</b> ; fin')).toEqual(['«␣', '␣»', '␣;']);
  });

  it('accepts no-break spaces and leaves ICU syntax alone', () => {
    expect(frenchSpacingProblems('Erreur\u00a0: {reason}\u202f!')).toEqual([]);
    expect(frenchSpacingProblems('«\u00a0{name}\u00a0» {share, number, ::percent}')).toEqual([]);
    expect(frenchSpacingProblems('Ouvrir https://example.org à 10:30')).toEqual([]);
  });
});

describe('withFrenchSpacing', () => {
  it('puts no-break spaces into the text and leaves the ICU syntax as written', () => {
    const message =
      '« {name} » : {share, number, ::percent} ; {n, plural, one {prêt ?} other {<b>prêts !</b>}}';
    const fixed = withFrenchSpacing(message);
    expect(fixed).toBe(
      '«\u00a0{name}\u00a0»\u00a0: {share, number, ::percent}\u00a0; {n, plural, one {prêt\u00a0?} other {<b>prêts\u00a0!</b>}}',
    );
    expect(frenchSpacingProblems(fixed)).toEqual([]);
  });
});
