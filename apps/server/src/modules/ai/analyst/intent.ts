import { classesInText } from './classes';
import { type Lang, questionLanguage } from './language';
import { fold } from './text';

/** What a question asks for, and the arguments the matching analyst function needs. */
export type Intent =
  | { kind: 'changes' }
  | { kind: 'fix' }
  | { kind: 'insights' }
  | { kind: 'nothing' }
  | { kind: 'applicability'; classes: string[] }
  | { kind: 'lacking'; classes: string[]; external: boolean }
  | { kind: 'missing' }
  | { kind: 'by_storey' }
  | { kind: 'by_class'; classes: string[] }
  | { kind: 'by_specification' }
  | { kind: 'by_requirement' }
  | { kind: 'failing'; topic: string | null; classes: string[] }
  | { kind: 'count'; classes: string[] }
  | { kind: 'compliance' }
  | { kind: 'overview' }
  | { kind: 'unanswerable' };

export interface RecognisedQuestion {
  /** The whole question on one line (a question typed over several lines is read in full). */
  text: string;
  /** The language the question is written in (its words are read in all four either way). */
  lang: Lang;
  intent: Intent;
}

const CHANGES =
  /\b(chang(e|es|ed)|differen(ce|ces|t)|diff|compared?|since (the )?(last|previous|prior)|previous version|last version|added|removed|deleted|new elements|gewijzigd|veranderd|wijzigingen|verschil(len)?|vorige versie|geaendert|aenderungen|unterschied(e)?|vorherigen? version|modifi(e|es|ee|ees|cations?)|ajoute(e)?s?|supprime(e)?s?|differences?|version precedente|depuis la (derniere|precedente) version)\b/;
