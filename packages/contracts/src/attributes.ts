import { z } from 'zod';
import { specificationStateSchema } from './figures';
import { facetCardinalitySchema, idsFacetSchema, valueConstraintSchema } from './ids-facets';
import { count, percent } from './numbers';

/**
 * Attribute analysis: what properties a model carries beyond what the project's IDS asks for
 * (extra attributes), the IDS requirements with their compliance (schema attributes), the project's
 * schema summary and attribute insights, and adding an attribute to a specification (spec 1 §3,
 * spec 2 §2.1, §3, §4, §5, §7, §9).
 */

export const recommendationStatusSchema = z.enum([
  'pending_review',
  'highly_recommended',
  'recommended',
  'optional',
  'not_recommended',
  'added_to_schema',
]);
export type RecommendationStatus = z.infer<typeof recommendationStatusSchema>;

export const suggestionPrioritySchema = z.enum(['high', 'medium', 'low']);
export type SuggestionPriority = z.infer<typeof suggestionPrioritySchema>;

/** A constraint a person adds: the facet's own shape (ids-facets.ts), with something in it. */
const addedValueConstraintSchema = valueConstraintSchema.refine(
  (c) => (c.type !== 'enumeration' || c.values.length > 0) && (c.type !== 'pattern' || c.pattern !== ''),
  'validation.attribute.constraintValue',
);

/** A property found in a model version (spec 2 §3 'Extra attribute'). */
export const extraAttributeSchema = z.object({
  /** '<property set>.<name>': stable across versions, what the recommendation status is kept by. */
  id: z.string(),
  name: z.string(),
  full_name: z.string(),
  property_set_name: z.string(),
  /** The IFC class of most elements carrying it. */
  category: z.string(),
  ifc_classes: z.array(z.string()),
  /** Percent of the version's elements that carry it (one decimal). */
  occurrence: percent,
  /** Percent of those elements whose value is not blank (one decimal). */
  helpfulness: percent,
  element_count: count,
  populated_count: count,
  distinct_values: count,
  data_type: z.string().nullable(),
  /** The first few distinct values. */
  values: z.array(z.string()),
  recommendation_status: recommendationStatusSchema,
  /** An active specification that applies to the attribute's main IFC class, if any. */
  suggested_schema_category: z.string().nullable(),
  ids_coverage: z.enum(['covered', 'not_covered']),
  covering_specifications: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  suggestion_priority: suggestionPrioritySchema,
});
export type ExtraAttribute = z.infer<typeof extraAttributeSchema>;

export const extraAttributesResponseSchema = z.object({
  /** Null when the file has no completed version yet (then everything is empty). */
  version_id: z.string().uuid().nullable(),
  total_elements: count,
  attributes: z.array(extraAttributeSchema),
  summary: z.object({
    total_attributes: count,
    covered: count,
    not_covered: count,
    coverage_rate: percent,
  }),
});
export type ExtraAttributesResponse = z.infer<typeof extraAttributesResponseSchema>;

/** A facet of an active specification (spec 2 §3 'IDS facet'), with the specification it belongs to. */
export const schemaFacetBaseSchema = idsFacetSchema.extend({
  specification_id: z.string().uuid(),
  specification_name: z.string(),
});
export type SchemaFacetBase = z.infer<typeof schemaFacetBaseSchema>;

/** A requirement facet with its compliance on the version. */
export const schemaFacetSchema = schemaFacetBaseSchema.extend({
  /** passed: no applicable element fails it; failed: some do; no-data: nothing applicable or not checked. */
  compliance: z.enum(['passed', 'failed', 'no-data']),
  failed_elements: count,
  applicable_elements: count,
});
export type SchemaFacet = z.infer<typeof schemaFacetSchema>;

export const schemaSpecificationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  ids_file_id: z.string().uuid(),
  ids_file_name: z.string(),
  applicable_elements: count,
  passed_elements: count,
  failed_elements: count,
  /** Passed over applicable elements (one decimal); null when not checked or nothing applies. */
  compliance_rate: percent.nullable(),
  /** The one state word every screen shows for it (figures.ts `specificationState`). */
  state: specificationStateSchema,
  applicability_facets: z.array(schemaFacetBaseSchema),
  requirement_facets: z.array(schemaFacetSchema),
});
export type SchemaSpecification = z.infer<typeof schemaSpecificationSchema>;

export const schemaAttributesResponseSchema = z.object({
  version_id: z.string().uuid().nullable(),
  specifications: z.array(schemaSpecificationSchema),
  statistics: z.object({
    total_specifications: count,
    /** Passed over applicable element-specification pairs (one decimal); 0 when none applies. */
    ids_compliance: percent,
    total_facets: count,
    required_facets: count,
  }),
});
export type SchemaAttributesResponse = z.infer<typeof schemaAttributesResponseSchema>;

/** Spec 1 §3 'Schema summary', over the latest completed version of each of the project's files. */
export const schemaSummarySchema = z.object({
  totalSpecifications: count,
  propertyFacets: count,
  coveredAttributes: count,
  notCoveredAttributes: count,
  totalAttributes: count,
  coverageRate: percent,
  highPriorityMissing: count,
});
export type SchemaSummary = z.infer<typeof schemaSummarySchema>;

