import { z } from 'zod';
import { fileParamsSchema, versionQuerySchema } from './file-address';

/** Metadata explorer (spec 2 §2.5): one row per element × property set × property of a version. */

export const metadataElementParamsSchema = fileParamsSchema.extend({
  viewerDbId: z.coerce
    .number()
    .int()
    .positive('validation.element.notFound')
    .max(2_147_483_647, 'validation.element.notFound'),
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
export const METADATA_NUMERIC_PROPERTIES_LIMIT = 500;

/** A query-string value that may repeat (`?level=A&level=B`) or come once. */
const multi = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.string().max(500)).max(200, 'validation.metadata.tooManyValues').optional());

/**
 * A value range filter's bounds stay within ±10^15: wider than any measure a building model holds,
 * narrow enough that every bound is an exact double and a store never meets an overflow (decision 0345).
 */
export const METADATA_RANGE_LIMIT = 1e15;

/**
 * What counts as a number in a property value (decision 0345): plain decimal text, an optional sign,
 * an optional exponent of at most two digits, at most 40 characters. Both explorer stores and the
 * query's bounds use this one test; anything else ('.T.', '3 m', '') is not a number.
 */
export const METADATA_NUMBER_PATTERN = '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$';
export const METADATA_NUMBER_MAX_LENGTH = 40;
const numberPattern = new RegExp(METADATA_NUMBER_PATTERN);

/** True when a stored value is a number for the range filter (the stores' test, in JavaScript). */
export function isMetadataNumber(value: string | null): boolean {
  return value !== null && value.length <= METADATA_NUMBER_MAX_LENGTH && numberPattern.test(value);
}

const rangeBound = z
  .string()
  .trim()
  .max(METADATA_NUMBER_MAX_LENGTH, 'validation.metadata.rangeBoundNumber')
  .optional()
  .refine((v) => v === undefined || v === '' || isMetadataNumber(v), 'validation.metadata.rangeBoundNumber')
  .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
  .refine(
    (v) => v === undefined || Math.abs(v) <= METADATA_RANGE_LIMIT,
    'validation.metadata.rangeBoundLimit',
  );

/** What selects rows: version, search and filters (shared by the page, the export and the count). */
const rowQueryShape = versionQuerySchema.extend({
  search: z.string().trim().max(METADATA_SEARCH_MAX_LENGTH, 'validation.metadata.searchTooLong').optional(),
  category: multi,
  ifc_class: multi,
  level: multi,
  property_set: multi,
  attribute: multi,
  /** A numeric range on one property (set and name): rows of it whose value is a number in [from, to]. */
  range_property_set: z.string().max(500).optional(),
  range_attribute: z.string().max(500).optional(),
  range_from: rangeBound,
  range_to: rangeBound,
  sort: metadataSortKeySchema.optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

/** The range's parts must come together: a property (set and name), at least one bound, from ≤ to. */
function checkRange(
  query: {
    range_property_set?: string | undefined;
    range_attribute?: string | undefined;
    range_from?: number | undefined;
    range_to?: number | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const named = query.range_property_set !== undefined || query.range_attribute !== undefined;
  const bounded = query.range_from !== undefined || query.range_to !== undefined;
  if (!named && !bounded) return;
  if (!query.range_property_set || !query.range_attribute) {
    ctx.addIssue({
      code: 'custom',
      path: ['range_attribute'],
      message: 'validation.metadata.rangeNeedsProperty',
    });
  }
  if (!bounded) {
    ctx.addIssue({ code: 'custom', path: ['range_from'], message: 'validation.metadata.rangeNeedsBound' });
  }
  if (query.range_from !== undefined && query.range_to !== undefined && query.range_from > query.range_to) {
    ctx.addIssue({
      code: 'custom',
      path: ['range_from'],
      message: 'validation.metadata.rangeOrder',
    });
  }
}

export const metadataRowQuerySchema = rowQueryShape.superRefine(checkRange);
export type MetadataRowQuery = z.infer<typeof metadataRowQuerySchema>;

export const metadataPageQuerySchema = rowQueryShape
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(METADATA_MAX_PAGE_SIZE).default(METADATA_PAGE_SIZE),
  })
  .superRefine(checkRange);
export type MetadataPageQuery = z.infer<typeof metadataPageQuerySchema>;

export const metadataExportQuerySchema = rowQueryShape
  .extend({ format: z.enum(['csv', 'xlsx']) })
  .superRefine(checkRange);
export type MetadataExportQuery = z.infer<typeof metadataExportQuerySchema>;

/** The facets read: the same selection, so each section's counts follow the other active filters. */
export const metadataFacetsQuerySchema = rowQueryShape
  .omit({ sort: true, order: true })
  .superRefine(checkRange);
export type MetadataFacetsQuery = z.infer<typeof metadataFacetsQuerySchema>;

/** The version query alone (the element read). */
export const metadataVersionQuerySchema = rowQueryShape.pick({ versionId: true });

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

/** A property with numeric values: offered as a from–to filter (its bounds over the whole version). */
export const metadataNumericPropertySchema = z.object({
  property_set: z.string(),
  attribute: z.string(),
  /** Rows of the property whose value is a number (others are never in a range). */
  count: z.number().int(),
  min: z.number(),
  max: z.number(),
});
export type MetadataNumericProperty = z.infer<typeof metadataNumericPropertySchema>;

export const metadataFacetsResponseSchema = z.object({
  version_id: z.string().uuid(),
  /** Rows of the whole version. */
  total_rows: z.number().int(),
  /**
   * Every option of the version, each counted over the rows the OTHER active filters select (a
   * section's own selection does not narrow its own counts); the totals when nothing is active.
   */
  sections: z.array(filterSectionSchema),
  /** Numeric properties, most rows first, at most METADATA_NUMERIC_PROPERTIES_LIMIT. */
  numeric_properties: z.array(metadataNumericPropertySchema),
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
