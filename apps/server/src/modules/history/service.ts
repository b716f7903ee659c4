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
  ComparisonQuery,
  ComparisonResponse,
  ComparisonSummary,
  FindingChange,
  FindingReason,
} from '@plumbline/contracts';
import { ownRequirementKey } from '@plumbline/ids';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../platform/db';
import { runWorkerTask } from '../../platform/worker-task';
import { requireCheckedVersion } from '../bimfiles';
import { requireProjectReader } from '../projects';
import type { CompareTaskOutput } from './compare-task';
import { CHANGE_KIND_CODE, CHANGE_KIND_OF } from './comparison-rows';
import { HistoryError } from './errors';
import { loadVersionData } from './load';
import * as repo from './repo';
import { transfersOfData } from './stored-version';
import { storedSpecificationComparisons } from './summary';

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
    const [header, digests] = await Promise.all([
      repo.findStoredHeader(db, toRef.id),
      repo.waiverDigests(db, [fromRef.id, toRef.id]),
    ]);
    const waivers = waiverPart(digests, fromRef.id, toRef.id);
    const stored = header?.fromVersionId === fromRef.id && waivers === '' ? header : null;
    return { from: fromRef, to: toRef, stored, waivers } as Pair;
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
      const pair = await resolvePair(userId, projectId, fileId, query);
      const now = await repo.checkedSpecifications(db, pair.to.id);
      if (pair.stored) {
        const h = pair.stored;
        const [before, changes, facetFailures] = await Promise.all([
          repo.checkedSpecifications(db, pair.from.id),
          repo.changeCounts(db, pair.to.id),
          repo.facetFailureCounts(db, pair.to.id),
        ]);
        const specifications = storedSpecificationComparisons({ now, before, changes, facetFailures });
        const elements = {
          matched_by_global_id: h.matchedByGlobalId,
          matched_by_content: h.matchedByContent,
          added: h.addedElements,
          removed: h.removedElements,
        };
        return { ...summary(pair, storedTotals(h), h.computedAt, 'stored', elements), specifications };
      }
      const output = await computed(pair);
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
            ...(row?.prohibited
              ? [{ key: ownRequirementKey(spec.key), facet_index: null, facet: null }]
              : []),
          ],
        };
      });
      const h = output.rows.header;
      const totals = computedTotals(output);
      const elements = {
        matched_by_global_id: h.matchedByGlobalId,
        matched_by_content: h.matchedByContent,
        added: h.addedElements,
        removed: h.removedElements,
      };
      return { ...summary(pair, totals, new Date(), 'computed', elements), specifications };
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
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