export const attributeRecommendationSchema = z.object({
  id: z.string(),
  name: z.string(),
  priority: suggestionPrioritySchema,
  propertySet: z.string(),
  occurrence: percent,
  /** Of the elements carrying it, the share with a value (the reason's 'filled in on …'). */
  helpfulness: percent,
  /** The reason in English, for API clients; the web renders it from occurrence and helpfulness. */
  reason: z.string(),
});

/** Spec 1 §3 'Attribute insights'. coverageOpportunity: coverage points gained by adding every high and medium gap. */
export const attributeInsightsSchema = z.object({
  totalGaps: count,
  highPriorityGaps: count,
  averageOccurrence: percent,
  coverageOpportunity: percent,
  topRecommendations: z.array(attributeRecommendationSchema),
});
export type AttributeInsights = z.infer<typeof attributeInsightsSchema>;

export const recommendationUpdateSchema = z.object({
  property_set_name: z.string().trim().min(1).max(255),
  attribute_name: z.string().trim().min(1).max(255),
  status: recommendationStatusSchema,
});
export type RecommendationUpdate = z.infer<typeof recommendationUpdateSchema>;

export const recommendationResponseSchema = z.object({
  property_set_name: z.string(),
  attribute_name: z.string(),
  status: recommendationStatusSchema,
  updated_at: z.string(),
});

/** Spec 2 §7 'Analyze an individual attribute'. */
export const analyzeAttributeRequestSchema = z.object({
  project_id: z.string().uuid('error.project_not_found'),
  property_set_name: z.string().trim().min(1).max(255),
  attribute_name: z.string().trim().min(1).max(255),
});
export type AnalyzeAttributeRequest = z.infer<typeof analyzeAttributeRequestSchema>;

export const analyzeAttributeResponseSchema = z.object({
  /** Best first; the screen uses the first (IFCTEXT when empty). */
  data_type_suggestions: z.array(z.object({ data_type: z.string(), reason: z.string() })),
  cardinality_suggestion: z.enum(['required', 'optional']),
  suggested_constraints: z.array(valueConstraintSchema),
  occurrence: percent,
  element_count: count,
});
export type AnalyzeAttributeResponse = z.infer<typeof analyzeAttributeResponseSchema>;

/** Spec 2 §7 'Add an individual attribute to a specification'. */
export const addAttributeRequestSchema = z.object({
  specification_id: z.string().uuid('error.specification_not_found'),
  property_set_name: z.string().trim().min(1).max(255),
  property_name: z.string().trim().min(1).max(255),
  usage_type: z.literal('requirement'),
  data_type: z
    .string()
    .trim()
    .regex(/^IFC[A-Z0-9]+$/, 'validation.attribute.dataType'),
  cardinality: facetCardinalitySchema,
  value_constraints: z.array(addedValueConstraintSchema).max(1).default([]),
  instructions: z.string().max(2000).nullable().default(null),
  create_new_version: z.literal(false).default(false),
  /**
   * The caller has seen the warnings of a `confirmation_required` answer and accepts that the IDS
   * file is rewritten whole (losing its comments, annotations and requirement descriptions).
   */
  accept_whole_file_rewrite: z.boolean().default(false),
});
export type AddAttributeRequest = z.input<typeof addAttributeRequestSchema>;

/**
 * Why adding a requirement cannot keep the IDS file as written, so that saving would rewrite it
 * whole (decision 0162): it is not UTF-8 (`encoding_not_utf8`, `invalid_utf8`), the place for the
 * requirement was not found in its text (`structure_not_found`), or the edited text did not read
 * back as exactly the intended document (`edit_not_verified`).
 */
export const idsEditWarningCodeSchema = z.enum([
  'encoding_not_utf8',
  'invalid_utf8',
  'structure_not_found',
  'edit_not_verified',
]);
export type IdsEditWarningCode = z.infer<typeof idsEditWarningCodeSchema>;

export const idsEditWarningSchema = z.object({
  code: idsEditWarningCodeSchema,
  /** The encoding the file declares, when it declares one. */
  declared_encoding: z.string().nullable(),
});
export type IdsEditWarning = z.infer<typeof idsEditWarningSchema>;

/** 201: the requirement was added and the IDS file stored. */
export const attributeAddedSchema = z.object({
  outcome: z.literal('added'),
  specification_id: z.string().uuid(),
  ids_file_id: z.string().uuid(),
  facet: schemaFacetBaseSchema,
  /** Versions queued to be checked again (0 when the IDS file is switched off). */
  rechecks: count,
  /** `edited_in_place`: only the new requirement was inserted; `rewritten_whole`: confirmed rewrite. */
  ids_written: z.enum(['edited_in_place', 'rewritten_whole']),
});

/** 200: nothing was saved; the file can only be rewritten whole, which the user must confirm. */
export const attributeConfirmationRequiredSchema = z.object({
  outcome: z.literal('confirmation_required'),
  specification_id: z.string().uuid(),
  ids_file_id: z.string().uuid(),
  warnings: z.array(idsEditWarningSchema).min(1),
});

export const addAttributeResponseSchema = z.discriminatedUnion('outcome', [
  attributeAddedSchema,
  attributeConfirmationRequiredSchema,
]);
export type AddAttributeResponse = z.infer<typeof addAttributeResponseSchema>;
