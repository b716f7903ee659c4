import type { Database } from '../../../platform/db';
import * as repo from '../repo';
import { classAndSubtypes, classesInText, classLabel, isModelElement, systemsOf } from './classes';
import { type AnalystResult, Citations, MAX_CITED, plural } from './types';

const NO_LEVEL = '(no level)';

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

/** Counts of a version's elements (types and spatial containers left out) by category, class and level. */
export async function modelCounts(db: Database, version: repo.VersionRef): Promise<ModelCounts> {
  const groups = (await repo.countByClassAndLevel(db, version.id)).filter((g) => isModelElement(g.ifcClass));
  const byCategory = new Map<string, number>();
  const byClass = new Map<string, number>();
  const byLevel = new Map<string, number>();
  let total = 0;
  for (const g of groups) {
    total += g.count;
    const label = classLabel(g.ifcClass);
    byCategory.set(label, (byCategory.get(label) ?? 0) + g.count);
    byClass.set(g.ifcClass, (byClass.get(g.ifcClass) ?? 0) + g.count);
    const level = g.level ?? NO_LEVEL;
    byLevel.set(level, (byLevel.get(level) ?? 0) + g.count);
  }
  const levels = (await repo.levelNames(db, version.id)).filter((l) => l.length > 0);
  return {
    total,
    byCategory: sorted(byCategory),
    byClass: sorted(byClass),
    byLevel: sorted(byLevel),
    levels,
    systems: systemsOf(byClass.keys()),
  };
}

function lines(rows: { name: string; count: number }[], max: number): string {
  const shown = rows.slice(0, max).map((r) => `- ${r.name}: ${r.count.toLocaleString('en-GB')}`);
  if (rows.length > max) shown.push(`- … and ${plural(rows.length - max, 'more group')}`);
  return shown.join('\n');
}

/** What the model holds: element counts by category, class and level. */
export async function modelOverview(
  db: Database,
  version: repo.VersionRef,
  _args: Record<string, never> = {},
): Promise<AnalystResult> {
  const counts = await modelCounts(db, version);
  const text = [
    `Version ${version.versionTag} holds ${plural(counts.total, 'element')} on ${plural(counts.levels.length, 'level')}.`,
    counts.systems.length > 0 ? `Systems present: ${counts.systems.join(', ')}.` : '',
    '',
    'By category:',
    lines(counts.byCategory, 12),
    '',
    'By level:',
    lines(counts.byLevel, 12),
  ]
    .filter((l, i, all) => l !== '' || all[i - 1] !== '')
    .join('\n');
  return {
    text,
    data: {
      version: version.versionTag,
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
  /** Break the count down by level. */
  byLevel?: boolean;
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

/** How many elements of some kinds there are, optionally per level; cites those elements. */
export async function countElements(
  db: Database,
  version: repo.VersionRef,
  args: CountArgs,
): Promise<AnalystResult> {
  const classes = resolveClasses(args.classes ?? []);
  if (classes.length === 0) return modelOverview(db, version);
  const rows = await repo.elementsOfClasses(db, version.id, classes, 1_000_000);
  const citations = new Citations().addAll(rows.slice(0, MAX_CITED));
  const byLevel = new Map<string, number>();
  const byCategory = new Map<string, number>();
  for (const r of rows) {
    byLevel.set(r.level ?? NO_LEVEL, (byLevel.get(r.level ?? NO_LEVEL) ?? 0) + 1);
    byCategory.set(classLabel(r.ifcClass), (byCategory.get(classLabel(r.ifcClass)) ?? 0) + 1);
  }
  const kinds = sorted(byCategory);
  const what = kinds.length === 1 && kinds[0] ? kinds[0].name.toLowerCase() : 'matching element';
  const levelRows = sorted(byLevel);
  const text =
    rows.length === 0
      ? `Version ${version.versionTag} has no ${(args.classes ?? []).join(', ')} elements.`
      : [
          `Version ${version.versionTag} has ${plural(rows.length, what)}${kinds.length > 1 ? ` (${kinds.map((k) => `${k.name} ${k.count}`).join(', ')})` : ''}.`,
          ...(args.byLevel !== false && levelRows.length > 0 ? ['', 'Per level:', lines(levelRows, 30)] : []),
        ].join('\n');
  return {
    text,
    data: { version: version.versionTag, total: rows.length, byCategory: kinds, byLevel: levelRows },
    citations,
  };
}
