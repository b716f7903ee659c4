import type { MessageValues } from '@plumbline/i18n';
import { intlLocale, type Locale } from '@plumbline/i18n';
import { render, type ServerMessageId } from '../../../platform/i18n';

/**
 * The languages the built-in analyst reads and answers in. The answer is in the asking person's
 * language (the request's, decision 0415); the question may be written in any of the four, and its
 * words are read as such (a Dutch, German or French question is understood whatever the answer's
 * language). `questionLanguage` says which one a question is written in.
 */
export type Lang = Locale;

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
const FRENCH = new Set([
  'le',
  'la',
  'les',
  'des',
  'du',
  'un',
  'une',
  'quels',
  'quelles',
  'quel',
  'quelle',
  'combien',
  'sont',
  'est',
  'ne',
  'pas',
  'manque',
  'manquent',
  'murs',
  'portes',
  'fenêtres',
  'fenetres',
  'dalles',
  'poteaux',
  'poutres',
  'escaliers',
  'étage',
  'etage',
  'étages',
  'etages',
  'niveau',
  'niveaux',
  'pourquoi',
  'dois',
  'je',
  'corriger',
  'abord',
  'avec',
  'pour',
  'sans',
  'par',
  'chaque',
  'tous',
  'toutes',
  'échouent',
  'echouent',
  'échoue',
  'echoue',
  'exigences',
  'exigence',
  'spécification',
  'spécifications',
  'specifications',
  'résume',
  'resume',
  'résumez',
  'conformité',
  'conformite',
  'conformes',
  'appliquent',
  's’appliquent',
  'classe',
  'modèle',
  'modele',
  'ce',
  'dans',
  'changé',
  'modifications',
  'précédente',
  'precedente',
  'résistance',
  'feu',
  'montre',
  'moi',
  'éléments',
  'elements',
  'propriétés',
  'proprietes',
  'locaux',
  'pièces',
  'espaces',
  'il',
  'y',
  'a',
  'qu',
  'quoi',
]);
/** Words several lists share with English or with each other: they count half. */
const SHARED = new Set([
  'is',
  'per',
  'model',
  'version',
  'die',
  'was',
  'alle',
  'klasse',
  'fenster',
  'raum',
  'de',
  'a',
  'elements',
  'specifications',
  'resume',
  'classe',
  'il',
  'y',
  'ce',
  'par',
  'est',
]);

/** The language a question is written in: the one with at least two of its distinctive words; else English. */
export function questionLanguage(question: string): Lang {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}’']+/u)
    .flatMap((w) => (/[’']/.test(w) ? [w, ...w.split(/[’']/)] : [w]))
    .filter((w) => w.length > 0);
  let nl = 0;
  let de = 0;
  let fr = 0;
  for (const w of words) {
    const weight = SHARED.has(w) ? 0.5 : 1;
    if (DUTCH.has(w)) nl += weight;
    if (GERMAN.has(w)) de += weight;
    if (FRENCH.has(w)) fr += weight;
  }
  const lower = question.toLowerCase();
  if (/[äöüß]/.test(lower)) de += 1;
  if (/[éèêàçùœ]/.test(lower)) fr += 1;
  const best = Math.max(nl, de, fr);
  if (best < 2) return 'en';
  if (nl === best && nl > de && nl > fr) return 'nl';
  if (de === best && de > nl && de > fr) return 'de';
  if (fr === best && fr > nl && fr > de) return 'fr';
  return 'en';
}

/**
 * One of the analyst's sentences in the answer's language: a message id of the assistant's catalogue
 * (`apps/server/src/messages/assistant/`) with its values, rendered as every server text is
 * (`platform/i18n.ts`). Names from the model and the IDS (specifications, storeys, classes, property
 * names) are values, never translated.
 */
export function say(lang: Lang, id: AssistantMessageId, values?: MessageValues): string {
  return render(lang, id, values);
}

/** An id of the assistant's catalogue. */
export type AssistantMessageId = Extract<ServerMessageId, `assistant.${string}`>;

/** The statuses as every screen names them (the catalogue's `assistant.status.*`). */
export function statusWord(
  lang: Lang,
  status: 'passed' | 'waived' | 'warning' | 'failed' | 'not_applicable',
): string {
  return say(lang, 'assistant.status', { status });
}

/** A count as the language writes it: 1,234 / 1.234 / 1 234. */
export function num(lang: Lang, n: number): string {
  return n.toLocaleString(intlLocale(lang));
}

/** A percentage with at most one decimal: 61.7% / 61,7% / 61,7 %. */
export function pct(lang: Lang, value: number): string {
  const figure = value.toLocaleString(intlLocale(lang), { maximumFractionDigits: 1 });
  return lang === 'fr' ? `${figure}\u202f%` : `${figure}%`;
}
