import type { Database } from '../../../platform/db';
import * as repo from '../repo';
import { classLabel } from './classes';
import { type AnalystResult, Citations, percent, plural } from './types';

export interface ChangesArgs {
  /** The version to compare with; default: the newest completed version before this one. */
  compareToVersionId?: string;
}

type Fingerprint = repo.ElementFingerprint;

function differences(a: Fingerprint, b: Fingerprint): string[] {
  const out: string[] = [];
  if (a.ifcClass !== b.ifcClass) out.push('class');
  if (a.name !== b.name) out.push('name');
  if (a.typeName !== b.typeName) out.push('type');
  if (a.predefinedType !== b.predefinedType) out.push('predefined type');
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

/** What changed between a version and an earlier one: elements by GlobalId, and compliance. */
export async function versionChanges(
  db: Database,
  version: repo.VersionRef,
  args: ChangesArgs = {},
): Promise<AnalystResult> {
  const before = args.compareToVersionId
    ? await repo.findVersion(db, version.bimFileId, args.compareToVersionId)
    : await repo.latestCompletedVersion(db, version.bimFileId, version.versionNumber);
  if (before?.status !== 'completed') {
    return {
      text: `Version ${version.versionTag} is the first processed version of this file, so there is nothing earlier to compare it with.`,
      data: { previous: null },
      citations: new Citations(),
    };
  }
  const [oldRows, newRows] = await Promise.all([
    repo.elementFingerprints(db, before.id),
    repo.elementFingerprints(db, version.id),
  ]);
  const old = new Map(oldRows.map((r) => [r.globalId, r]));
  const current = new Map(newRows.map((r) => [r.globalId, r]));
  const added = newRows.filter((r) => !old.has(r.globalId));
  const removed = oldRows.filter((r) => !current.has(r.globalId));
  const changed: { row: Fingerprint; what: string[] }[] = [];
  for (const r of newRows) {
    const was = old.get(r.globalId);
    if (!was) continue;
    const what = differences(was, r);
    if (what.length > 0) changed.push({ row: r, what });
  }

  const [specsBefore, specsNow] = await Promise.all([
    repo.specificationOutcomes(db, before.id),
    repo.specificationOutcomes(db, version.id),
  ]);
  const sum = (specs: repo.SpecificationOutcome[]) =>
    specs.reduce((t, s) => ({ applicable: t.applicable + s.applicable, passed: t.passed + s.passed }), {
      applicable: 0,
      passed: 0,
    });
  const was = sum(specsBefore);
  const now = sum(specsNow);
  const beforeById = new Map(specsBefore.map((s) => [s.specificationId, s]));
  const specDeltas = specsNow
    .map((s) => ({
      name: s.name,
      failedBefore: beforeById.get(s.specificationId)?.failed ?? null,
      failedNow: s.failed,
    }))
    .filter((d) => d.failedBefore !== d.failedNow);

  const citations = new Citations().addAll(added).addAll(changed.map((c) => c.row));
  const text = [
    `Version ${version.versionTag} compared with ${before.versionTag} (elements matched by GlobalId):`,
    `- Added: ${plural(added.length, 'element')}${added.length > 0 ? ` (${countLabels(added)})` : ''}`,
    `- Removed: ${plural(removed.length, 'element')}${removed.length > 0 ? ` (${countLabels(removed)})` : ''}`,
    `- Changed: ${plural(changed.length, 'element')}${changed.length > 0 ? ` (${countLabels(changed.map((c) => c.row))})` : ''}`,
    ...changed
      .slice(0, 5)
      .map(
        (c) =>
          `  - ${classLabel(c.row.ifcClass)} ${c.row.name ? `"${c.row.name}" ` : ''}(${c.row.globalId}): ${c.what.join(', ')}`,
      ),
    '',
    specsNow.length === 0 && specsBefore.length === 0
      ? 'No IDS rules were checked on either version.'
      : `Compliance: ${percent(was.passed, was.applicable)} of element checks passed before, ${percent(now.passed, now.applicable)} now (${was.passed}/${was.applicable} → ${now.passed}/${now.applicable}).`,
    ...specDeltas
      .slice(0, 8)
      .map((d) =>
        d.failedBefore === null
          ? `- ${d.name}: newly checked, ${plural(d.failedNow, 'failure')}`
          : `- ${d.name}: ${d.failedBefore} → ${plural(d.failedNow, 'failure')}`,
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
