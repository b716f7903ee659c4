/**
 * What changed between two checked versions of a file (issue 30): the stored history when the newer
 * version was compared with the older when it completed, else the comparison made on a worker thread
 * from both versions' stored rows and cached (keyed by both versions and when each was last checked,
 * so a re-check never serves a stale comparison). Waivers apply when the comparison is read (issue 32,
 * decision 0370): a pair either of whose versions has waived results is compared with those results
 * left out and the newer version's counted as waived, keyed also by both versions' waiver digests.
 */
import type {
  ChangesQuery,
  ChangesResponse,
  ComparisonBcfQuery,
  ComparisonQuery,
  ComparisonResponse,
  ComparisonSummary,
  FindingChange,
  FindingReason,
  OverviewChanges,
} from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import { type FacetSummary, ownRequirementKey } from '@plumbline/ids';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../platform/db';
import { runWorkerTask } from '../../platform/worker-task';
import { requireCheckedVersion } from '../bimfiles';
import { facetSummaryOf } from '../compliance';
import { requireProjectReader } from '../projects';
import type { CompareBcfTaskInput, CompareTaskOutput } from './compare-task';
import { CHANGE_KIND_CODE, CHANGE_KIND_OF } from './comparison-rows';
import { HistoryError } from './errors';
import { loadVersionData } from './load';
import * as repo from './repo';
import { storedSpecifications } from './stored-comparison';
import { transfersOfData } from './stored-version';

type Comparison = ComparisonResponse['comparison'];

/** How long comparing two versions on request may take: as long as processing one may. */
const COMPARE_TIME_LIMIT_MS = 30 * 60_000;

interface Pair {
  from: repo.VersionRef;
  to: repo.VersionRef;
  stored: repo.StoredHeader | null;
  /** Both versions' waiver digests (repo.waiverDigests), '' when neither has a waived result. */
  waivers: string;
}

/** The two versions' waiver digests as one cache-key part; '' when neither has a waived result. */
function waiverPart(digests: ReadonlyMap<string, string>, fromId: string, toId: string): string {
  const from = digests.get(fromId);
  const to = digests.get(toId);
  return from === undefined && to === undefined ? '' : `${from ?? '-'}/${to ?? '-'}`;
}

/** The totals of a comparison computed from stored rows: the header's, and the waived findings. */
function computedTotals(output: CompareTaskOutput): ComparisonSummary['totals'] {
  const h = output.rows.header;
  return {
    new: h.newCount,
    resolved: h.resolvedCount,
    removed: h.removedCount,
    persisting: h.persistingCount,
    waived: output.specifications.reduce((n, s) => n + s.counts.waived, 0),
  };
}

/** A stored header's totals: nothing is waived on a pair read from storage. */
function storedTotals(h: repo.StoredHeader): ComparisonSummary['totals'] {
  return {
    new: h.newCount,
    resolved: h.resolvedCount,
    removed: h.removedCount,
    persisting: h.persistingCount,
    waived: 0,
  };
}

/** Two stored versions compared on a worker thread; with waivers when `waivers` (decision 0370). */
async function compareOnWorker(
  db: Database,
  fromId: string,
  toId: string,
  waivers: boolean,
): Promise<CompareTaskOutput> {
  const previous = await loadVersionData(db, fromId, 'all', { waivers });
  const current = await loadVersionData(db, toId, 'all', { waivers });
  return runWorkerTask<CompareTaskOutput>(
    'compare-stored',
    { previous, current },
    {
      timeLimitMs: COMPARE_TIME_LIMIT_MS,
      limitMessage: 'Comparing the versions took too long.',
      transfer: transfersOfData(previous, current),
    },
  );
}

/**
 * The totals of the comparison of `toVersionId` with `fromVersionId` as read now, waivers applied:
 * the stored header's when neither version has a waived result, else computed. What the change
 * notices (mail, webhooks) say, read when they are sent, after the version's waivers were applied.
 */
export async function comparisonTotalsAsRead(
  db: Database,
  pair: { fromVersionId: string; toVersionId: string },
  storedTotals: ComparisonSummary['totals'],
): Promise<ComparisonSummary['totals']> {
  const digests = await repo.waiverDigests(db, [pair.fromVersionId, pair.toVersionId]);
  if (digests.size === 0) return storedTotals;
  return computedTotals(await compareOnWorker(db, pair.fromVersionId, pair.toVersionId, true));
}

