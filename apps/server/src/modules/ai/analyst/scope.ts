import type { PopulationElement, VersionFacts } from './facts';
import { type Lang, say } from './language';
import { fold, squash } from './text';

/**
 * What in a question narrows its answer besides the element kinds: a storey (named, or used as a
 * noun: 'windows on the roof'), a property value (external, internal, load-bearing, or
 * 'Pset_WallCommon.IsExternal set to true'), a type named in the question, a status ('passed'), and a
 * follow-up asking for a breakdown per storey. Every part found narrows the answer; the answer says
 * which it applied (issue 35).
 */
export interface PropertyFilter {
  name: string;
  /** Compared case-blind with the element's value ('true' matches TRUE and .T.). */
  value: string;
  /** The everyday word the question used ('external': the catalogue's `assistant.qualifier`), or null when it named the property itself. */
  word: 'external' | 'internal' | 'loadBearing' | 'notLoadBearing' | null;
  propertySet: string | null;
}

export interface Scope {
  storey: string | null;
  /** The storey was read from a noun the class words also matched ('roof'): drop that class. */
  storeyNoun: string[] | null;
  property: PropertyFilter | null;
  typeName: string | null;
  status: 'passed' | null;
  byLevel: boolean;
}

/** Words for storeys people use as nouns, each with the words of a storey name they mean. */
const STOREY_NOUNS: ReadonlyArray<{ asked: RegExp; names: RegExp; classes: string[] }> = [
  {
    asked:
      /\b(on|at|in|onto|op|aan|auf|am|im|sur|en)\s+(the\s+|het\s+|de\s+|dem\s+|der\s+|das\s+|le\s+|la\s+)?(roof|dak|dach|toit|toiture)\b/,
    names: /roof|dak|dach|toit/,
    classes: ['IFCROOF'],
  },
  {
    asked:
      /\b(on|at|in|op|auf|im|au)\s+(the\s+|de\s+|het\s+|dem\s+)?(ground floor|begane grond|erdgeschoss|rez[\s-]de[\s-]chaussee)\b/,
    names: /ground|begane|erdgeschoss|\beg\b|rez/,
    classes: [],
  },
];

const EXTERNAL = /\b(external|exterior|outside|outer|buiten\w*|aussen\w*|externe?|exterieur\w*)\b/;
const INTERNAL = /\b(internal|interior|inner|inside|binnen\w*|innen\w*|interne?|interieur\w*)\b/;
const NOT_LOAD_BEARING =
  /\b(non|not)[\s-]?load[\s-]?bearing\b|niet[\s-]?dragend|nicht[\s-]?tragend|\bnon[\s-]?porteu(r|rs|se|ses)\b/;
const LOAD_BEARING = /\bload[\s-]?bearing\b|\bdragende?\b|\btragende?\b|\bporteu(r|rs|se|ses)\b/;
const EXPLICIT =
  /\b(?:(pset_\w+)\.)?(isexternal|loadbearing|firerating|acousticrating|combustible|compartmentation)\b\s*(?:is|=|==|set to|equals?|gelijk aan|ist|est|egal a)?\s*(true|false|yes|no|waar|onwaar|wahr|falsch|vrai|faux|"[^"]+"|[\w.-]+)?/;

const PROPERTY_CASE: Record<string, string> = {
  isexternal: 'IsExternal',
  loadbearing: 'LoadBearing',
  firerating: 'FireRating',
  acousticrating: 'AcousticRating',
  combustible: 'Combustible',
  compartmentation: 'Compartmentation',
};

function booleanWord(v: string | undefined): string | null {
  if (!v) return null;
  if (/^(true|yes|waar|wahr|vrai)$/.test(v)) return 'true';
  if (/^(false|no|onwaar|falsch|faux)$/.test(v)) return 'false';
  return v.replace(/^"|"$/g, '');
}

/** The property filter a question asks for, or null. */
export function propertyFilterIn(question: string): PropertyFilter | null {
  const q = fold(question);
  const explicit = EXPLICIT.exec(q);
  if (explicit?.[2]) {
    const value = booleanWord(explicit[3]) ?? 'true';
    return {
      name: PROPERTY_CASE[explicit[2]] ?? explicit[2],
      value,
      word: null,
      propertySet: explicit[1] ? (/pset_\w+/i.exec(question)?.[0] ?? null) : null,
    };
  }
  if (NOT_LOAD_BEARING.test(q))
    return {
      name: 'LoadBearing',
      value: 'false',
      word: 'notLoadBearing',
      propertySet: null,
    };
  if (LOAD_BEARING.test(q))
    return {
      name: 'LoadBearing',
      value: 'true',
      word: 'loadBearing',
      propertySet: null,
    };
  if (EXTERNAL.test(q))
    return {
      name: 'IsExternal',
      value: 'true',
      word: 'external',
      propertySet: null,
    };
  if (INTERNAL.test(q))
    return {
      name: 'IsExternal',
      value: 'false',
      word: 'internal',
      propertySet: null,
    };
  return null;
}

