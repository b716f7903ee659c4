import type { MetadataSortKey } from '@plumbline/contracts';

/**
 * Where a version's explorer rows (element × property set × property) are read from. A version's rows
 * never change after processing, so any store may cache per version. Implementations: SQL over the
 * `element_properties` partitions (sql-store.ts) and one Parquet file per version (columnar). Every
 * read of explorer rows (the explorer, its export, the element panel) goes through this interface,
 * and `explorer-store-matrix.ts` checks that every implementation gives the same answers.
 */
export interface ExplorerStore {
  /** Per facet (category excluded: derived), each key with its row count; sorted facet, count desc, key. */
  facets(version: ExplorerVersion): Promise<FacetCountRow[]>;
  /**
   * Per key of one facet, the rows of the selection (keys with none left out); sorted count desc, key.
   * The service asks it with the facet's own filter removed (live facet counts, decision 0346).
   */
  facetCounts(
    version: ExplorerVersion,
    selection: ExplorerSelection,
    facet: StoreFacet,
  ): Promise<FacetCountRow[]>;
  /**
   * Properties (set, name) with at least one value that is a number (METADATA_NUMBER_PATTERN), with
   * how many such rows and their least and greatest; most rows first, then set, then name; at most `limit`.
   */
  numericProperties(version: ExplorerVersion, limit: number): Promise<NumericProperty[]>;
  /** How many rows the selection has: exact, or at least `value` when counting all would cost too much. */
  count(version: ExplorerVersion, selection: ExplorerSelection): Promise<ExplorerCount>;
  /** One page of rows in the order (then element, set, property). */
  page(
    version: ExplorerVersion,
    selection: ExplorerSelection,
    order: ExplorerOrder,
    limit: number,
    offset: number,
  ): Promise<ExplorerRow[]>;
  /** Every selected row in (element, set, property) order, in chunks of at most `chunkRows`. */
  rows(
    version: ExplorerVersion,
    selection: ExplorerSelection,
    chunkRows: number,
  ): AsyncIterable<ExplorerRow[]>;
  /** One element's properties in (set, name) order. */
  elementProperties(version: ExplorerVersion, stepId: number): Promise<StoredProperty[]>;
  /** The version's distinct (property set, name) pairs, in no particular order (the assistant). */
  propertyNames(version: ExplorerVersion): Promise<Array<{ propertySet: string; name: string }>>;
  /**
   * STEP ids of the elements (ascending) with a row of the property (in the set, when given) that holds
   * a value (`valued`: not null, not empty) or reads true (`true`: 'true', '.t.' or '1', any case).
   */
  elementsWithProperty(version: ExplorerVersion, query: PropertyQuery): Promise<number[]>;
  /**
   * A property's distinct values that are not blank (spaces trimmed) with their row counts, the most
   * frequent first, then by value; at most `limit` (the IDS Studio's value lists).
   */
  propertyValues(
    version: ExplorerVersion,
    property: { propertySet: string; name: string },
    limit: number,
  ): Promise<Array<{ value: string; count: number }>>;
}

export interface PropertyQuery {
  name: string;
  propertySet: string | null;
  test: 'valued' | 'true';
}

/** The version read: its processing time keys caches (a reprocessed version gets fresh answers). */
export interface ExplorerVersion {
  id: string;
  processedAt: Date | null;
  /** Where the version's files are kept (a file-backed store needs it; the SQL store does not). */
  projectId?: string | undefined;
}

/** Which rows: exact-value filters (the category filter already resolved to classes) and a term. */
export interface ExplorerSelection {
  /** IFC classes to keep; undefined: all. Never empty (the caller answers nothing itself). */
  classes?: readonly string[] | undefined;
  /** Levels to keep; '' stands for elements without a level. */
  levels?: readonly string[] | undefined;
  propertySets?: readonly string[] | undefined;
  attributes?: readonly string[] | undefined;
  /**
   * A row matches when its value, attribute or property set, or its element's class, category, name
   * or GlobalId contains the term (case-insensitive), or the term is its element's STEP id
   * ('1234' or '#1234'; decision 0168).
   */
  search?: string | undefined;
  /** Only rows of this property whose value is a number within the bounds (either may be open). */
  range?: ValueRange | undefined;
}

/** A numeric range on one property (decision 0345); values that are not numbers never match. */
export interface ValueRange {
  propertySet: string;
  attribute: string;
  from?: number | undefined;
  to?: number | undefined;
}

/** The facets a store counts (the category facet is derived from the class counts). */
export type StoreFacet = 'ifc_class' | 'level' | 'property_set' | 'attribute';

export interface NumericProperty {
  propertySet: string;
  attribute: string;
  count: number;
  min: number;
  max: number;
}

export interface ExplorerOrder {
  key: MetadataSortKey | undefined;
  direction: 'asc' | 'desc';
}

export interface ExplorerCount {
  value: number;
  /** False when `value` is a lower bound (COUNT_LIMIT): the screen says "more than". */
  exact: boolean;
}

/** Beyond this many rows a store may stop counting a search (an answer of at least this many). */
export const COUNT_LIMIT = 10_000;

export interface FacetCountRow {
  facet: string;
  key: string;
  count: number;
}

export interface ExplorerRow {
  stepId: number;
  globalId: string | null;
  objectName: string | null;
  ifcClass: string;
  level: string | null;
  propertySet: string;
  attribute: string;
  value: string | null;
}

export interface StoredProperty {
  propertySet: string;
  name: string;
  value: string | null;
  dataType: string | null;
}

/** A version's cache key: id and processing time. */
export function versionKey(version: ExplorerVersion): string {
  return `${version.id}@${version.processedAt?.getTime() ?? 0}`;
}