const versionDto = (v: repo.VersionRef) => ({
  id: v.id,
  version_number: v.versionNumber,
  version_tag: v.versionTag,
});

function reasonOf(row: {
  facetIndex: number | null;
  facetType: string | null;
  outcome: string | null;
  actualValue: string | null;
}): FindingReason {
  return {
    facet_index: row.facetIndex,
    facet_type: row.facetType,
    outcome: row.outcome as FindingReason['outcome'],
    actual_value: row.actualValue,
  };
}

export function createHistoryService(deps: { db: Database; cacheEntries?: number }) {
  const { db } = deps;
  const cache = new LRUCache<string, Promise<CompareTaskOutput>>({ max: deps.cacheEntries ?? 8 });

  async function resolvePair(
    userId: string | null,
    projectId: string,
    fileId: string,
    query: ComparisonQuery,
  ) {
    await requireProjectReader({ db, userId }, projectId);
    const to = (await requireCheckedVersion(db, { projectId, fileId, versionId: query.to })).version;
    const toRef = {
      id: to.id,
      versionNumber: to.versionNumber,
      versionTag: to.versionTag,
      checkedAt: to.checkedAt,
    };
    let fromRef: repo.VersionRef | null;
    if (query.from !== undefined) {
      const from = (await requireCheckedVersion(db, { projectId, fileId, versionId: query.from })).version;
      fromRef = {
        id: from.id,
        versionNumber: from.versionNumber,
        versionTag: from.versionTag,
        checkedAt: from.checkedAt,
      };
    } else {
      fromRef = await repo.previousCompletedVersion(db, fileId, to.versionNumber);
    }
    if (fromRef === null) throw new HistoryError('comparison_unavailable');
    if (fromRef.id === toRef.id)
      throw new HistoryError('comparison_unavailable', {
        messageId: 'error.comparison_unavailable.same_version',
      });
    return pairOf(fromRef, toRef);
  }

  /**
   * Two versions as a comparison reads them: the stored history when it is of this pair and neither
   * version has a waived result, else computed with the waived results left out (decision 0370).
   */
  async function pairOf(from: repo.VersionRef, to: repo.VersionRef): Promise<Pair> {
    const [header, digests] = await Promise.all([
      repo.findStoredHeader(db, to.id),
      repo.waiverDigests(db, [from.id, to.id]),
    ]);
    const waivers = waiverPart(digests, from.id, to.id);
    const stored = header?.fromVersionId === from.id && waivers === '' ? header : null;
    return { from, to, stored, waivers };
  }

  /** Both versions compared on a worker thread, once per pair and check (cached). */
  function computed(pair: Pair): Promise<CompareTaskOutput> {
    const key = `${pair.from.id}:${pair.from.checkedAt?.toISOString()}:${pair.to.id}:${pair.to.checkedAt?.toISOString()}:${pair.waivers}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = compareOnWorker(db, pair.from.id, pair.to.id, pair.waivers !== '');
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  }

  function summary(
    pair: Pair,
    totals: ComparisonSummary['totals'],
    computedAt: Date,
    source: 'stored' | 'computed',
    elements: ComparisonSummary['elements'],
  ): ComparisonSummary {
    return {
      from_version: versionDto(pair.from),
      to_version: versionDto(pair.to),
      source,
      computed_at: computedAt.toISOString(),
      elements,
      totals,
    };
  }

  /** Each requirement facet by its key: the newer version's specifications, else the older's. */
  async function requirementFacets(pair: Pair): Promise<[string, FacetSummary][]> {
    const out = new Map<string, FacetSummary>();
    for (const versionId of [pair.to.id, pair.from.id])
      for (const spec of await repo.checkedSpecifications(db, versionId))
        spec.requirementKeys.forEach((key, i) => {
          const facet = spec.requirementFacets[i];
          if (facet && !out.has(key)) out.set(key, facetSummaryOf(facet));
        });
    return [...out];
  }

  /** A pair compared: per specification the counts, and the requirements' facets. */
  async function comparisonOf(pair: Pair): Promise<Comparison> {
    if (pair.stored) {
      const h = pair.stored;
      const specifications = await storedSpecifications(db, pair.to.id, pair.from.id);
      const elements = {
        matched_by_global_id: h.matchedByGlobalId,
        matched_by_content: h.matchedByContent,
        added: h.addedElements,
        removed: h.removedElements,
      };
      return { ...summary(pair, storedTotals(h), h.computedAt, 'stored', elements), specifications };
    }
    const [output, now] = await Promise.all([computed(pair), repo.checkedSpecifications(db, pair.to.id)]);
    const rows = new Map(now.flatMap((s) => (s.key === null ? [] : [[s.key, s] as const])));
    const specifications = output.specifications.map((spec) => {
      const row = rows.get(spec.key);
      return {
        key: spec.key,
        specification_id: row?.id ?? null,
        name: spec.name,
        identifier: spec.identifier,
        compared: spec.compared,
        counts: spec.counts,
        uncompared: spec.uncompared,
        requirements: [
          ...(row?.requirementKeys ?? []).map((key, i) => ({
            key,
            facet_index: i as number | null,
            facet: row?.requirementFacets[i] ?? null,
          })),
          ...(row?.prohibited ? [{ key: ownRequirementKey(spec.key), facet_index: null, facet: null }] : []),
        ],
      };
    });
    const h = output.rows.header;
    const elements = {
      matched_by_global_id: h.matchedByGlobalId,
      matched_by_content: h.matchedByContent,
      added: h.addedElements,
      removed: h.removedElements,
    };
    return { ...summary(pair, computedTotals(output), new Date(), 'computed', elements), specifications };
  }

  return {
    /** The file's stored comparisons (each completed version with the one before it), newest first. */
    async list(userId: string | null, projectId: string, fileId: string): Promise<ComparisonSummary[]> {
      await requireProjectReader({ db, userId }, projectId);
      await requireCheckedVersion(db, { projectId, fileId }).catch((error: { code?: string }) => {
        if (error.code !== 'no_processed_version') throw error;
      });
      const headers = await repo.listComparisons(db, fileId);
      const digests = await repo.waiverDigests(
        db,
        headers.flatMap((h) => [h.from.id, h.to.id]),
      );
      const read = async (h: (typeof headers)[number]): Promise<ComparisonSummary> => {
        const waivers = waiverPart(digests, h.from.id, h.to.id);
        const elements = {
          matched_by_global_id: h.matchedByGlobalId,
          matched_by_content: h.matchedByContent,
          added: h.addedElements,
          removed: h.removedElements,
        };
        const pair = { from: h.from, to: h.to, stored: h, waivers };
        if (waivers === '') return summary(pair, storedTotals(h), h.computedAt, 'stored', elements);
        // Waived results on either version: the comparison as read, computed (and cached).
        const totals = computedTotals(await computed({ ...pair, stored: null }));
        return summary(pair, totals, new Date(), 'computed', elements);
      };
      // One pair at a time: each computed one loads two versions and takes a worker thread.
      const out: ComparisonSummary[] = [];
      for (const h of headers) out.push(await read(h));
      return out;
    },

    /** Two versions compared: per specification the counts, and the requirements' facets. */
    async comparison(
      userId: string | null,
      projectId: string,
      fileId: string,
      query: ComparisonQuery,
    ): Promise<Comparison> {
      return comparisonOf(await resolvePair(userId, projectId, fileId, query));
    },

    /**
     * What each file's latest completed version changed since the completed version before it, per
     * specification: the Changes view's default pair read by the same definition (waivers applied,
     * decision 0370), for the Overview's "since vN" lines. Files whose latest version has no stored
     * history (the first, or not compared yet) are left out. Read access is the caller's.
     */
    async latestChanges(
      files: readonly { fileId: string; fileName: string; versionId: string }[],
    ): Promise<OverviewChanges[]> {
      const out: OverviewChanges[] = [];
      // One file at a time: a pair with waivers loads two versions and takes a worker thread.
      for (const file of files) {
        const [header, to] = await Promise.all([
          repo.findStoredHeader(db, file.versionId),
          repo.versionRef(db, file.versionId),
        ]);
        if (!header || !to) continue;
        const from = await repo.previousCompletedVersion(db, file.fileId, to.versionNumber);
        if (!from) continue;
        const comparison = await comparisonOf(await pairOf(from, to));
        out.push({
          file_id: file.fileId,
          file_name: file.fileName,
          from_version: comparison.from_version,
          to_version: comparison.to_version,
          specifications: comparison.specifications.map((spec) => ({
            key: spec.key,
            name: spec.name,
            identifier: spec.identifier,
            compared: spec.compared,
            new: spec.counts.new,
            resolved: spec.counts.resolved,
            removed: spec.counts.removed,
            waived: spec.counts.waived,
          })),
        });
      }
      return out;
    },

    /** A page of one specification's changed findings (of one kind, or all), with their elements. */
    async changes(
      userId: string | null,
      projectId: string,
      fileId: string,
      query: ChangesQuery,
    ): Promise<ChangesResponse> {
      const pair = await resolvePair(userId, projectId, fileId, query);
      const offset = (query.page - 1) * query.page_size;
      const kind = query.kind === undefined ? null : CHANGE_KIND_CODE[query.kind];
      let changes: FindingChange[];
      let total: number;
      if (pair.stored) {
        const page = await repo.pageOfChanges(db, {
          toVersionId: pair.to.id,
          fromVersionId: pair.from.id,
          specificationKey: query.specification_key,
          kind,
          offset,
          limit: query.page_size,
        });
        total = page.total;
        changes = page.rows.map((r) => ({
          kind: CHANGE_KIND_OF[r.kind] ?? 'new',
          requirement_key: r.requirementKey,
          element_key: r.elementKey,
          version_id: r.versionId,
          step_id: r.stepId,
          global_id: r.globalId,
          name: r.name,
          ifc_class: r.ifcClass,
          level: r.level,
          reason: reasonOf(r),
        }));
      } else {
        const { rows, elements } = await computed(pair);
        const c = rows.changes;
        const picked: number[] = [];
        for (let i = 0; i < c.kind.length; i++)
          if (c.specificationKey[i] === query.specification_key && (kind === null || c.kind[i] === kind))
            picked.push(i);
        total = picked.length;
        changes = picked.slice(offset, offset + query.page_size).map((i) => ({
          kind: CHANGE_KIND_OF[c.kind[i] ?? 1] ?? 'new',
          requirement_key: c.requirementKey[i] ?? '',
          element_key: c.elementKey[i] ?? '',
          version_id: c.kind[i] === 3 ? pair.from.id : pair.to.id,
          step_id: c.elementStepId[i] ?? 0,
          global_id: elements.globalId[i] ?? null,
          name: elements.name[i] ?? null,
          ifc_class: elements.ifcClass[i] ?? '',
          level: elements.level[i] ?? null,
          reason: reasonOf({
            facetIndex: c.facetIndex[i] ?? null,
            facetType: c.facetType[i] ?? null,
            outcome: c.outcome[i] ?? null,
            actualValue: c.actualValue[i] ?? null,
          }),
        }));
      }
      return { changes, total, page: query.page, page_size: query.page_size };
    },

    /**
     * The new failures of two versions as a BCF archive, one topic per element and specification,
     * written on a worker thread by `plumbline compare --format bcf`'s code from both versions'
     * stored rows: the comparison as read (the Changes view's), waived results left out. Topic GUIDs
     * derive from the specification key and the element, so the same new failure keeps its topic.
     */
    async newFailuresBcf(
      userId: string | null,
      projectId: string,
      fileId: string,
      query: ComparisonBcfQuery,
      locale: Locale,
    ): Promise<{ bytes: Uint8Array; fileName: string }> {
      const pair = await resolvePair(userId, projectId, fileId, query);
      const { file, version } = await requireCheckedVersion(db, { projectId, fileId, versionId: pair.to.id });
      const [requirements, idsNames] = await Promise.all([
        requirementFacets(pair),
        repo.activeIdsFileNames(db, projectId),
      ]);
      // Waived results left out on both sides, as the comparison reads them (decision 0370): a
      // failure an approved waiver covers is no new failure and gets no topic.
      const waivers = pair.waivers !== '';
      const previous = await loadVersionData(db, pair.from.id, 'all', { waivers });
      const current = await loadVersionData(db, pair.to.id, 'all', { waivers });
      const checkedAt = version.checkedAt ?? version.processedAt ?? new Date(0);
      const input: CompareBcfTaskInput = {
        previous,
        current,
        requirements,
        header: {
          ids: { title: idsNames.join(', ') || null, fileName: null },
          model: { fileName: file.name, schema: null },
          checkedAt: checkedAt.toISOString(),
        },
        options: {
          version: query.bcfVersion,
          lang: locale,
          modelDate: version.processedAt?.toISOString() ?? null,
        },
      };
      const bytes = await runWorkerTask<Uint8Array>('compare-bcf', input, {
        timeLimitMs: COMPARE_TIME_LIMIT_MS,
        limitMessage: 'Comparing the versions took too long.',
        transfer: transfersOfData(previous, current),
      });
      const base = file.name.replace(/\.ifc$/i, '');
      return { bytes, fileName: `${base} ${pair.from.versionTag}-${pair.to.versionTag} new failures.bcf` };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
