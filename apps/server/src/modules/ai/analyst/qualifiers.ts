import { render } from '../../../platform/i18n';
import type { Lang } from './language';
import { fold, squash } from './text';

/**
 * Property words a question may qualify its elements with (issue 35: "any property … in the question
 * must narrow the answer, or the answer must say it could not"). The analyst narrows by IsExternal
 * and LoadBearing (everyday words or a named value) and by a storey, a type and a status; every other
 * word here is one it cannot apply, and the answer says so.
 */
const PROPERTY_WORDS: ReadonlyArray<{ pattern: RegExp; property: string }> = [
  {
    pattern:
      /\bfire[\s-]?(rat(ed|ing)s?|resist(ant|ance))\b|\bbrandwerend(e|heid)?\b|\bfeuer(widerstand\w*|hemmend\w*|bestaendig\w*)\b|\bbrandschutzklasse\b|\bresistance au feu\b|\bcoupe[\s-]feu\b|\breaction au feu\b/,
    property: 'FireRating',
  },
  {
    pattern:
      /\bacoustic(al)?(\s+rating)?\b|\bsound[\s-]?(insulat\w*|rating)\b|\bgeluidsisolatie\b|\bschallschutz\w*|\bacoustique\b|\bisolation acoustique\b/,
    property: 'AcousticRating',
  },
  {
    pattern:
      /\bu[\s-]?(value|waarde|wert)s?\b|\buwert\b|\bthermal(ly)?[\s-]?(transmittance|insulat\w*|resistance)\b|\binsulated\b|\bgeïsoleerde?\b|\bgeisoleerde?\b|\bwaermedaemm\w*|\bgedaemmt\w*|\bvaleurs? u\b|\bcoefficient u\b|\btransmission thermique\b|\bisole(e)?s?\b/,
    property: 'ThermalTransmittance',
  },
  {
    pattern:
      /\bself[\s-]?clos(ing|er)\b|\bzelfsluitende?\b|\bselbstschliessend\w*|\bferme[\s-]portes?\b|\bautofermant\w*/,
    property: 'SelfClosing',
  },
  { pattern: /\b(non[\s-]?)?combustible\b|\bbrandbare?\b|\bbrennbar\w*/, property: 'Combustible' },
  {
    pattern:
      /\b(wider|narrower|taller|thicker|thinner|width|height|thickness|breedte|hoogte|dikte|breder|dikker|breite|hoehe|dicke|breiter|dicker|largeur|hauteur|epaisseur|plus larges?|plus epais(ses?)?)\b/,
    property: 'dimension',
  },
];

/** Quoted parts name a specification or a type: their words qualify nothing. */
const unquoted = (question: string) => question.replace(/["“„«][^"”“»]*["”“»]/g, ' ');

export { filterWord } from './scope';

/** The property words of a question, each as the question wrote it, with the property it means. */
export function propertyWordsIn(question: string): Array<{ word: string; property: string }> {
  const q = fold(unquoted(question));
  const found: Array<{ word: string; property: string }> = [];
  for (const { pattern, property } of PROPERTY_WORDS) {
    const m = pattern.exec(q);
    if (m) found.push({ word: m[0].trim(), property });
  }
  return found;
}

/**
 * The sentence an answer ends with when its question named a property it did not narrow by: null
 * when every property word was applied (`applied`: the property the answer was narrowed by), or when
 * the answer itself is about that property (it names it, as a failing specification's answer does).
 */
export function notAppliedNote(
  lang: Lang,
  question: string,
  /** The names the answer's data holds (its specifications, properties, topics). */
  answered: readonly string[],
  applied: string | null,
  /** Qualifiers the answer's kind could not apply though the analyst reads them (IsExternal, LoadBearing). */
  unapplied: readonly string[] = [],
): { text: string; words: string[] } | null {
  const answer = squash(answered.join(' '));
  const words = [
    ...unapplied.filter((w) => !answer.includes(squash(w))),
    ...propertyWordsIn(question)
      .filter((w) => w.property !== applied)
      .filter((w) => !answer.includes(squash(w.word)) && !answer.includes(squash(w.property)))
      .map((w) => w.word),
  ];
  if (words.length === 0) return null;
  return {
    text: render(lang, 'assistant.notApplied', {
      words: words.map((w) => `"${w}"`).join(', '),
      count: words.length,
    }),
    words,
  };
}