const FIX =
  /\b(fix(ed|es|ing)? first|what (should|do|must) (i|we) (fix|do|tackle|address)|fix list|prioriti[sz](e|ed|ation)|priorit(y|ies)|where (should|do) (i|we) start|quick wins?|biggest impact|(eerst|het eerst) (op)?(lossen|aanpakken|repareren)|oplossen|prioriteit(en)?|zuerst (beheben|angehen|reparieren)|beheben|prioritaet(en)?|corriger (en )?(premier|d'abord)|que (dois|devons)[- ](je|nous) corriger|par quoi commencer|priorites?|prioritaires?)\b/;
const OFF_TOPIC_LEADS =
  /\b(optimi[sz](e|ation|ations)|design (opportunit|improvement)|weather|weer in|wetter|stock price|joke|recipe)/;
/** A question about the previous version, even when it names failures ('Which failures are new since …'). */
const SINCE_VERSION =
  /\b(since (the )?(last|previous|prior)|(previous|last) version|vorige versie|letzten version|vorherigen? version|version precedente|derniere version)\b/;
const INSIGHTS =
  /\b(design optimi[sz]ation opportunit(y|ies)|optimi[sz]ation opportunit(y|ies)|insights? (would|could|to) help|deliver better value)\b/;
/** 'Which specifications apply to nothing?' */
const NOTHING =
  /\b(appl(y|ies) to (nothing|no elements?|none)|(do|does) not apply to any( element)?|on niets|op niets|op geen (enkel )?element|fuer kein(e|en)? (element|bauteil)e?|fuer nichts|gelten fuer nichts|auf nichts|(ne )?s'appliqu\w* a (rien|aucun element))\b/;
const APPLIES =
  /\b(appl(y|ies|icable)|relevant (to|for)|van toepassing|gelden|geldt|anwendbar|gilt|gelten|betrifft|betreffen|s'appliqu\w*|applicables?|concern\w*)\b/;
const MISSING =
  /\b(missing|have no|has no|keine[nm]?|kein|geen|absent|lacking|lacks?|without|empty|not (filled|populated|provided)|no value|ontbreekt|ontbreken|missen|mist|zonder|fehlt|fehlen|ohne|manqu\w*|sans|n'ont pas|n'a pas|aucune?|absente?s?)\b/;
const PROPERTY =
  /\b(propert(y|ies)|psets?|property sets?|attributes?|parameters?|data|information|values?|eigenschap(pen)?|kenmerken|gegevens|eigenschaft(en)?|merkmale?|daten|proprietes?|attributs?|parametres?|donnees|informations?)\b/;
const STOREY =
  /\b(storeys?|stor(y|ies)|levels?|floors?|verdieping(en)?|bouwla(ag|gen)|niveaus?|geschoss(e|en)?|stockwerk(e|en)?|etagen?|ebenen?|etages?|niveaux?)\b/;
const BREAKDOWN = /\b(by|per|each|every|for each|across|elke|iedere|pro|je|nach|jede[sm]?|par|chaque)\b/;
/** 'Which storey has the most failures?': a breakdown, unlike 'Which elements on Level 02 fail?'. */
const WHICH_STOREY =
  /\b(which|what|welke|welche|most|meeste|meisten|quels?|quelles?|plus)\b.{0,12}\b(storeys?|levels?|floors?|verdieping(en)?|geschoss(e)?|stockwerk(e)?|etagen?|etages?|niveaux?)\b(?!\s*\d)/;
const CLASS_WORDS =
  /\b(class(es?)?|element types?|types? of elements?|categor(y|ies)|entit(y|ies)|ifc class(es)?|klassen?|elementtypen?|categorie(e?n)?|kategorien?|typen?)\b/;
const SPEC_WORDS =
  /\b(specifications?|specs?|ids rules?|rules?|specificaties?|spezifikation(en)?|regeln?|regles?)\b/;
const REQUIREMENT_WORDS = /\b(requirements?|facets?|eis(en)?|anforderung(en)?|exigences?)\b/;
const FAILING =
  /\b(fail(s|ed|ing|ures?)?|non[\s-]?complian(t|ce)|not complian(t|ce)|violat(e|es|ing|ions?)|(do|does|did) not (meet|comply|pass)|(don't|doesn't|didn't) (meet|comply|pass)|breach(es)?|falen|faalt|voldoen niet|voldoet niet|niet voldoen|niet voldoet|afgekeurd|fehlschlag\w*|scheitern|scheitert|nicht erfuell\w*|erfuell\w*\b.*\bnicht|durchgefallen|nicht konform|nicht bestanden|fehlerhaft\w*|foutieve?|echou\w*|echec\w*|non[\s-]?conformes?|ne (sont|est) pas conformes?|ne (respectent|respecte|satisfont|satisfait) pas)\b/;
const COMPLIANCE =
  /\b(complian(ce|t)|summar(y|ise|ize)|overview of (the )?(checks?|rules?|compliance)|pass rate|score|ids|status|results?|how (are|is) (we|it|the model) doing|naleving|samenvatting|vat .* samen|resultaten|konformitaet|einhaltung|zusammenfassung|fasse .* zusammen|ergebnisse?|conformite|resume\w*|resultats?|synthese|bilan)\b/;
const COUNT =
  /\b(how many|count|number of|quantity|quantities|total|list|hoeveel|aantal|wie ?viele|anzahl|combien|nombre d[e'])/;
const ELEMENT_WORDS =
  /\b(elements?|objects?|products?|elementen|objecten|elemente|objekte|bauteile|objets?)\b/;
const OVERVIEW =
  /\b(what('s| is) in (the|this) model|overview of (the|this) model|describe (the|this) model|model overview|wat zit er in|overzicht van het model|was ist im modell|ueberblick ueber das modell|que contient (ce|le) modele|apercu du modele|qu'y a-t-il dans (ce|le) modele)\b/;

/** Filler words around a rule's topic: 'Which walls fail the fire rating check?' → 'fire rating'. */
const FILLER = new Set(
  'the a an to meet comply with pass on in for of their its any requirement requirements eis eisen anforderung anforderungen check checks rule rules specification specifications spec specs ids test tests criteria and why because model this version aan de het een op van voor niet der die das den dem ein eine an und nicht warum wegen le la les l de des du d a au aux pour ne pas par exigence exigences regle regles verification controle pourquoi'.split(
    ' ',
  ),
);

function topicAfterFail(question: string, classWordsRemoved: string): string | null {
  // An apostrophe inside a word (French "n'ont", "l'exigence") opens no quote.
  const quoted = /(?:["“„«]|(?<!\p{L})['‘])\s*([^"”“'’»]{3,}?)\s*["”“'’»]/u.exec(question);
  if (quoted?.[1]) return quoted[1].trim();
  const match =
    /\b(?:fail(?:s|ed|ing)?|violat(?:e|es|ing)|(?:do|does|did|don't|doesn't|didn't)(?: not)? (?:meet|comply with|pass)|non[\s-]?compliant with|not compliant with|voldoen niet aan|voldoet niet aan|falen op|falen voor|scheitern an|erfuellen nicht|echou\w*|ne (?:respectent|respecte|satisfont|satisfait) pas)\b(.*)$/i.exec(
      classWordsRemoved,
    );
  if (!match?.[1]) return null;
  const words = match[1]
    .toLowerCase()
    .replace(/[^\p{L}0-9_.\s-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  while (words.length > 0 && FILLER.has(words[0] as string)) words.shift();
  while (words.length > 0 && FILLER.has(words[words.length - 1] as string)) words.pop();
  const stop = words.findIndex((w) => FILLER.has(w) && w !== 'of');
  const topic = (stop === -1 ? words : words.slice(0, stop)).join(' ').trim();
  return topic.length > 1 ? topic : null;
}

/** The question with the words that named element kinds blanked, so they are not read as a topic. */
function withoutClassWords(text: string): string {
  return text.replace(
    /\b(walls?|doors?|windows?|slabs?|roofs?|columns?|beams?|stairs?|spaces?|rooms?|elements?|muren|deuren|ramen|wanden|waende|tueren|fenster|raeume|ruimtes?|ruimten|elementen|elemente|murs?|portes?|fenetres?|espaces?|locaux|pieces?)\b/gi,
    ' ',
  );
}

/** Recognises a question's language and intent by keywords and patterns. */
export function recogniseQuestion(asked: string): RecognisedQuestion {
  // A question typed over several lines (Shift+Enter) is read as one question, every line of it.
  const text = asked.replace(/\s+/g, ' ').trim();
  const q = fold(text);
  const lang = questionLanguage(text);
  // Quoted text names a specification or a value, not the element kinds asked about.
  const classes = classesInText(q.replace(/["“„«][^"”“»]*["”“»]/g, ' '));
  const intent = ((): Intent => {
    // The chat box's own example and its lead: answered from the data (issue 35).
    if (INSIGHTS.test(q)) return { kind: 'insights' };
    if (NOTHING.test(q)) return { kind: 'nothing' };
    if (OFF_TOPIC_LEADS.test(q)) return { kind: 'unanswerable' };
    if (CHANGES.test(q) && (!FAILING.test(q) || SINCE_VERSION.test(q))) return { kind: 'changes' };
    if (FIX.test(q)) return { kind: 'fix' };
    if (APPLIES.test(q) && (classes.length > 0 || SPEC_WORDS.test(q)))
      return { kind: 'applicability', classes };
    if (MISSING.test(q)) {
      return PROPERTY.test(q) && classes.length === 0 && !/\b(u[\s-]?value|fire|load|brand|feuer)/.test(q)
        ? { kind: 'missing' }
        : { kind: 'lacking', classes, external: false };
    }
    if (COUNT.test(q) && classes.length > 0 && !FAILING.test(q)) return { kind: 'count', classes };
    if (COUNT.test(q) && ELEMENT_WORDS.test(q) && !FAILING.test(q)) return { kind: 'overview' };
    // 'Which doors fail? Please list them by level.': failing doors, broken down per storey.
    if (
      STOREY.test(q) &&
      (BREAKDOWN.test(q) || COMPLIANCE.test(q) || WHICH_STOREY.test(q)) &&
      !(FAILING.test(q) && classes.length > 0)
    )
      return { kind: 'by_storey' };
    if (
      REQUIREMENT_WORDS.test(q) &&
      classes.length === 0 &&
      !ELEMENT_WORDS.test(q) &&
      (FAILING.test(q) ||
        BREAKDOWN.test(q) ||
        /\bwhich|welke|welche|most|meest|meisten|quel(le)?s?|plus souvent\b/.test(q))
    )
      return { kind: 'by_requirement' };
    // 'How compliant are the windows?', 'What percentage of walls pass?': that class's statuses.
    if (
      classes.length > 0 &&
      !FAILING.test(q) &&
      (COMPLIANCE.test(q) || /\b(pass(es|ed)?|percentage|compliant|pourcentage|conformes?)\b/.test(q))
    )
      return { kind: 'by_class', classes };
    if (CLASS_WORDS.test(q) && (BREAKDOWN.test(q) || COMPLIANCE.test(q)))
      return { kind: 'by_class', classes };
    if (FAILING.test(q)) {
      if (classes.length === 0 && SPEC_WORDS.test(q) && !/["“„«]/.test(text))
        return { kind: 'by_specification' };
      return { kind: 'failing', topic: topicAfterFail(text, withoutClassWords(q)), classes };
    }
    if (SPEC_WORDS.test(q) && (BREAKDOWN.test(q) || /\b(which|welke|welche|quel(le)?s?)\b/.test(q)))
      return { kind: 'by_specification' };
    if (OVERVIEW.test(q)) return { kind: 'overview' };
    if (COUNT.test(q) && ELEMENT_WORDS.test(q)) return { kind: 'overview' };
    if (COMPLIANCE.test(q) || SPEC_WORDS.test(q)) return { kind: 'compliance' };
    if (classes.length > 0 && COUNT.test(q)) return { kind: 'count', classes };
    return { kind: 'unanswerable' };
  })();
  return { text, lang, intent };
}

/** The intent alone (tests and the report's questions). */
export function recogniseIntent(asked: string): Intent {
  return recogniseQuestion(asked).intent;
}
