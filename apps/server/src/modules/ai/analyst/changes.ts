import { comparisonTotalsAsRead } from '../../history';
import * as repo from '../repo';
import { classLabel } from './classes';
import type { VersionFacts } from './facts';
import { type Lang, pct, say } from './language';
import { type AnalystResult, Citations } from './types';

export interface ChangesArgs {
  /** The version to compare with; default: the newest completed version before this one. */
  compareToVersionId?: string;
}

type Fingerprint = repo.ElementIdentity;

/** What differs between two fingerprints of an element, as keys (`assistant.changes.what` words them). */
type Difference = 'class' | 'name' | 'type' | 'predefinedType' | 'level' | 'properties';

function differences(a: Fingerprint, b: Fingerprint): Difference[] {
  const out: Difference[] = [];
  if (a.ifcClass !== b.ifcClass) out.push('class');
  if (a.name !== b.name) out.push('name');
  if (a.typeName !== b.typeName) out.push('type');
  if (a.predefinedType !== b.predefinedType) out.push('predefinedType');
  if (a.level !== b.level) out.push('level');
  if (a.properties !== b.properties) out.push('properties');
  return out;
}

function countLabels(rows: Fingerprint[]): string {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(classLabel(r.ifcClass), (counts.get(classLabel(r.ifcClass)) ?? 0) + 1);
  return [...counts]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 6)
    .map(([label, n]) => `${label} ${n}`)
    .join(', ');
}

/**
 * The continuous-compliance history's stored comparison (findings new and resolved since the
 * previous version), with a few examples of each, in the answer's language.
 */
async function findingChanges(facts: VersionFacts, lang: Lang, beforeTag: string): Promise<string[]> {
  const { db } = facts.ctx;
  const stored = await repo.storedChangeTotals(db, facts.version.id);
  if (!stored) return [];
  // As the Changes view reads it: waivers applied (decision 0370).
  const read = await comparisonTotalsAsRead(
    db,
    { fromVersionId: stored.fromVersionId, toVersionId: facts.version.id },
    { ...stored, waived: 0 },
  );
  const totals = { newCount: read.new, resolvedCount: read.resolved };
  const [fresh, resolved] = await Promise.all([
    repo.storedChangeExamples(db, facts.version.id, 1, 3),
    repo.storedChangeExamples(db, facts.version.id, 2, 3),
  ]);
  const example = (r: { ifcClass: string; name: string | null; level: string | null }) =>
    `${classLabel(r.ifcClass)}${r.name ? ` "${r.name}"` : ''}${r.level ? ` (${r.level})` : ''}`;
  const examples = (rows: typeof fresh) =>
    rows.length > 0
      ? say(lang, 'assistant.changes.examples', { examples: rows.map(example).join('; ') })
      : '';
  return [
    say(lang, 'assistant.changes.findings', {
      before: beforeTag,
      new: totals.newCount,
      resolved: totals.resolvedCount,
    }),
    `- ${say(lang, 'assistant.changes.new', { count: totals.newCount, examples: examples(fresh) })}`,
    `- ${say(lang, 'assistant.changes.resolved', { count: totals.resolvedCount, examples: examples(resolved) })}`,
  ];
}

