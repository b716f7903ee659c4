import type { Readable } from 'node:stream';
import {
  type FilterSection,
  METADATA_EXPORT_COOLDOWN_SECONDS,
  type MetadataElementResponse,
  type MetadataElementSearchResponse,
  type MetadataExportQuery,
  type MetadataFacetsResponse,
  type MetadataPageQuery,
  type MetadataPageResponse,
  type MetadataRow,
  type MetadataRowQuery,
} from '@plumbline/contracts';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { requireCheckedVersion, type VersionRow } from '../bimfiles';
import { findElement } from '../elements';
import { requireProjectReader } from '../projects';
import type { RateCounter } from '../ratelimit';
import { derivedFunctionalGroup, primaryBimCategory } from './bim-category';
import { MetadataError } from './errors';
import { createExportCooldown } from './export-cooldown';
import { csvStream, xlsxStream } from './export-writers';
import * as repo from './repo';
import { likePattern, type RowSelection, type SearchMatches, stepIdOf } from './row-query';
import { typeDesignation } from './type-designation';

export interface FileAddress {
  projectId: string;
  fileId: string;
  versionId?: string | undefined;
}

const sectionTitles: Array<[string, string]> = [
  ['category', 'Category'],
  ['ifc_class', 'IFC Class'],
  ['level', 'Level'],
  ['property_set', 'Property Set'],
  ['attribute', 'Attribute'],
];

export function toRowDto(row: repo.PropertyRow): MetadataRow {
  return {
    id: `${row.stepId}:${row.propertySet}:${row.attribute}`,
    object_id: row.globalId ?? `#${row.stepId}`,
    object_name: row.objectName,
    category: primaryBimCategory(row.ifcClass),
    ifc_class: row.ifcClass,
    level: row.level,
    property_set: row.propertySet,
    attribute: row.attribute,
    value: row.value,
    viewer_db_id: row.stepId,
    global_id: row.globalId,
  };
}

/** Facet rows of a version, grouped: facet → option key → row count. */
type FacetIndex = Map<string, repo.FacetCountRow[]>;

/** Matching elements listed by id in a search; more go in as a subquery (a frequent term). */
const MATCHED_ELEMENTS_LISTED = 1000;

/** Rows per export query: big enough to be few round trips, small enough to stream. */
const EXPORT_CHUNK_ROWS = 5000;

