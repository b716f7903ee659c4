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
      : say(lang, { en: n === 1 ? 'element' : 'elements', nl: 'elementen', de: 'Elemente' });
  const n = rows.length;
  const { head, tail } = qualified(lang, num(lang, n), kinds(n), scope.property);
  let phrase = head;
  if (scope.storey)
    phrase += say(lang, { en: ` on ${scope.storey}`, nl: ` op ${scope.storey}`, de: ` auf ${scope.storey}` });
  if (scope.typeName)
    phrase += say(lang, {
      en: ` of type "${scope.typeName}"`,
      nl: ` van type "${scope.typeName}"`,
      de: ` vom Typ "${scope.typeName}"`,
    });
  phrase += tail;
  const v = facts.version.versionTag;
  const text = scope.status
    ? say(lang, {
        en: `${phrase} passed every specification that applies to them in version ${v} (of ${num(lang, total)} ${kinds(total)}).`,
        nl: `${phrase} voldoen aan elke specificatie die erop van toepassing is in versie ${v} (van ${num(lang, total)} ${kinds(total)}).`,
        de: `${phrase} erfüllen jede für sie geltende Spezifikation in Version ${v} (von ${num(lang, total)} ${kinds(total)}).`,
      })
    : say(lang, {
        en: `Version ${v} has ${phrase}.`,
        nl: `Versie ${v} heeft ${phrase}.`,
        de: `Version ${v} hat ${phrase}.`,
      });
  // A Dutch or German count on one storey names the whole model's figure too (the reader's language).
  const whole =
    scope.storey && lang !== 'en'
      ? [
          say(lang, {
            en: '',
            nl: `Van ${num(lang, total)} ${kinds(total)} op deze verdieping met deze kenmerken.`,
            de: `Von ${num(lang, total)} ${kinds(total)} auf diesem Geschoss mit diesen Merkmalen.`,
          }),
        ]
      : [];
  const byLevel = new Map<string, number>();
  for (const r of rows) byLevel.set(r.level ?? '—', (byLevel.get(r.level ?? '—') ?? 0) + 1);
  const lines =
    !scope.storey && rows.length > 0
      ? [
          '',
          say(lang, { en: 'Per storey:', nl: 'Per verdieping:', de: 'Pro Geschoss:' }),
          ...[...byLevel]
            .sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }))
            .map(([l, c]) => `- ${l}: ${num(lang, c)}`),
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
