import { classLabel, kindName } from './classes';
import type { VersionFacts } from './facts';
import { type Lang, num, say } from './language';
import { elementsWithValue, qualified, type Scope } from './scope';
import { type AnalystResult, Citations } from './types';

/**
 * How many elements (of some kinds) there are with every qualifier the question gave: a storey, a
 * property value, a type, a status. Each applied qualifier is named in the answer (issue 35).
 */
export async function scopedCount(
  facts: VersionFacts,
  lang: Lang,
  classes: readonly string[],
  scope: Scope,
): Promise<AnalystResult> {
  const classSet = classes.length > 0 ? new Set(classes) : null;
  let rows = (await facts.elements()).filter((e) => !classSet || classSet.has(e.ifcClass));
  if (scope.storey) rows = rows.filter((e) => e.level === scope.storey);
  if (scope.typeName) rows = rows.filter((e) => e.typeName === scope.typeName);
  if (scope.property) {
    const having = await elementsWithValue(facts, scope.property);
    rows = rows.filter((e) => having.has(e.stepId));
  }
  const total = rows.length;
  if (scope.status) {
    const { byStep } = await facts.statuses();
    rows = rows.filter((e) => byStep.get(e.stepId) === scope.status);
  }
  const labels = [...new Set((classes.length > 0 ? classes : []).map(classLabel))];
  const kinds = (n: number) =>
    labels.length > 0
      ? labels.map((l) => kindName(lang, l, n)).join('/')
      : say(lang, 'assistant.elements', { count: n });
  const n = rows.length;
  const { head, tail } = qualified(lang, n, kinds(n), scope.property);
  let phrase = head;
  if (scope.storey) phrase += ` ${say(lang, 'assistant.onStorey', { storey: scope.storey })}`;
  if (scope.typeName) phrase += ` ${say(lang, 'assistant.ofType', { type: scope.typeName })}`;
  phrase += tail;
  const v = facts.version.versionTag;
  const text = scope.status
    ? say(lang, 'assistant.count.passed', { phrase, version: v, total, kinds: kinds(total) })
    : say(lang, 'assistant.count.has', { version: v, phrase });
  // A Dutch or German count on one storey names the whole model's figure too (the reader's language).
  const whole =
    scope.storey && lang !== 'en'
      ? [say(lang, 'assistant.count.ofStorey', { total, kinds: kinds(total) })]
      : [];
  const byLevel = new Map<string, number>();
  for (const r of rows) byLevel.set(r.level ?? '—', (byLevel.get(r.level ?? '—') ?? 0) + 1);
  const lines =
    !scope.storey && rows.length > 0
      ? [
          '',
          say(lang, 'assistant.perStorey'),
          ...[...byLevel]
            .sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }))
            .map(([l, c]) => `- ${say(lang, 'assistant.listLine', { name: l, value: num(lang, c) })}`),
        ]
      : [];
  return {
    text: [text, ...(scope.status ? [] : whole), ...lines].join('\n'),
    data: {
      version: v,
      count: n,
      storey: scope.storey,
      property: scope.property ? { name: scope.property.name, value: scope.property.value } : null,
      typeName: scope.typeName,
      status: scope.status,
    },
    citations: new Citations().addAll(rows),
  };
}