export function createMetadataService(deps: { db: Database; clock: Clock; rateCounter: RateCounter }) {
  const { db } = deps;
  const facetCache = new LRUCache<string, Promise<FacetIndex>>({ max: 64 });
  const countCache = new LRUCache<string, Promise<number>>({ max: 2000 });
  const searchCache = new LRUCache<string, Promise<SearchMatches>>({ max: 500 });
  const categoryCache = new LRUCache<string, Promise<boolean>>({ max: 64 });
  const cooldown = createExportCooldown(deps.rateCounter, METADATA_EXPORT_COOLDOWN_SECONDS);

  async function resolveVersion(userId: string | null, address: FileAddress): Promise<VersionRow> {
    await requireProjectReader({ db, userId }, address.projectId);
    return (await requireCheckedVersion(db, address)).version;
  }

  /** Cached per version and processing time: a reprocessed version gets fresh counts. */
  const versionKey = (version: VersionRow) => `${version.id}@${version.processedAt?.getTime() ?? 0}`;

  // Promises are cached, so concurrent first requests for a version share one query (no dogpile).
  function facetIndex(version: VersionRow): Promise<FacetIndex> {
    const key = versionKey(version);
    const cached = facetCache.get(key);
    if (cached) return cached;
    const loading = repo.listFacetCounts(db, version.id).then((rows) => {
      const index: FacetIndex = new Map();
      for (const row of rows) {
        const list = index.get(row.facet) ?? [];
        list.push(row);
        index.set(row.facet, list);
      }
      return index;
    });
    facetCache.set(key, loading);
    loading.catch(() => facetCache.delete(key));
    return loading;
  }

  /**
   * Turns the query into a row selection; null when the filters exclude everything (e.g. a category
   * with no class in this version). The category filter becomes a class list, since the category
   * is derived from the class.
   */
  function selectionOf(versionId: string, query: MetadataRowQuery, facets: FacetIndex): RowSelection | null {
    const versionClasses = (facets.get('ifc_class') ?? []).map((f) => f.key);
    const nonEmpty = (list: string[] | undefined) => (list && list.length > 0 ? list : undefined);
    let classes = nonEmpty(query.ifc_class);
    const categories = nonEmpty(query.category);
    if (categories) {
      const inCategories = versionClasses.filter((c) => categories.includes(primaryBimCategory(c)));
      classes = classes ? classes.filter((c) => inCategories.includes(c)) : inCategories;
    }
    const selection: RowSelection = {
      versionId,
      classes,
      levels: nonEmpty(query.level),
      propertySets: nonEmpty(query.property_set),
      attributes: nonEmpty(query.attribute),
      search: query.search ? query.search : undefined,
    };
    const lists = [selection.classes, selection.levels, selection.propertySets, selection.attributes];
    return lists.some((l) => l !== undefined && l.length === 0) ? null : selection;
  }

  /**
   * What the search term matches besides values (decision 0168), cached per version and term: facet
   * keys by ILIKE, classes by name or category, and up to MATCHED_ELEMENTS_LISTED matching elements.
   */
  function searchMatchesOf(version: VersionRow, term: string, facets: FacetIndex): Promise<SearchMatches> {
    const key = `${versionKey(version)}|${term}`;
    const cached = searchCache.get(key);
    if (cached) return cached;
    const loading = (async (): Promise<SearchMatches> => {
      const [keys, elementIds] = await Promise.all([
        repo.listFacetKeysMatching(db, version.id, term),
        repo.listMatchingElementIds(db, version.id, term, MATCHED_ELEMENTS_LISTED + 1),
      ]);
      const lower = term.toLowerCase();
      const byCategory = (facets.get('ifc_class') ?? [])
        .map((f) => f.key)
        .filter((c) => primaryBimCategory(c).toLowerCase().includes(lower));
      const keysOf = (facet: string) => keys.filter((k) => k.facet === facet).map((k) => k.key);
      return {
        attributes: keysOf('attribute'),
        propertySets: keysOf('property_set'),
        classes: [...new Set([...keysOf('ifc_class'), ...byCategory])],
        elementStepIds: elementIds.length > MATCHED_ELEMENTS_LISTED ? null : elementIds,
      };
    })();
    searchCache.set(key, loading);
    loading.catch(() => searchCache.delete(key));
    return loading;
  }

  /** The selection with its search resolved (see searchMatchesOf). */
  async function resolved(
    version: VersionRow,
    selection: RowSelection | null,
    facets: FacetIndex,
  ): Promise<RowSelection | null> {
    if (!selection?.search) return selection;
    return { ...selection, searchMatches: await searchMatchesOf(version, selection.search, facets) };
  }

  /** Whether the version's elements carry their category (cached: a version's rows never change). */
  function categoryStored(version: VersionRow): Promise<boolean> {
    const key = versionKey(version);
    const cached = categoryCache.get(key);
    if (cached) return cached;
    const loading = repo.categoriesStored(db, version.id);
    categoryCache.set(key, loading);
    loading.catch(() => categoryCache.delete(key));
    return loading;
  }

  async function countOf(version: VersionRow, selection: RowSelection, facets: FacetIndex) {
    const { versionId, searchMatches, ...rest } = selection;
    const filtered = Object.values(rest).some((v) => v !== undefined);
    if (!filtered) return (facets.get('property_set') ?? []).reduce((sum, f) => sum + f.count, 0);
    const key = `${versionKey(version)}|${JSON.stringify(rest)}`;
    const cached = countCache.get(key);
    if (cached !== undefined) return cached;
    const counting = repo.countRows(db, selection);
    countCache.set(key, counting);
    counting.catch(() => countCache.delete(key));
    return counting;
  }

  return {
    async page(
      userId: string | null,
      address: FileAddress,
      query: MetadataPageQuery,
    ): Promise<MetadataPageResponse> {
      const version = await resolveVersion(userId, address);
      const facets = await facetIndex(version);
      const selection = await resolved(version, selectionOf(version.id, query, facets), facets);
      const total = selection ? await countOf(version, selection, facets) : 0;
      const pageSize = query.page_size;
      const totalPages = Math.max(1, Math.ceil(total / pageSize));
      // A page beyond the last is answered with the last (spec 2 §4 Tables).
      const page = Math.min(query.page, totalPages);
      const rows =
        selection && total > 0
          ? await repo.listRows(
              db,
              selection,
              {
                key: query.sort,
                direction: query.order ?? 'asc',
                versionClasses: (facets.get('ifc_class') ?? []).map((f) => f.key),
                categoryStored: query.sort === 'category' ? await categoryStored(version) : false,
              },
              pageSize,
              (page - 1) * pageSize,
            )
          : [];
      return {
        version_id: version.id,
        rows: rows.map(toRowDto),
        page,
        page_size: pageSize,
        total,
        total_pages: totalPages,
      };
    },

    async facets(userId: string | null, address: FileAddress): Promise<MetadataFacetsResponse> {
      const version = await resolveVersion(userId, address);
      const facets = await facetIndex(version);
      const sections: FilterSection[] = sectionTitles.map(([key, title]) => ({
        key,
        title,
        options: (facets.get(key) ?? []).map((f) => ({
          key: f.key,
          label: key === 'level' && f.key === '' ? 'No level' : f.key,
          count: f.count,
        })),
      }));
      const totalRows = (facets.get('property_set') ?? []).reduce((sum, f) => sum + f.count, 0);
      return { version_id: version.id, total_rows: totalRows, sections };
    },

    async element(
      userId: string | null,
      address: FileAddress,
      stepId: number,
    ): Promise<MetadataElementResponse> {
      const version = await resolveVersion(userId, address);
      const row = await findElement(db, version.id, stepId);
      if (!row) throw new MetadataError('element_not_found');
      const sets = new Map<string, Array<{ name: string; value: string | null; data_type: string | null }>>();
      for (const p of await repo.listElementProperties(db, version.id, stepId)) {
        const list = sets.get(p.propertySet) ?? [];
        list.push({ name: p.name, value: p.value, data_type: p.dataType });
        sets.set(p.propertySet, list);
      }
      const designation = typeDesignation(row.ifcClass, row.predefinedType, row.predefinedTypeUserDefined);
      return {
        version_id: version.id,
        element: {
          viewer_db_id: row.stepId,
          object_id: row.globalId ?? `#${row.stepId}`,
          global_id: row.globalId,
          name: row.name,
          ifc_class: row.ifcClass,
          primary_bim_category: primaryBimCategory(row.ifcClass),
          derived_functional_group: derivedFunctionalGroup(row.ifcClass),
          type_name: row.typeName,
          predefined_type: designation.predefinedType,
          object_type: designation.objectType,
          level: row.level,
          property_sets: [...sets].map(([name, properties]) => ({ name, properties })),
        },
      };
    },

    async searchElements(
      userId: string | null,
      address: FileAddress,
      query: { search?: string | undefined; limit: number },
    ): Promise<MetadataElementSearchResponse> {
      const version = await resolveVersion(userId, address);
      const term = query.search ? query.search : null;
      const rows = await repo.searchElements(
        db,
        version.id,
        term ? likePattern(term) : null,
        term ? stepIdOf(term) : null,
        query.limit + 1,
      );
      return {
        version_id: version.id,
        truncated: rows.length > query.limit,
        data: rows.slice(0, query.limit).map((row) => ({
          viewer_db_id: row.stepId,
          object_id: row.globalId ?? `#${row.stepId}`,
          global_id: row.globalId,
          name: row.name,
          ifc_class: row.ifcClass,
          primary_bim_category: primaryBimCategory(row.ifcClass),
          level: row.level,
        })),
      };
    },

    /**
     * The filtered rows as CSV or XLSX, streamed in chunks of 5,000 (in element, set, property order).
     * `caller` keys the 30-second cooldown: the user id, or the client address on the demo project.
     */
    async export(
      userId: string | null,
      caller: string,
      address: FileAddress,
      query: MetadataExportQuery,
    ): Promise<{ stream: Readable; contentType: string; extension: string }> {
      const left = await cooldown.secondsLeft(caller);
      if (left > 0) {
        throw new MetadataError('export_rate_limited', {
          messageId: 'error.export_rate_limited.wait',
          params: { seconds: left },
          headers: { 'retry-after': String(left) },
        });
      }
      const version = await resolveVersion(userId, address);
      const facets = await facetIndex(version);
      const selection = await resolved(version, selectionOf(version.id, query, facets), facets);
      const first = selection ? await repo.listRowsAfter(db, selection, null, EXPORT_CHUNK_ROWS) : [];
      if (!selection || first.length === 0) throw new MetadataError('no_data_to_export');
      await cooldown.start(caller);
      async function* chunks(): AsyncGenerator<MetadataRow[]> {
        let batch = first;
        while (batch.length > 0) {
          yield batch.map(toRowDto);
          if (batch.length < EXPORT_CHUNK_ROWS) return;
          const last = batch[batch.length - 1] as (typeof batch)[number];
          batch = await repo.listRowsAfter(
            db,
            selection as RowSelection,
            {
              stepId: last.stepId,
              propertySet: last.propertySet,
              attribute: last.attribute,
              rowRef: last.rowRef,
            },
            EXPORT_CHUNK_ROWS,
          );
        }
      }
      return query.format === 'csv'
        ? { stream: csvStream(chunks()), contentType: 'text/csv; charset=utf-8', extension: 'csv' }
        : {
            stream: xlsxStream(chunks()),
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            extension: 'xlsx',
          };
    },
  };
}

export type MetadataService = ReturnType<typeof createMetadataService>;
