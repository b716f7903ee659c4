import type { Database } from '../../../platform/db';
import * as repo from '../repo';
import { classLabel } from './classes';
import { resolveClasses } from './overview';
import { type AnalystResult, Citations, MAX_CITED, percent, plural } from './types';

const NO_IDS =
  'No IDS rules have been checked against this version yet. Upload an IDS file to the project (or switch one on) and it will be checked automatically.';

function totals(specs: repo.SpecificationOutcome[]) {
  let applicable = 0;
  let passed = 0;
  for (const s of specs) {
    applicable += s.applicable;
    passed += s.passed;
  }
  return { applicable, passed, failed: applicable - passed };
}

/** Every checked specification's counts on the version, and the overall pass rate of element checks. */
export async function complianceSummary(
  db: Database,
  version: repo.VersionRef,
  _args: Record<string, never> = {},
): Promise<AnalystResult> {
  const specs = await repo.specificationOutcomes(db, version.id);
  if (specs.length === 0) return { text: NO_IDS, data: { specifications: [] }, citations: new Citations() };
  const t = totals(specs);
  const failing = specs.filter((s) => s.status === 'fail');
  const worst = [...failing].sort((a, b) => b.failed - a.failed);
  const failingRows = await repo.failingElements(
    db,
    version.id,
    failing.map((s) => s.specificationId),
    null,
    MAX_CITED,
  );
  const text = [
    `Version ${version.versionTag}: ${plural(t.passed, 'element check')} of ${t.applicable.toLocaleString('en-GB')} passed (${percent(t.passed, t.applicable)}).`,
    `${plural(specs.length - failing.length, 'specification')} of ${specs.length} pass; ${failing.length} fail.`,
    ...(worst.length > 0 ? ['', 'Failing specifications, most failures first:'] : []),
    ...worst
      .slice(0, 10)
      .map((s) =>
        s.applicable === 0 && s.reason
          ? `- ${s.name}: ${s.reason}`
          : `- ${s.name}: ${s.failed} of ${s.applicable} failed (${percent(s.passed, s.applicable)} pass)`,
      ),
    ...(worst.length > 10 ? [`- … and ${plural(worst.length - 10, 'more failing specification')}`] : []),
  ].join('\n');
  return {
    text,
    data: {
      version: version.versionTag,
      applicable: t.applicable,
      passed: t.passed,
      failed: t.failed,
      passRate: percent(t.passed, t.applicable),
      specifications: specs.map((s) => ({
        name: s.name,
        idsFile: s.idsFileName,
        status: s.status,
        applicable: s.applicable,
        passed: s.passed,
        failed: s.failed,
        reason: s.reason,
      })),
    },
    citations: new Citations().addAll(failingRows),
  };
}

/** Lower-case letters and digits only: 'Fire rating' and 'FireRating' compare equal. */
export function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether a specification is about a topic: its name, description or facets mention it. */
export function specificationMentions(spec: repo.SpecificationOutcome, topic: string): boolean {
  const needle = squash(topic);
  if (needle.length === 0) return true;
  const haystack = squash(
    [spec.name, spec.description ?? '', JSON.stringify(spec.requirementFacets ?? [])].join(' '),
  );
  return haystack.includes(needle);
}

export interface FailingArgs {
  /** What the rule is about, e.g. 'fire rating'; matched against specification names and facets. */
  topic?: string | null;
  /** Only elements of these kinds (class names or words). */
  classes?: string[];
}