/** What changed between a version and an earlier one: elements by GlobalId, and compliance. */
export async function versionChanges(
  facts: VersionFacts,
  args: ChangesArgs = {},
  lang: Lang = 'en',
): Promise<AnalystResult> {
  const { db } = facts.ctx;
  const version = facts.version;
  const before = args.compareToVersionId
    ? await repo.findVersion(db, version.bimFileId, args.compareToVersionId)
    : await repo.latestCompletedVersion(db, version.bimFileId, version.versionNumber);
  if (before?.status !== 'completed') {
    return {
      text: say(lang, 'assistant.changes.first', { version: version.versionTag }),
      data: { previous: null },
      citations: new Citations(),
    };
  }
  // Paired by their stable keys (issue 30): GlobalIds, carried over elements matched by content.
  const [oldRows, newRows] = await Promise.all([
    repo.elementIdentities(db, before.id),
    repo.elementIdentities(db, version.id),
  ]);
  const old = new Map(oldRows.map((r) => [r.elementKey, r]));
  const current = new Map(newRows.map((r) => [r.elementKey, r]));
  const added = newRows.filter((r) => !old.has(r.elementKey));
  const removed = oldRows.filter((r) => !current.has(r.elementKey));
  const changed: { row: Fingerprint; what: string[] }[] = [];
  for (const r of newRows) {
    const was = old.get(r.elementKey);
    if (!was) continue;
    const what = differences(was, r);
    if (what.length > 0) changed.push({ row: r, what });
  }

  // Compliance of both versions as the Compliance tab shows it.
  const [fileBefore, fileNow] = await Promise.all([
    facts.ctx.compliance.fileCompliance(facts.ctx.userId, facts.ctx.projectId, facts.ctx.fileId, before.id),
    facts.fileFigures(),
  ]);
  const was = {
    applicable: fileBefore.applicable_pairs,
    passed: fileBefore.compliant_pairs,
    rate: fileBefore.compliance_rate,
  };
  const now = {
    applicable: fileNow.applicable_pairs,
    passed: fileNow.compliant_pairs,
    rate: fileNow.compliance_rate,
  };
  const beforeById = new Map(fileBefore.specifications.map((s) => [s.specification_id, s]));
  const notMeeting = (s: { applicable_elements: number; compliant_elements: number }) =>
    s.applicable_elements - s.compliant_elements;
  const specDeltas = fileNow.specifications
    .map((s) => {
      const old = beforeById.get(s.specification_id);
      return { name: s.name, failedBefore: old ? notMeeting(old) : null, failedNow: notMeeting(s) };
    })
    .filter((d) => d.failedBefore !== d.failedNow);
  const checkedNothing = fileNow.specifications.length === 0 && fileBefore.specifications.length === 0;

  const citations = new Citations().addAll(added).addAll(changed.map((c) => c.row));
  const findings = await findingChanges(facts, lang, before.versionTag);
  const text = [
    ...findings,
    '',
    say(lang, 'assistant.changes.compared', { version: version.versionTag, before: before.versionTag }),
    `- ${say(lang, 'assistant.changes.added', { n: added.length })}${added.length > 0 ? ` (${countLabels(added)})` : ''}`,
    `- ${say(lang, 'assistant.changes.removed', { n: removed.length })}${removed.length > 0 ? ` (${countLabels(removed)})` : ''}`,
    `- ${say(lang, 'assistant.changes.changed', { n: changed.length })}${changed.length > 0 ? ` (${countLabels(changed.map((c) => c.row))})` : ''}`,
    ...changed
      .slice(0, 5)
      .map(
        (c) =>
          `  - ${classLabel(c.row.ifcClass)} ${c.row.name ? `"${c.row.name}" ` : ''}(${c.row.globalId}): ${c.what.map((what) => say(lang, 'assistant.changes.what', { what })).join(', ')}`,
      ),
    '',
    checkedNothing
      ? say(lang, 'assistant.changes.noIds')
      : say(lang, 'assistant.changes.compliance', {
          rateBefore: pct(lang, was.rate),
          rateNow: pct(lang, now.rate),
          passedBefore: was.passed,
          applicableBefore: was.applicable,
          passedNow: now.passed,
          applicableNow: now.applicable,
        }),
    ...specDeltas.slice(0, 8).map(
      (d) =>
        `- ${
          d.failedBefore === null
            ? say(lang, 'assistant.changes.specNew', { name: d.name, n: d.failedNow })
            : say(lang, 'assistant.changes.specDelta', {
                name: d.name,
                before: d.failedBefore,
                n: d.failedNow,
              })
        }`,
    ),
  ].join('\n');
  return {
    text,
    data: {
      from: before.versionTag,
      to: version.versionTag,
      added: added.length,
      removed: removed.length,
      changed: changed.length,
      addedIds: added.slice(0, 50).map((r) => r.globalId),
      removedIds: removed.slice(0, 50).map((r) => r.globalId),
      changedIds: changed.slice(0, 50).map((c) => ({ globalId: c.row.globalId, what: c.what })),
      compliance: { before: was, now, specifications: specDeltas },
    },
    citations,
  };
}
