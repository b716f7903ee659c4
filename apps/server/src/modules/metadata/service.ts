import type { Readable } from 'node:stream';
import {
  METADATA_EXPORT_COOLDOWN_SECONDS,
  type MetadataElementResponse,
  type MetadataElementSearchResponse,
  type MetadataExportQuery,
  type MetadataFacetsQuery,
  type MetadataFacetsResponse,
  type MetadataPageQuery,
  type MetadataPageResponse,
  type MetadataRow,
} from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { requireCheckedVersion, type VersionRow } from '../bimfiles';
import { findElement } from '../elements';
import { requireProjectReader } from '../projects';
import type { RateCounter } from '../ratelimit';
import { derivedFunctionalGroup, primaryBimCategory } from './bim-category';
import { searchElements } from './element-search';
import { MetadataError } from './errors';
import type { ExplorerRow, ExplorerStore } from './explorer-store';
import { createExportCooldown } from './export-cooldown';
import { csvStream, xlsxStream } from './export-writers';
import { facetSections } from './live-facets';
import { likePattern, stepIdOf } from './search-term';
import { selectionOf } from './selection';
import { typeDesignation } from './type-designation';

export interface FileAddress {
  projectId: string;
  fileId: string;
  versionId?: string | undefined;
}

export function toRowDto(row: ExplorerRow): MetadataRow {
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

/** Rows per export chunk: big enough to be few round trips, small enough to stream. */
const EXPORT_CHUNK_ROWS = 5000;

export function createMetadataService(deps: {
  db: Database;
  clock: Clock;
  rateCounter: RateCounter;
  /** Where explorer rows are read; every read of them goes through it. */
  store: ExplorerStore;
}) {
  const { db, store } = deps;
  const cooldown = createExportCooldown(deps.rateCounter, METADATA_EXPORT_COOLDOWN_SECONDS);

  async function resolveVersion(
    userId: string | null,
    address: FileAddress,
  ): Promise<VersionRow & { projectId: string }> {
    await requireProjectReader({ db, userId }, address.projectId);
    return { ...(await requireCheckedVersion(db, address)).version, projectId: address.projectId };
  }

  return {
    async page(
      userId: string | null,
      address: FileAddress,
      query: MetadataPageQuery,
    ): Promise<MetadataPageResponse> {
      const version = await resolveVersion(userId, address);
      const selection = selectionOf(query, await store.facets(version));
      const count = selection ? await store.count(version, selection) : { value: 0, exact: true };
      const pageSize = query.page_size;
      // A page beyond the last is answered with the last (spec 2 §4 Tables); past a count that is a
      // lower bound ("more than 10,000") the last page is not known, so the page asked is read.
      const page = count.exact
        ? Math.min(query.page, Math.max(1, Math.ceil(count.value / pageSize)))
        : query.page;
      const totalPages = count.exact
        ? Math.max(1, Math.ceil(count.value / pageSize))
        : Math.max(page, Math.ceil((count.value + 1) / pageSize));
      const rows =
        selection && count.value > 0
          ? await store.page(
              version,
              selection,
              { key: query.sort, direction: query.order ?? 'asc' },
              pageSize,
              (page - 1) * pageSize,
            )
          : [];
      return {
        version_id: version.id,
        rows: rows.map(toRowDto),
        page,
        page_size: pageSize,
        total: count.value,
        total_exact: count.exact,
        total_pages: totalPages,
      };
    },

    /** The filter panel: every option with counts under the other active filters (decision 0346). */
    async facets(
      userId: string | null,
      address: FileAddress,
      query: MetadataFacetsQuery,
    ): Promise<MetadataFacetsResponse> {
      const version = await resolveVersion(userId, address);
      const { sections, totalRows, numeric } = await facetSections(store, version, query);
      return { version_id: version.id, total_rows: totalRows, sections, numeric_properties: numeric };
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
      for (const p of await store.elementProperties(version, stepId)) {
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
      const rows = await searchElements(
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
      const selection = selectionOf(query, await store.facets(version));
      const chunks = selection
        ? store.rows(version, selection, EXPORT_CHUNK_ROWS)[Symbol.asyncIterator]()
        : null;
      const first = chunks ? await chunks.next() : null;
      if (!chunks || !first || first.done) throw new MetadataError('no_data_to_export');
      await cooldown.start(caller);
      const rest = chunks;
      async function* dtoChunks(): AsyncGenerator<MetadataRow[]> {
        let next = first as IteratorResult<ExplorerRow[]>;
        while (!next.done) {
          yield next.value.map(toRowDto);
          next = await rest.next();
        }
      }
      const rowChunks = dtoChunks();
      return query.format === 'csv'
        ? { stream: csvStream(rowChunks), contentType: 'text/csv; charset=utf-8', extension: 'csv' }
        : {
            stream: xlsxStream(rowChunks),
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            extension: 'xlsx',
          };
    },
  };
}

export type MetadataService = ReturnType<typeof createMetadataService>;