/** Elements that fail specifications (about a topic, of some kinds) and why, from the stored reasons. */
export async function failingElements(
  db: Database,
  version: repo.VersionRef,
  args: FailingArgs,
): Promise<AnalystResult> {
  const specs = await repo.specificationOutcomes(db, version.id);
  if (specs.length === 0) return { text: NO_IDS, data: { failing: [] }, citations: new Citations() };
  const topic = args.topic?.trim() || null;
  const chosen = topic ? specs.filter((s) => specificationMentions(s, topic)) : specs;
  if (chosen.length === 0) {
    return {
      text: `No checked specification mentions "${topic}". The specifications checked are: ${specs.map((s) => s.name).join('; ')}.`,
      data: { topic, matchedSpecifications: [], specifications: specs.map((s) => s.name) },
      citations: new Citations(),
    };
  }
  const classes = args.classes && args.classes.length > 0 ? resolveClasses(args.classes) : null;
  const rows = await repo.failingElements(
    db,
    version.id,
    chosen.map((s) => s.specificationId),
    classes,
    MAX_CITED,
  );
  const specName = new Map(chosen.map((s) => [s.specificationId, s.name]));
  const kinds = classes ? [...new Set(classes.map(classLabel))].map((k) => k.toLowerCase()) : [];
  const what = kinds.length > 0 ? `${kinds[0]} element` : 'element';
  const reasons = new Map<string, number>();
  for (const r of rows) for (const f of r.failures) reasons.set(f.reason, (reasons.get(f.reason) ?? 0) + 1);
  const elementsFailing = new Set(rows.map((r) => r.stepId)).size;
  const about = topic ? ` ${topic}` : '';
  const scope = chosen.map((s) => `"${s.name}"`).join(', ');
  const text =
    rows.length === 0
      ? `No ${kinds.length > 0 ? kinds.join('/') : 'element'} fails${about} (${scope}) in version ${version.versionTag}.`
      : [
          `${plural(elementsFailing, what)}${rows.length >= MAX_CITED ? ' (at least)' : ''} fail${elementsFailing === 1 ? 's' : ''}${about} in version ${version.versionTag} (${scope}).`,
          '',
          'Why:',
          ...[...reasons]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 8)
            .map(([reason, n]) => `- ${reason} (${plural(n, 'element')})`),
          '',
          'For example:',
          ...rows.slice(0, 8).map((r) => {
            const name = r.name ? ` "${r.name}"` : '';
            const where = r.level ? ` on ${r.level}` : '';
            const spec = chosen.length > 1 ? ` [${specName.get(r.specificationId)}]` : '';
            return `- ${classLabel(r.ifcClass)}${name}${where}: ${r.failures.map((f) => f.reason).join('; ')}${spec}`;
          }),
        ].join('\n');
  return {
    text,
    data: {
      topic,
      matchedSpecifications: chosen.map((s) => ({
        name: s.name,
        applicable: s.applicable,
        failed: s.failed,
      })),
      failingElements: elementsFailing,
      reasons: Object.fromEntries(reasons),
      examples: rows.slice(0, 20).map((r) => ({
        globalId: r.globalId,
        class: r.ifcClass,
        name: r.name,
        level: r.level,
        specification: specName.get(r.specificationId),
        reasons: r.failures.map((f) => f.reason),
      })),
    },
    citations: new Citations().addAll(rows),
  };
}

/** The property (or attribute, classification, material) a "missing" reason names, or null. */
export function missingItem(type: string, reason: string): string | null {
  let m = /^(.+) is missing$/.exec(reason);
  if (m?.[1]) return m[1];
  m = /^(.+) has no property (.+)$/.exec(reason);
  if (m?.[1] && m[2]) return `${m[1]}.${m[2]}`;
  m = /^(.+) has no value$/.exec(reason);
  if (m?.[1] && type === 'property') return m[1];
  m = /^has no attribute (.+)$/.exec(reason);
  if (m?.[1]) return `attribute ${m[1]}`;
  m = /^(.+) is not set$/.exec(reason);
  if (m?.[1] && type === 'attribute') return `attribute ${m[1]}`;
  if (reason === 'has no classification') return 'classification';
  if (reason === 'has no material') return 'material';
  return null;
}

/** Which required properties are most often missing, from the checks' failure reasons. */
export async function missingProperties(
  db: Database,
  version: repo.VersionRef,
  args: { limit?: number } = {},
): Promise<AnalystResult> {
  const limit = Math.min(Math.max(args.limit ?? 10, 1), 50);
  const reasons = await repo.failureReasonCounts(db, version.id);
  const items = new Map<string, { count: number; reasons: string[] }>();
  for (const r of reasons) {
    const item = missingItem(r.type, r.reason);
    if (!item) continue;
    const entry = items.get(item) ?? { count: 0, reasons: [] };
    entry.count += Number(r.n);
    entry.reasons.push(r.reason);
    items.set(item, entry);
  }
  const top = [...items].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0])).slice(0, limit);
  if (top.length === 0) {
    const specs = await repo.specificationOutcomes(db, version.id);
    return {
      text: specs.length === 0 ? NO_IDS : `No required property is missing in version ${version.versionTag}.`,
      data: { missing: [] },
      citations: new Citations(),
    };
  }
  const citations = new Citations();
  for (const [, entry] of top.slice(0, 5)) {
    for (const reason of entry.reasons)
      citations.addAll(await repo.elementsWithReason(db, version.id, reason, 100));
  }
  const text = [
    `Most often missing in version ${version.versionTag} (elements lacking what a specification requires):`,
    ...top.map(([item, entry], i) => `${i + 1}. ${item}: missing in ${plural(entry.count, 'element check')}`),
  ].join('\n');
  return {
    text,
    data: { missing: top.map(([item, entry]) => ({ item, elements: entry.count })) },
    citations,
  };
}
