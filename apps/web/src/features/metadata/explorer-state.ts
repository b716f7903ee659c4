import {
  METADATA_PAGE_SIZE,
  type MetadataFilterKey,
  type MetadataFilters,
  type MetadataSortKey,
  metadataFilterKeys,
  metadataSortKeys,
} from '@plumbline/contracts';
import { nextSortDirection } from '@/components/data-table/pagination';

/** A from–to filter on one numeric property (decision 0345); an open end is absent. */
export interface ExplorerRange {
  propertySet: string;
  attribute: string;
  from?: number | undefined;
  to?: number | undefined;
}

/** What the explorer shows of a version: search, filters, sort and page (spec 2 §4 persistence). */
export interface ExplorerState {
  search: string;
  filters: Partial<Record<MetadataFilterKey, string[]>>;
  range: ExplorerRange | null;
  sort: { key: MetadataSortKey; direction: 'asc' | 'desc' } | null;
  /** 1-based, as the API pages. */
  page: number;
  pageSize: number;
}

export const METADATA_PAGE_SIZE_OPTIONS = [50, 100, 200] as const;

export const initialExplorerState: ExplorerState = {
  search: '',
  filters: {},
  range: null,
  sort: null,
  page: 1,
  pageSize: METADATA_PAGE_SIZE,
};

/** Sort cycles ascending → descending → none per column; any change goes back to page 1. */
export function cycleSort(state: ExplorerState, key: MetadataSortKey): ExplorerState {
  const current = state.sort?.key === key ? state.sort.direction : false;
  const next = nextSortDirection(current);
  return { ...state, sort: next ? { key, direction: next } : null, page: 1 };
}

export function withFilters(state: ExplorerState, filters: ExplorerState['filters']): ExplorerState {
  return { ...state, filters, page: 1 };
}

export function withRange(state: ExplorerState, range: ExplorerRange | null): ExplorerState {
  return { ...state, range, page: 1 };
}

export function withSearch(state: ExplorerState, search: string): ExplorerState {
  return search === state.search ? state : { ...state, search, page: 1 };
}

export function withPageSize(state: ExplorerState, pageSize: number): ExplorerState {
  return { ...state, pageSize, page: 1 };
}

/** The API query string of a page (repeated keys for multi-select filters). */
export function pageQuery(versionId: string, state: ExplorerState) {
  return {
    versionId,
    page: state.page,
    page_size: state.pageSize,
    ...selectionQuery(state),
    ...(state.sort ? { sort: state.sort.key, order: state.sort.direction } : {}),
  };
}

export type SelectionQuery = { search?: string } & MetadataFilters & {
    range_property_set?: string;
    range_attribute?: string;
    range_from?: string;
    range_to?: string;
  };

/** Search, filters and range only: what the export and the facet counts select (filters repeat per value). */
export function selectionQuery(state: Pick<ExplorerState, 'search' | 'filters' | 'range'>): SelectionQuery {
  const query: SelectionQuery = {};
  if (state.search.trim()) query.search = state.search.trim();
  for (const key of metadataFilterKeys) {
    const values = state.filters[key] ?? [];
    if (values.length > 0) query[key] = [...values];
  }
  const range = state.range;
  if (range && (range.from !== undefined || range.to !== undefined)) {
    query.range_property_set = range.propertySet;
    query.range_attribute = range.attribute;
    if (range.from !== undefined) query.range_from = String(range.from);
    if (range.to !== undefined) query.range_to = String(range.to);
  }
  return query;
}

/** A stored range, kept only when well formed (names, finite bounds in order). */
function rangeOf(value: unknown): ExplorerRange | null {
  if (!value || typeof value !== 'object') return null;
  const r = value as Record<string, unknown>;
  const bound = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const from = bound(r.from);
  const to = bound(r.to);
  if (typeof r.propertySet !== 'string' || typeof r.attribute !== 'string') return null;
  if (from === undefined && to === undefined) return null;
  if (from !== undefined && to !== undefined && from > to) return null;
  return { propertySet: r.propertySet, attribute: r.attribute, from, to };
}

const storageKey = (projectId: string, fileId: string, versionId: string) =>
  `plumbline:metadata-explorer:${projectId}:${fileId}:${versionId}`;

/** Stored preferences, validated: anything malformed falls back to the initial state. */
export function readPreferences(
  storage: Storage | undefined,
  projectId: string,
  fileId: string,
  versionId: string,
): ExplorerState {
  try {
    const raw = storage?.getItem(storageKey(projectId, fileId, versionId));
    if (!raw) return initialExplorerState;
    const parsed = JSON.parse(raw) as Partial<ExplorerState>;
    const filters: ExplorerState['filters'] = {};
    for (const key of metadataFilterKeys) {
      const values = parsed.filters?.[key];
      if (Array.isArray(values) && values.every((v) => typeof v === 'string') && values.length > 0) {
        filters[key] = values;
      }
    }
    const sort =
      parsed.sort &&
      (metadataSortKeys as readonly string[]).includes(parsed.sort.key) &&
      (parsed.sort.direction === 'asc' || parsed.sort.direction === 'desc')
        ? parsed.sort
        : null;
    const pageSize = (METADATA_PAGE_SIZE_OPTIONS as readonly number[]).includes(parsed.pageSize ?? 0)
      ? (parsed.pageSize as number)
      : METADATA_PAGE_SIZE;
    const page = Number.isInteger(parsed.page) && (parsed.page as number) > 0 ? (parsed.page as number) : 1;
    return {
      search: typeof parsed.search === 'string' ? parsed.search : '',
      filters,
      range: rangeOf(parsed.range),
      sort,
      page,
      pageSize,
    };
  } catch {
    return initialExplorerState;
  }
}

export function writePreferences(
  storage: Storage | undefined,
  projectId: string,
  fileId: string,
  versionId: string,
  state: ExplorerState,
): void {
  try {
    storage?.setItem(storageKey(projectId, fileId, versionId), JSON.stringify(state));
  } catch {
    // A full or blocked storage only loses the remembered view.
  }
}

/** The sub-tab remembered locally (spec 2 §2.5). */
export type MetadataSubTab = 'metadata' | 'ids-compliance';
const SUB_TAB_KEY = 'plumbline:metadata-explorer:sub-tab';

export function readSubTab(storage: Storage | undefined): MetadataSubTab {
  try {
    return storage?.getItem(SUB_TAB_KEY) === 'ids-compliance' ? 'ids-compliance' : 'metadata';
  } catch {
    return 'metadata';
  }
}

export function writeSubTab(storage: Storage | undefined, tab: MetadataSubTab): void {
  try {
    storage?.setItem(SUB_TAB_KEY, tab);
  } catch {
    // Not remembered; the tab still switches.
  }
}
