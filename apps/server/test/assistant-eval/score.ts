import type { Recipe } from './truth';

/** One expected figure: the pattern locates it in the answer ({n} is the number), the recipe proves it. */
export interface ExpectedFigure {
  pattern: string;
  value: number;
  recipe: Recipe;
}

export interface EvalQuestion {
  id: string;
  model: 'demo' | 'duplex' | 'windows' | 'history';
  /**
   * Issue 35's styles (questions written before the fixes): a qualifier that must narrow, b a storey
   * used as a noun, c a question with a follow-up line or the chat box's example, d what changed and
   * which specifications apply to nothing.
   */
  style?: 'a' | 'b' | 'c' | 'd';
  lang: 'en' | 'nl' | 'de';
  question: string;
  /** 'answer': a supported question; 'unanswerable': the honest reply with three suggestions. */
  kind: 'answer' | 'unanswerable';
  figures?: ExpectedFigure[];
  /** The answer's sources are exactly these elements. */
  cites?: Recipe;
  /** Specification or storey names the answer must name. */
  mentions?: string[];
  /** Text the answer must not hold (a specification that does not apply, the model overview). */
  absent?: string[];
}

export interface Asked {
  text: string;
  cited: Set<string>;
  intent: string | undefined;
}

export interface Verdict {
  right: boolean;
  /** Figures stated with another number than the IFC holds. */
  wrongFigures: string[];
  problems: string[];
}

/** Numbers as written in the three languages ('1,234', '1.234', '61,7') read as plain numbers. */
export function readNumber(text: string, lang: EvalQuestion['lang']): number {
  const plain = lang === 'en' ? text.replace(/,/g, '') : text.replace(/\./g, '').replace(',', '.');
  return Number(plain);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words that mark an answer as Dutch or German (none of them English). */
const MARKERS: Record<'nl' | 'de', RegExp> = {
  nl: /\b(versie|van|niet|verdieping|geen|elementen|voldoen|welke|wijziging(en)?|eisen)\b/i,
  de: /\b(von|nicht|Geschoss|keine|für|erfüllen|Elemente|Anforderungen|Änderung(en)?|fehlt)\b/i,
};

export function score(q: EvalQuestion, a: Asked, expectedIds: Set<string> | null): Verdict {
  const problems: string[] = [];
  const wrongFigures: string[] = [];
  for (const f of q.figures ?? []) {
    const parts = f.pattern.split('{n}').map(escapeRegExp);
    const re = new RegExp(parts.join('([\\d][\\d.,]*)'));
    const m = re.exec(a.text);
    if (!m?.[1]) {
      problems.push(`figure missing: ${f.pattern.replace('{n}', String(f.value))}`);
      continue;
    }
    const stated = readNumber(m[1].replace(/[.,]$/, ''), q.lang);
    if (stated !== f.value) wrongFigures.push(`${f.pattern.replace('{n}', m[1])} (IFC: ${f.value})`);
  }
  for (const m of q.mentions ?? []) if (!a.text.includes(m)) problems.push(`does not name "${m}"`);
  for (const m of q.absent ?? []) if (a.text.includes(m)) problems.push(`names "${m}"`);
  if (q.lang !== 'en' && !MARKERS[q.lang].test(a.text)) problems.push(`not answered in ${q.lang}`);
  if (q.lang === 'en' && (MARKERS.nl.test(a.text) || /\b(nicht|Geschoss|keine)\b/.test(a.text)))
    problems.push('not answered in English');
  if (q.kind === 'unanswerable') {
    if (a.intent !== 'unanswerable') problems.push(`answered as "${a.intent}" instead of saying it cannot`);
    const bullets = a.text.split('\n').filter((l) => l.startsWith('- '));
    if (bullets.length < 3) problems.push(`${bullets.length} suggestions, not 3`);
  } else if (a.intent === 'unanswerable') problems.push('said it cannot answer a supported question');
  if (expectedIds) {
    const extra = [...a.cited].filter((id) => !expectedIds.has(id));
    const missing = [...expectedIds].filter((id) => !a.cited.has(id));
    if (extra.length > 0 || missing.length > 0)
      problems.push(
        `cites ${a.cited.size} elements: ${extra.length} not asked for, ${missing.length} missing`,
      );
  }
  return { right: problems.length === 0 && wrongFigures.length === 0, wrongFigures, problems };
}

export type Outcome = 'right' | 'partly' | 'wrong' | 'refused';

/** One of the four outcomes: a wrong figure, a refusal of a supported question, else partly. */
export function outcomeOf(q: EvalQuestion, a: Asked, v: Verdict): Outcome {
  if (v.right) return 'right';
  if (v.wrongFigures.length > 0) return 'wrong';
  if (q.kind === 'answer' && a.intent === 'unanswerable') return 'refused';
  return 'partly';
}
