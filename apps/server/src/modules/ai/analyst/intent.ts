import { classesInText } from './classes';

/** What a question asks for, and the arguments the matching analyst function needs. */
export type Intent =
  | { kind: 'changes' }
  | { kind: 'missing' }
  | { kind: 'failing'; topic: string | null; classes: string[] }
  | { kind: 'compliance' }
  | { kind: 'count'; classes: string[] }
  | { kind: 'overview' };

const CHANGES =
  /\b(chang(e|es|ed)|differen(ce|ces|t)|diff|compare[ds]?|since (the )?(last|previous|prior)|previous version|last version|added|removed|deleted|new elements)\b/;
const MISSING = /\b(missing|absent|lacking|lacks?|without|empty|not (filled|populated|provided))\b/;
const PROPERTY =
  /\b(propert(y|ies)|psets?|property sets?|attributes?|parameters?|data|information|values?)\b/;
const FAILING =
  /\b(fail(s|ed|ing|ures?)?|non[\s-]?complian(t|ce)|not complian(t|ce)|violat(e|es|ing|ions?)|(do|does|did) not (meet|comply|pass)|(don't|doesn't|didn't) (meet|comply|pass)|breach(es)?)\b/;
const COMPLIANCE =
  /\b(complian(ce|t)|summar(y|ise|ize)|overview of (the )?(checks?|rules?)|pass rate|score|ids|specifications?|requirements?|rules?|checks?)\b/;
const COUNT =
  /\b(how many|count|number of|quantity|quantities|total|per (level|storey|floor)|by (level|storey|floor)|list)\b/;

/** Words after "fail" that are not the rule's topic: 'Which walls fail the fire rating check?' → 'fire rating'. */
const FILLER = new Set([
  'the',
  'a',
  'an',
  'to',
  'meet',
  'comply',
  'with',
  'pass',
  'on',
  'in',
  'for',
  'of',
  'their',
  'its',
  'any',
  'requirement',
  'requirements',
  'check',
  'checks',
  'rule',
  'rules',
  'specification',
  'specifications',
  'spec',
  'specs',
  'ids',
  'test',
  'tests',
  'criteria',
  'and',
  'why',
  'because',
  'model',
  'this',
  'version',
]);

function topicAfterFail(question: string): string | null {
  const match =
    /\b(?:fail(?:s|ed|ing)?|violat(?:e|es|ing)|(?:do|does|did|don't|doesn't|didn't)(?: not)? (?:meet|comply with|pass)|non[\s-]?compliant with|not compliant with)\b(.*)$/i.exec(
      question,
    );
  if (!match?.[1]) return null;
  const words = match[1]
    .toLowerCase()
    .replace(/[^a-z0-9_.\s-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  while (words.length > 0 && FILLER.has(words[0] as string)) words.shift();
  while (words.length > 0 && FILLER.has(words[words.length - 1] as string)) words.pop();
  // Stop at a clause that is not the topic: 'fire rating and why', 'fire rating on level 2'.
  const stop = words.findIndex((w) => FILLER.has(w) && w !== 'of');
  const topic = (stop === -1 ? words : words.slice(0, stop)).join(' ').trim();
  return topic.length > 0 ? topic : null;
}

/** Recognises a question's intent by keywords and patterns; anything else gets the model overview. */
export function recogniseIntent(asked: string): Intent {
  // A question typed over several lines (Shift+Enter) reads as one line.
  const question = asked.replace(/\s+/g, ' ').trim();
  const q = question.toLowerCase();
  if (CHANGES.test(q) && !FAILING.test(q)) return { kind: 'changes' };
  if (MISSING.test(q) && PROPERTY.test(q)) return { kind: 'missing' };
  if (FAILING.test(q)) return { kind: 'failing', topic: topicAfterFail(question), classes: classesInText(q) };
  const classes = classesInText(q);
  if (COUNT.test(q) && classes.length > 0) return { kind: 'count', classes };
  if (COMPLIANCE.test(q)) return { kind: 'compliance' };
  if (classes.length > 0) return { kind: 'count', classes };
  return { kind: 'overview' };
}
