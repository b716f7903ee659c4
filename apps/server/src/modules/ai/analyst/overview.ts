import type { Database } from '../../../platform/db';
import * as repo from '../repo';
import { classAndSubtypes, classesInText, classLabel, kindName, systemsOf } from './classes';
import type { VersionFacts } from './facts';
import { type Lang, num, say } from './language';
import { type AnalystResult, Citations, MAX_CITED } from './types';

export interface ModelCounts {
  total: number;
  byCategory: { name: string; count: number }[];
  byClass: { name: string; count: number }[];
  byLevel: { name: string; count: number }[];
  levels: string[];
  systems: string[];
}

function sorted(map: Map<string, number>) {
  return [...map]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/**
 * Counts of a version's element population (every stored product and type object, the population
 * `elements_count` and every screen count) by category, class and level.
 */
export async function modelCounts(db: Database, version: repo.VersionRef): Promise<ModelCounts> {
  const groups = await repo.countByClassAndLevel(db, version.id);
  const byCategory = new Map<string, number>();
  const byClass = new Map<string, number>();
  const byLevel = new Map<string, number>();
  for (const g of groups) {
    const label = classLabel(g.ifcClass);
    byCategory.set(label, (byCategory.get(label) ?? 0) + g.count);
    byClass.set(g.ifcClass, (byClass.get(g.ifcClass) ?? 0) + g.count);
    // Elements on no storey are counted under '' (worded in the reader's language where shown).
    const level = g.level ?? '';
    byLevel.set(level, (byLevel.get(level) ?? 0) + g.count);
  }
  const levels = (await repo.levelNames(db, version.id)).filter((l) => l.length > 0);
  return {
    total: version.elementsCount,
    byCategory: sorted(byCategory),
    byClass: sorted(byClass),
    byLevel: sorted(byLevel),
    levels,
    systems: systemsOf(byClass.keys()),
  };
}

function lines(lang: Lang, rows: { name: string; count: number }[], max: number): string {
  const shown = rows
    .slice(0, max)
    .map(
      (r) =>
        `- ${say(lang, 'assistant.listLine', { name: r.name || say(lang, 'assistant.noStorey'), value: num(lang, r.count) })}`,
    );
  if (rows.length > max) shown.push(`- ${say(lang, 'assistant.more', { count: rows.length - max })}`);
  return shown.join('\n');
}

/** What the model holds: element counts by category and level. */
export async function modelOverview(facts: VersionFacts, lang: Lang): Promise<AnalystResult> {
  const counts = await modelCounts(facts.ctx.db, facts.version);
  const v = facts.version.versionTag;
  const text = [
    say(lang, 'assistant.overview.head', {
      version: v,
      elements: counts.total,
      storeys: counts.levels.length,
    }),
    counts.systems.length > 0
      ? say(lang, 'assistant.overview.systems', {
          systems: counts.systems
            .map((system) => say(lang, 'assistant.system', { system: system.replace(/\s/g, '') }))
            .join(', '),
        })
      : '',
    '',
    say(lang, 'assistant.byCategoryLabel'),
    lines(lang, counts.byCategory, 12),
    '',
    say(lang, 'assistant.byStoreyLabel'),
    lines(lang, counts.byLevel, 12),
  ]
    .filter((l, i, all) => l !== '' || all[i - 1] !== '')
    .join('\n');
  return {
    text,
    data: {
      version: v,
      total: counts.total,
      byCategory: counts.byCategory.slice(0, 30),
      byLevel: counts.byLevel.slice(0, 30),
      systems: counts.systems,
    },
    citations: new Citations(),
  };
}

export interface CountArgs {
  /** Class names (any case, e.g. 'IfcDoor') or plain words ('doors'); subtypes are included. */
  classes?: string[];
}

/** Expands class names ('IfcDoor') or words ('doors') into the stored upper-case classes, subtypes included. */
export function resolveClasses(names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const upper = name.trim().toUpperCase();
    const found = /^IFC[A-Z0-9]+$/.test(upper) ? classAndSubtypes(upper) : classesInText(name);
    for (const c of found) out.add(c);
  }
  return [...out];
}

/** How many elements of some kinds there are, per storey; cites those elements. */
export async function countElements(
  facts: VersionFacts,
  lang: Lang,
  args: CountArgs,
): Promise<AnalystResult> {
  const classes = resolveClasses(args.classes ?? []);
  if (classes.length === 0) return modelOverview(facts, lang);
  const rows = await repo.elementsOfClasses(facts.ctx.db, facts.version.id, classes, 1_000_000);
  const citations = new Citations().addAll(rows.slice(0, MAX_CITED));
  const byLevel = new Map<string, number>();
  const byCategory = new Map<string, number>();
  for (const r of rows) {
    const level = r.level ?? say(lang, 'assistant.noStorey');
    byLevel.set(level, (byLevel.get(level) ?? 0) + 1);
    byCategory.set(classLabel(r.ifcClass), (byCategory.get(classLabel(r.ifcClass)) ?? 0) + 1);
  }
  const kinds = sorted(byCategory);
  const labels = [...new Set(classes.map(classLabel))];
  const what = (n: number) =>
    kinds.length === 1 && kinds[0]
      ? kindName(lang, kinds[0].name, n)
      : labels.map((l) => kindName(lang, l, n)).join('/');
  const levelRows = [...byLevel]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const v = facts.version.versionTag;
  const text =
    rows.length === 0
      ? say(lang, 'assistant.count.none', { version: v, kinds: what(2) })
      : [
          say(lang, 'assistant.count.total', {
            version: v,
            n: rows.length,
            kinds: what(rows.length),
            hasBreakdown: kinds.length > 1 ? 'yes' : 'no',
            breakdown: kinds.map((k) => `${k.name} ${num(lang, k.count)}`).join(', '),
          }),
          '',
          say(lang, 'assistant.perStorey'),
          lines(lang, levelRows, 30),
        ].join('\n');
  return {
    text,
    data: { version: v, total: rows.length, byCategory: kinds, byLevel: levelRows },
    citations,
  };
}
