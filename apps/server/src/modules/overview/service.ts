import type { ComplianceCategories, ProjectOverview, TrendPoint } from '@plumbline/contracts';
import { percentOf } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import { listProjectBimFiles, toBimFileDto } from '../bimfiles';
import { idsComplianceOf, STATUS_RANK } from '../compliance';
import { createHistoryService, type HistoryService } from '../history';
import { requireProjectReader } from '../projects';
import * as repo from './repo';
import { readVersionTotals, type VersionTotals, ZERO_TOTALS } from './totals';

const ZERO = ZERO_TOTALS;

function add(a: VersionTotals, b: VersionTotals): VersionTotals {
  return {
    applicablePairs: a.applicablePairs + b.applicablePairs,
    passedPairs: a.passedPairs + b.passedPairs,
    checked: a.checked + b.checked,
    missing: a.missing + b.missing,
    empty: a.empty + b.empty,
    failed: a.failed + b.failed,
    applicableElements: a.applicableElements + b.applicableElements,
    compliantElements: a.compliantElements + b.compliantElements,
    passedElements: a.passedElements + b.passedElements,
    waivedElements: a.waivedElements + b.waivedElements,
    warningElements: a.warningElements + b.warningElements,
    failedElements: a.failedElements + b.failedElements,
  };
}

/**
 * The exists / populated / compliant shares of the checked property requirements (decision 0096;
 * basis `requirements`, labelled so on every screen: they are not the IDS compliance figure).
 */
export function categoriesOf(c: VersionTotals): ComplianceCategories {
  return {
    exists: percentOf(c.checked - c.missing, c.checked),
    populated: percentOf(c.checked - c.missing - c.empty, c.checked),
    compliant: percentOf(c.checked - c.failed, c.checked),
    checked: c.checked,
  };
}

/**
 * The trend: after each completed version (in upload order), the project as it then stood, each file
 * at its newest completed version so far. Points with nothing checked are left out.
 */
export function buildTrend(
  versions: readonly repo.VersionRow[],
  counts: ReadonlyMap<string, VersionTotals>,
): TrendPoint[] {
  const current = new Map<string, { number: number; counts: VersionTotals; elements: number }>();
  const points: TrendPoint[] = [];
  for (const v of versions) {
    if (v.status !== 'completed') continue;
    const held = current.get(v.bimFileId);
    if (held && held.number > v.versionNumber) continue;
    current.set(v.bimFileId, {
      number: v.versionNumber,
      counts: counts.get(v.id) ?? ZERO,
      elements: v.elementsCount ?? 0,
    });
    const total = [...current.values()].reduce((sum, f) => add(sum, f.counts), ZERO);
    if (total.checked === 0 && total.applicablePairs === 0) continue;
    const categories = categoriesOf(total);
    points.push({
      date: v.createdAt.toISOString(),
      version_tag: v.versionTag,
      file_name: v.fileName,
      exists: categories.exists,
      populated: categories.populated,
      compliant: categories.compliant,
      // The Overview card's definition (issue 35), so the newest point equals the card.
      compliance_score: idsComplianceOf(ranksOf(total), elementsOf(current.values())).compliance_rate,
    });
  }
  return points;
}

/** The worst-status counts stored with a version's totals, as `idsComplianceOf` takes them. */
function ranksOf(t: VersionTotals): Map<number, number> {
  return new Map([
    [STATUS_RANK.passed, t.passedElements],
    [STATUS_RANK.waived, t.waivedElements],
    [STATUS_RANK.warning, t.warningElements],
    [STATUS_RANK.failed, t.failedElements],
  ]);
}

function elementsOf(files: Iterable<{ elements: number }>): number {
  let sum = 0;
  for (const f of files) sum += f.elements;
  return sum;
}

/** Newest completed version of each file. */
export function latestCompleted(versions: readonly repo.VersionRow[]): Map<string, repo.VersionRow> {
  const latest = new Map<string, repo.VersionRow>();
  for (const v of versions) {
    if (v.status !== 'completed') continue;
    const held = latest.get(v.bimFileId);
    if (!held || held.versionNumber < v.versionNumber) latest.set(v.bimFileId, v);
  }
  return latest;
}

/** Files settled (newest version completed or failed) out of all, and whether a re-check runs. */
export function processingOf(files: ReadonlyArray<{ status: string; rechecking?: boolean }>) {
  return {
    total_files: files.length,
    settled_files: files.filter((f) => f.status === 'completed' || f.status === 'failed').length,
    rechecking: files.some((f) => f.rechecking === true),
  };
}

/**
 * `history`: whose comparisons the "since vN" lines read (the same definition as the Changes view's);
 * one of its own by default, with its own cache of computed comparisons.
 */
export function createOverviewService(deps: {
  db: Database;
  history?: Pick<HistoryService, 'latestChanges'>;
}) {
  const { db } = deps;
  const history = deps.history ?? createHistoryService({ db });
  return {
    /** The Dashboard Overview of one project (spec 1 §2.2), from stored results; demo readable. */
    async project(userId: string | null, projectId: string): Promise<ProjectOverview> {
      const { project } = await requireProjectReader({ db, userId }, projectId);
      const [files, versions, teamMembers] = await Promise.all([
        listProjectBimFiles(db, projectId),
        repo.listIncludedVersions(db, projectId),
        repo.countTeamMembers(db, projectId),
      ]);
      const included = files.filter((f) => f.included);
      const latest = latestCompleted(versions);
      const latestIds = [...latest.values()].map((v) => v.id);
      const completedIds = versions.filter((v) => v.status === 'completed').map((v) => v.id);
      // Pairs, categories and the elements' worst-status counts, all stored with the results
      // (decisions 0168, 0173): the same status ranks as the IDS Compliance cards, so the two agree.
      const [counts, changes] = await Promise.all([
        readVersionTotals(db, completedIds),
        history.latestChanges(
          included.flatMap((f) => {
            const version = latest.get(f.id);
            return version ? [{ fileId: f.id, fileName: f.name, versionId: version.id }] : [];
          }),
        ),
      ]);
      const now = latestIds.reduce((sum, id) => add(sum, counts.get(id) ?? ZERO), ZERO);
      const ranks = ranksOf(now);
      const elements = [...latest.values()].reduce((sum, v) => sum + (v.elementsCount ?? 0), 0);
      return {
        project: { id: project.id, name: project.name },
        cards: {
          bim_files: included.length,
          elements,
          team_members: teamMembers,
          storage_used_bytes: versions.reduce((sum, v) => sum + v.sizeBytes, 0),
          ids_compliance: idsComplianceOf(ranks, elements),
          total_validation_pairs: now.applicablePairs,
        },
        compliance_categories: categoriesOf(now),
        trend: buildTrend(versions, counts),
        files: included.map((f) => ({ ...toBimFileDto(f), latest_version_id: latest.get(f.id)?.id ?? null })),
        changes,
        processing: processingOf(included.map(toBimFileDto)),
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
