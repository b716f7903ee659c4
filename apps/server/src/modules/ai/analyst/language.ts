/**
 * The languages the built-in analyst answers in. A question is read as Dutch or German when its
 * words say so (common function words and the product's own terms), otherwise as English.
 */
export type Lang = 'en' | 'nl' | 'de';

const DUTCH = new Set([
  'de',
  'het',
  'een',
  'welke',
  'hoeveel',
  'wat',
  'zijn',
  'is',
  'niet',
  'ontbreekt',
  'ontbreken',
  'muren',
  'deuren',
  'ramen',
  'verdieping',
  'verdiepingen',
  'bouwlaag',
  'waarom',
  'moet',
  'ik',
  'eerst',
  'van',
  'voor',
  'met',
  'heeft',
  'hebben',
  'geen',
  'zonder',
  'per',
  'elke',
  'alle',
  'oplossen',
  'falen',
  'faalt',
  'voldoen',
  'voldoet',
  'eisen',
  'eis',
  'specificatie',
  'specificaties',
  'hoe',
  'weer',
  'vat',
  'samen',
  'naleving',
  'gelden',
  'geldt',
  'toepassing',
  'ruimtes',
  'ruimten',
  'wanden',
  'klasse',
  'aan',
  'op',
  'er',
  'mijn',
  'dit',
  'model',
  'wijzigingen',
  'gewijzigd',
  'vorige',
  'versie',
  'brandwerendheid',
  'toon',
  'mij',
  'laat',
  'zien',
  'elementen',
]);
const GERMAN = new Set([
  'der',
  'die',
  'das',
  'welche',
  'welcher',
  'wie',
  'viele',
  'sind',
  'ist',
  'nicht',
  'fehlt',
  'fehlen',
  'wände',
  'waende',
  'türen',
  'tueren',
  'fenster',
  'geschoss',
  'geschossen',
  'stockwerk',
  'was',
  'soll',
  'sollte',
  'ich',
  'zuerst',
  'ein',
  'eine',
  'und',
  'mit',
  'für',
  'fuer',
  'haben',
  'hat',
  'kein',
  'keine',
  'ohne',
  'pro',
  'jede',
  'jedes',
  'alle',
  'beheben',
  'erfüllen',
  'erfüllt',
  'anforderungen',
  'anforderung',
  'spezifikation',
  'spezifikationen',
  'fasse',
  'zusammen',
  'konformität',
  'gilt',
  'gelten',
  'räume',
  'raum',
  'klasse',
  'modell',
  'dieses',
  'wetter',
  'warum',
  'änderungen',
  'geändert',
  'vorherigen',
  'version',
  'feuerwiderstand',
  'zeige',
  'zeig',
  'mir',
  'fehlerhaften',
  'fehlerhafte',
  'elemente',
  'nach',
  'bauteile',
  'wurde',
  'werden',
  'heute',
]);
/** Words both lists share with English: they do not decide. */
const SHARED = new Set(['is', 'per', 'model', 'version', 'die', 'was', 'alle', 'klasse', 'fenster', 'raum']);

/** Dutch or German when at least two of its words are distinctive for that language; else English. */
export function detectLanguage(question: string): Lang {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 0);
  let nl = 0;
  let de = 0;
  for (const w of words) {
    const shared = SHARED.has(w);
    if (DUTCH.has(w)) nl += shared ? 0.5 : 1;
    if (GERMAN.has(w)) de += shared ? 0.5 : 1;
  }
  if (/[äöüß]/.test(question.toLowerCase())) de += 1;
  if (nl >= 2 && nl > de) return 'nl';
  if (de >= 2 && de > nl) return 'de';
  return 'en';
}

/** One wording per language. */
export function say(lang: Lang, text: { en: string; nl: string; de: string }): string {
  return text[lang];
}

const LOCALE: Record<Lang, string> = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE' };

/** A count as the language writes it: 1,234 / 1.234. */
export function num(lang: Lang, n: number): string {
  return n.toLocaleString(LOCALE[lang]);
}

/** A percentage with at most one decimal: 61.7% / 61,7%. */
export function pct(lang: Lang, value: number): string {
  return `${value.toLocaleString(LOCALE[lang], { maximumFractionDigits: 1 })}%`;
}

/** The statuses as every screen names them, in the three languages. */
export const STATUS_WORDS: Record<
  Lang,
  Record<'passed' | 'waived' | 'warning' | 'failed' | 'not_applicable', string>
> = {
  en: {
    passed: 'Passed',
    waived: 'Waived',
    warning: 'Warning',
    failed: 'Failed',
    not_applicable: 'Not Applicable',
  },
  nl: {
    passed: 'Geslaagd',
    waived: 'Uitzondering',
    warning: 'Waarschuwing',
    failed: 'Niet geslaagd',
    not_applicable: 'Niet van toepassing',
  },
  de: {
    passed: 'Bestanden',
    waived: 'Ausnahme',
    warning: 'Warnung',
    failed: 'Nicht bestanden',
    not_applicable: 'Nicht anwendbar',
  },
};
