import { z } from 'zod';
import { fileParamsSchema, versionQuerySchema } from './file-address';

/** Metadata explorer (spec 2 §2.5): one row per element × property set × property of a version. */

export const metadataElementParamsSchema = fileParamsSchema.extend({
  viewerDbId: z.coerce.number().int().positive('Element not found').max(2_147_483_647, 'Element not found'),
});

export const metadataSortKeys = [
  'object_id',
  'category',
  'ifc_class',
  'level',
  'property_set',
  'attribute',
  'value',
] as const;
export const metadataSortKeySchema = z.enum(metadataSortKeys);
export type MetadataSortKey = z.infer<typeof metadataSortKeySchema>;

/** The multi-select filters; each is a list of exact values (OR within a filter, AND between them). */
export const metadataFilterKeys = ['category', 'ifc_class', 'level', 'property_set', 'attribute'] as const;
export type MetadataFilterKey = (typeof metadataFilterKeys)[number];
export type MetadataFilters = Partial<Record<MetadataFilterKey, string[]>>;

export const METADATA_PAGE_SIZE = 100;
export const METADATA_MAX_PAGE_SIZE = 500;
export const METADATA_SEARCH_MAX_LENGTH = 200;
export const METADATA_ELEMENT_SEARCH_LIMIT = 10_000;
export const METADATA_EXPORT_COOLDOWN_SECONDS = 30;

/** A query-string value that may repeat (`?level=A&level=B`) or come once. */
const multi = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.string().max(500)).max(200, 'Too many filter values').optional());

/** What selects rows: version, search and filters (shared by the page, the export and the count). */
export const metadataRowQuerySchema = versionQuerySchema.extend({
  search: z.string().trim().max(METADATA_SEARCH_MAX_LENGTH, 'The search is too long').optional(),
  category: multi,
  ifc_class: multi,
  level: multi,
  property_set: multi,
  attribute: multi,
  sort: metadataSortKeySchema.optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type MetadataRowQuery = z.infer<typeof metadataRowQuerySchema>;

export const metadataPageQuerySchema = metadataRowQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(METADATA_MAX_PAGE_SIZE).default(METADATA_PAGE_SIZE),
});
export type MetadataPageQuery = z.infer<typeof metadataPageQuerySchema>;

export const metadataExportQuerySchema = metadataRowQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']),
});
export type MetadataExportQuery = z.infer<typeof metadataExportQuerySchema>;

/** One table row (spec 2 §3 'Metadata table row'). */
export const metadataRowSchema = z.object({
  /** Unique within the version: `<viewer_db_id>:<property set>:<attribute>`. */
  id: z.string(),
  /** The element's IFC GlobalId, or '#<step id>' when it has none. */
  object_id: z.string(),
  object_name: z.string().nullable(),
  category: z.string(),
  ifc_class: z.string(),
  level: z.string().nullable(),
  property_set: z.string(),
  attribute: z.string(),
  value: z.string().nullable(),
  /** STEP id: the 3D viewer's id of the element. */
  viewer_db_id: z.number().int(),
  global_id: z.string().nullable(),
});
export type MetadataRow = z.infer<typeof metadataRowSchema>;

export const metadataPageResponseSchema = z.object({
  version_id: z.string().uuid(),
  rows: z.array(metadataRowSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Rows selected; with `total_exact` false, a lower bound: more than this many (a frequent search term). */
  total: z.number().int(),
  total_exact: z.boolean(),
  total_pages: z.number().int(),
});
export type MetadataPageResponse = z.infer<typeof metadataPageResponseSchema>;

/** A filter panel section (spec 2 §2.4): key, title and options with key, label and count. */
export const filterOptionSchema = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export type FilterOption = z.infer<typeof filterOptionSchema>;
export const filterSectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  options: z.array(filterOptionSchema),
});
export type FilterSection = z.infer<typeof filterSectionSchema>;

export const metadataFacetsResponseSchema = z.object({
  version_id: z.string().uuid(),
  /** Rows of the whole version (the counts are per version, not narrowed by other filters). */
  total_rows: z.number().int(),
  sections: z.array(filterSectionSchema),
});
export type MetadataFacetsResponse = z.infer<typeof metadataFacetsResponseSchema>;

export const metadataPropertySchema = z.object({
  name: z.string(),
  value: z.string().nullable(),
  data_type: z.string().nullable(),
});
export const metadataPropertySetSchema = z.object({
  name: z.string(),
  properties: z.array(metadataPropertySchema),
});

/** One element with all its properties grouped by set (the element details dialog). */
export const metadataElementSchema = z.object({
  viewer_db_id: z.number().int(),
  object_id: z.string(),
  global_id: z.string().nullable(),
  name: z.string().nullable(),
  ifc_class: z.string(),
  primary_bim_category: z.string(),
  derived_functional_group: z.string(),
  type_name: z.string().nullable(),
  /** Only a value of the class's PredefinedType enumeration (USERDEFINED when a name stands for it). */
  predefined_type: z.string().nullable(),
  /** The ObjectType name (an IFC2X3 door's '1250mm x 2010mm'), labelled as such. */
  object_type: z.string().nullable(),
  level: z.string().nullable(),
  property_sets: z.array(metadataPropertySetSchema),
});
export type MetadataElement = z.infer<typeof metadataElementSchema>;

export const metadataElementResponseSchema = z.object({
  version_id: z.string().uuid(),
  element: metadataElementSchema,
});
export type MetadataElementResponse = z.infer<typeof metadataElementResponseSchema>;

/** 'Search elements of a project file' (spec 2 §7): limit 10000 and an optional version. */
export const metadataElementSearchQuerySchema = versionQuerySchema.extend({
  search: z.string().trim().max(METADATA_SEARCH_MAX_LENGTH).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(METADATA_ELEMENT_SEARCH_LIMIT)
    .default(METADATA_ELEMENT_SEARCH_LIMIT),
});

export const metadataElementSummarySchema = z.object({
  viewer_db_id: z.number().int(),
  object_id: z.string(),
  global_id: z.string().nullable(),
  name: z.string().nullable(),
  ifc_class: z.string(),
  primary_bim_category: z.string(),
  level: z.string().nullable(),
});
export type MetadataElementSummary = z.infer<typeof metadataElementSummarySchema>;

export const metadataElementSearchResponseSchema = z.object({
  version_id: z.string().uuid(),
  data: z.array(metadataElementSummarySchema),
  /** True when more elements matched than `limit`. */
  truncated: z.boolean(),
});
export type MetadataElementSearchResponse = z.infer<typeof metadataElementSearchResponseSchema>;
