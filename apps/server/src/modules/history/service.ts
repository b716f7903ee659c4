/**
 * What changed between two checked versions of a file (issue 30): the stored history when the newer
 * version was compared with the older when it completed, else the comparison made on a worker thread
 * from both versions' stored rows and cached (keyed by both versions and when each was last checked,
 * so a re-check never serves a stale comparison).
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
    const header = await repo.findStoredHeader(db, toRef.id);
    return { from: fromRef, to: toRef, stored: header?.fromVersionId === fromRef.id ? header : null } as Pair;
  }

  /** Both versions compared on a worker thread, once per pair and check (cached). */
  function computed(pair: Pair): Promise<CompareTaskOutput> {
    const key = `${pair.from.id}:${pair.from.checkedAt?.toISOString()}:${pair.to.id}:${pair.to.checkedAt?.toISOString()}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = (async () => {
        const previous = await loadVersionData(db, pair.from.id);
        const current = await loadVersionData(db, pair.to.id);
        return runWorkerTask<CompareTaskOutput>(
          'compare-stored',
          { previous, current },
          {
            timeLimitMs: COMPARE_TIME_LIMIT_MS,
            limitMessage: 'Comparing the versions took too long.',
            transfer: transfersOfData(previous, current),
          },
        );
      })();
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

  return {
    /** The file's stored comparisons (each completed version with the one before it), newest first. */
    async list(userId: string | null, projectId: string, fileId: string): Promise<ComparisonSummary[]> {
      await requireProjectReader({ db, userId }, projectId);
      await requireCheckedVersion(db, { projectId, fileId }).catch((error: { code?: string }) => {
        if (error.code !== 'no_processed_version') throw error;
      });
      return (await repo.listComparisons(db, fileId)).map((h) =>
        summary(
          { from: h.from, to: h.to, stored: h },
          {
            new: h.newCount,
            resolved: h.resolvedCount,
            removed: h.removedCount,
            persisting: h.persistingCount,
          },
          h.computedAt,
          'stored',
          {
            matched_by_global_id: h.matchedByGlobalId,
            matched_by_content: h.matchedByContent,
            added: h.addedElements,
            removed: h.removedElements,
          },
        ),
      );
    },

    /** Two versions compared: per specification the counts, and the requirements' facets. */
    async comparison(
      userId: string | null,
      projectId: string,
      fileId: string,
      query: ComparisonQuery,
    ): Promise<Comparison> {
      const pair = await resolvePair(userId, projectId, fileId, query);
      if (pair.stored) {
        const h = pair.stored;
        const specifications = await storedSpecifications(db, pair.to.id, pair.from.id);
        const totals = {
          new: h.newCount,
          resolved: h.resolvedCount,
          removed: h.removedCount,
          persisting: h.persistingCount,
        };
        const elements = {
          matched_by_global_id: h.matchedByGlobalId,
          matched_by_content: h.matchedByContent,
          added: h.addedElements,
          removed: h.removedElements,
        };
        return { ...summary(pair, totals, h.computedAt, 'stored', elements), specifications };
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
            ...(row?.prohibited
              ? [{ key: ownRequirementKey(spec.key), facet_index: null, facet: null }]
              : []),
          ],
        };
      });
      const h = output.rows.header;
      const totals = {
        new: h.newCount,
        resolved: h.resolvedCount,
        removed: h.removedCount,
        persisting: h.persistingCount,
      };
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

    /**
     * The new failures of two versions as a BCF archive, one topic per element and specification,
     * written on a worker thread by `plumbline compare --format bcf`'s code from both versions'
     * stored rows (the comparison the history stores, made again). Topic GUIDs derive from the
     * specification key and the element, so the same new failure keeps its topic.
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
      const previous = await loadVersionData(db, pair.from.id);
      const current = await loadVersionData(db, pair.to.id);
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