/** A breakdown per storey asked for, often on a follow-up line ('Please list them by level.'). */
export function asksByLevel(question: string): boolean {
  return /\b(by|per|for each|each|nach|pro|je|par|chaque)\s+(level|storey|story|floor|verdieping|bouwlaag|geschoss|stockwerk|etage|ebene|niveau)[sx]?\b/.test(
    fold(question),
  );
}

/** The storey a noun in the question means ('on the roof' → the storey named 'Roof'), or null. */
export function storeyNoun(
  question: string,
  storeys: readonly string[],
): { storey: string; classes: string[] } | null {
  const q = fold(question);
  for (const noun of STOREY_NOUNS) {
    if (!noun.asked.test(q)) continue;
    const storey = storeys.find((s) => noun.names.test(fold(s)));
    if (storey) return { storey, classes: noun.classes };
  }
  return null;
}

/** The type named in the question: the longest type name (or its part after ':') the question holds. */
export function typeNamed(question: string, rows: readonly PopulationElement[]): string | null {
  const q = squash(question);
  const names = new Set(rows.flatMap((r) => (r.typeName ? [r.typeName] : [])));
  const found = [...names]
    .filter((n) => {
      const short = squash(n.includes(':') ? n.slice(n.lastIndexOf(':') + 1) : n);
      return short.length >= 5 && q.includes(short);
    })
    .sort((a, b) => b.length - a.length);
  return found[0] ?? null;
}

/** The storeys of the version (the names elements carry). */
export async function storeysOf(facts: VersionFacts): Promise<string[]> {
  return [...new Set((await facts.elements()).flatMap((e) => (e.level ? [e.level] : [])))];
}

/** Elements with a property value (case-blind), by the explorer's property rows. */
export async function elementsWithValue(facts: VersionFacts, filter: PropertyFilter): Promise<Set<number>> {
  const version = {
    id: facts.version.id,
    processedAt: facts.version.processedAt ?? null,
    projectId: facts.ctx.projectId,
  };
  if (filter.value === 'true')
    return new Set(
      await facts.ctx.explorer.elementsWithProperty(version, {
        name: filter.name,
        propertySet: filter.propertySet,
        test: 'true',
      }),
    );
  if (filter.value === 'false') {
    // Holding the property with a value, and that value not true.
    const [valued, yes] = await Promise.all([
      facts.ctx.explorer.elementsWithProperty(version, {
        name: filter.name,
        propertySet: filter.propertySet,
        test: 'valued',
      }),
      facts.ctx.explorer.elementsWithProperty(version, {
        name: filter.name,
        propertySet: filter.propertySet,
        test: 'true',
      }),
    ]);
    const truthy = new Set(yes);
    return new Set(valued.filter((id) => !truthy.has(id)));
  }
  return new Set();
}

/**
 * '23 external walls … (IsExternal = true)' / '23 walls with IsExternal = true', in the answer's
 * language: the head goes before a storey or type, the tail after it.
 */
export function qualified(
  lang: Lang,
  n: number,
  kinds: string,
  filter: PropertyFilter | null,
): { head: string; tail: string } {
  if (!filter) return { head: say(lang, 'assistant.qualified.plain', { n, kinds }), tail: '' };
  const property = `${filter.propertySet ? `${filter.propertySet}.` : ''}${filter.name}`;
  if (lang === 'en' && filter.word)
    return {
      head: say(lang, 'assistant.qualified.word', { n, word: filterWord(filter, lang), kinds }),
      tail: ` (${property} = ${filter.value})`,
    };
  return {
    head: say(lang, 'assistant.qualified.value', { n, kinds, property, value: filter.value }),
    tail: '',
  };
}

/** A property filter as the question put it: its everyday word, or the property and value it named. */
export function filterWord(filter: PropertyFilter, lang: Lang): string {
  if (filter.word) return say(lang, 'assistant.qualifier', { word: filter.word });
  return `${filter.propertySet ? `${filter.propertySet}.` : ''}${filter.name} = ${filter.value}`;
}
