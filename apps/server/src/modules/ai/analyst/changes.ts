import { comparisonTotalsAsRead } from '../../history';
import * as repo from '../repo';
import { classLabel } from './classes';
import type { VersionFacts } from './facts';
import { type Lang, num, say } from './language';
import { type AnalystResult, Citations, plural } from './types';

export interface ChangesArgs {
  /** The version to compare with; default: the newest completed version before this one. */
  compareToVersionId?: string;
}

type Fingerprint = repo.ElementIdentity;

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
      ? say(lang, { en: ', for example ', nl: ', bijvoorbeeld ', de: ', zum Beispiel ' }) +
        rows.map(example).join('; ')
      : '';
  return [
    say(lang, {
      en: `Since ${beforeTag}: ${num(lang, totals.newCount)} new failed requirement checks and ${num(lang, totals.resolvedCount)} resolved.`,
      nl: `Sinds ${beforeTag}: ${num(lang, totals.newCount)} nieuwe niet-gehaalde eisen en ${num(lang, totals.resolvedCount)} opgelost.`,
      de: `Seit ${beforeTag}: ${num(lang, totals.newCount)} neue nicht erfüllte Anforderungen und ${num(lang, totals.resolvedCount)} behoben.`,
    }),
    say(lang, { en: '- New: ', nl: '- Nieuw: ', de: '- Neu: ' }) +
      num(lang, totals.newCount) +
      examples(fresh),
    say(lang, { en: '- Resolved: ', nl: '- Opgelost: ', de: '- Behoben: ' }) +
      num(lang, totals.resolvedCount) +
      examples(resolved),
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
      text: say(lang, {
        en: `Version ${version.versionTag} is the first processed version of this file, so there is nothing earlier to compare it with.`,
        nl: `Versie ${version.versionTag} is de eerste verwerkte versie van dit bestand; er is dus niets eerders om mee te vergelijken.`,
        de: `Version ${version.versionTag} ist die erste verarbeitete Version dieser Datei; es gibt also nichts Früheres zum Vergleichen.`,
      }),
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
    `Version ${version.versionTag} compared with ${before.versionTag} (elements matched by GlobalId, or by content where it was regenerated):`,
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
    checkedNothing
      ? 'No IDS rules were checked on either version.'
      : `Compliance: ${was.rate}% of element checks met every requirement before, ${now.rate}% now (${was.passed}/${was.applicable} → ${now.passed}/${now.applicable}).`,
    ...specDeltas
      .slice(0, 8)
      .map((d) =>
        d.failedBefore === null
          ? `- ${d.name}: newly checked, ${plural(d.failedNow, 'element')} not meeting it`
          : `- ${d.name}: ${d.failedBefore} → ${plural(d.failedNow, 'element')} not meeting it`,
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
