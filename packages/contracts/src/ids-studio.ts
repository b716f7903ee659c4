import { z } from 'zod';

/**
 * The IDS Studio's API (issue 33): the schema's choices per IFC version, what a processed model
 * version really has (classes, property sets, values with counts), and the live check of the IDS
 * being edited against a version.
 */

/** The IFC versions IDS 1.0 names (ids.xsd's ifcVersion list). */
export const IDS_IFC_VERSIONS = ['IFC2X3', 'IFC4', 'IFC4X3_ADD2'] as const;
export type IdsIfcVersion = (typeof IDS_IFC_VERSIONS)[number];

/**
 * Largest IDS the Studio edits and live-checks: an editor re-reads the whole text on each change, so
 * national code-list packs (tens of MB) are uploaded, not edited here.
 */
export const STUDIO_MAX_IDS_BYTES = 4 * 1024 * 1024;

export const studioSchemaParamsSchema = z.object({ ifcVersion: z.enum(IDS_IFC_VERSIONS) });

export const studioEntitySchema = z.object({
  /** As the schema spells it: 'IfcDoor'. */
  name: z.string(),
  abstract: z.boolean(),
  parent: z.string().nullable(),
  /** A subtype of IfcRoot: an object, a type, a relation (what models' elements are). */
  rooted: z.boolean(),
  /** The values of its PredefinedType enumeration (empty when it has none). */
  predefined_types: z.array(z.string()),
  /** Every explicit attribute, inherited first (for attribute facets). */
  attributes: z.array(z.string()),
});
export type StudioEntity = z.infer<typeof studioEntitySchema>;

export const studioPropertySchema = z.object({
  name: z.string(),
  /** The IDS dataType (IFCLABEL …), null when the property has none (a reference). */
  data_type: z.string().nullable(),
  kind: z.string(),
  enumeration: z.array(z.string()),
  deprecated: z.boolean(),
});
export type StudioProperty = z.infer<typeof studioPropertySchema>;

export const studioPropertySetSchema = z.object({
  name: z.string(),
  quantity: z.boolean(),
  /** Upper-case classes the set is defined for. */
  classes: z.array(z.string()),
  properties: z.array(studioPropertySchema),
});
export type StudioPropertySet = z.infer<typeof studioPropertySetSchema>;

export const studioDataTypeSchema = z.object({
  name: z.string(),
  /** The xs: base of a restriction on it ('string', 'double' …), null when none. */
  base: z.string().nullable(),
  /** The unit type of a measure (LENGTHUNIT …) and its SI symbol, which IDS values are written in. */
  unit_type: z.string().nullable(),
  unit: z.string().nullable(),
});
export type StudioDataType = z.infer<typeof studioDataTypeSchema>;

export const studioSchemaResponseSchema = z.object({
  ifc_version: z.enum(IDS_IFC_VERSIONS),
  entities: z.array(studioEntitySchema),
  /** Empty for IFC2X3 (its standard sets are not among the engine's sources). */
  property_sets: z.array(studioPropertySetSchema),
  data_types: z.array(studioDataTypeSchema),
});
export type StudioSchema = z.infer<typeof studioSchemaResponseSchema>;

/** A processed version of a file of the project: what the model facts and the live check read. */
export const studioVersionQuerySchema = z.object({
  file_id: z.string().uuid('error.file_not_found'),
  version_id: z.string().uuid('error.version_not_found'),
});
export type StudioVersionQuery = z.infer<typeof studioVersionQuerySchema>;

export const studioModelFactsSchema = z.object({
  version_id: z.string().uuid(),
  /** The schema the model was read with (IFC4 …), null when unknown. */
  ifc_schema: z.string().nullable(),
  classes: z.array(
    z.object({
      /** As stored: the STEP class name in upper case. */
      ifc_class: z.string(),
      count: z.number().int(),
      predefined_types: z.array(z.object({ value: z.string(), count: z.number().int() })),
    }),
  ),
  property_sets: z.array(
    z.object({
      name: z.string(),
      /** Elements carrying a property of the set, at most (the largest property count). */
      element_count: z.number().int(),
      properties: z.array(
        z.object({
          name: z.string(),
          element_count: z.number().int(),
          data_type: z.string().nullable(),
          distinct_values: z.number().int(),
        }),
      ),
    }),
  ),
});
export type StudioModelFacts = z.infer<typeof studioModelFactsSchema>;

export const studioValuesQuerySchema = studioVersionQuerySchema.extend({
  property_set: z.string().min(1).max(255),
  name: z.string().min(1).max(255),
});
export type StudioValuesQuery = z.infer<typeof studioValuesQuerySchema>;

/** Most distinct values the values route lists (the most frequent first). */
export const STUDIO_MAX_VALUES = 200;

export const studioValuesResponseSchema = z.object({
  values: z.array(z.object({ value: z.string(), count: z.number().int() })),
  /** More distinct values exist than are listed. */
  truncated: z.boolean(),
});
export type StudioValues = z.infer<typeof studioValuesResponseSchema>;

export const studioLiveCheckBodySchema = studioVersionQuerySchema.extend({
  /** The IDS text as edited (at most STUDIO_MAX_IDS_BYTES; the route's body limit says so first). */
  ids: z.string().min(1).max(STUDIO_MAX_IDS_BYTES, 'validation.studio.idsTooLarge'),
});
export type StudioLiveCheckBody = z.infer<typeof studioLiveCheckBodySchema>;

export const studioLiveSpecificationSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  identifier: z.string().nullable(),
  /** null when the specification cannot be evaluated as written (the linter says why). */
  applicable: z.number().int().nullable(),
  passed: z.number().int().nullable(),
  failed: z.number().int().nullable(),
  status: z.enum(['pass', 'fail', 'unknown']),
});
export type StudioLiveSpecification = z.infer<typeof studioLiveSpecificationSchema>;

export const studioLiveCheckResponseSchema = z.object({
  /** False when the text is not a readable IDS (not well-formed, not an <ids> root). */
  readable: z.boolean(),
  specifications: z.array(studioLiveSpecificationSchema),
  /** Milliseconds the count took on the check's thread (the model already read). */
  duration_ms: z.number(),
  /** Whether this answer had to read the model first. */
  model_read: z.boolean(),
});
export type StudioLiveCheck = z.infer<typeof studioLiveCheckResponseSchema>;
