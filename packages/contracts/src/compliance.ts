import { z } from 'zod';
import { specificationStateSchema } from './figures';
import { fileParamsSchema, versionQuerySchema } from './file-address';
import { facetCardinalitySchema, idsFacetSchema, idsFacetTypeSchema } from './ids-facets';
import { count, percent } from './numbers';
import { idsComplianceSchema } from './overview';
import { verdictMarkSchema } from './validity';

/**
 * IDS compliance reads: the project's specifications with their facets, a file version's compliance
 * by specification, the facet results of a specification's elements, and the per-element statuses
 * the IDS Compliance view and the 3D compliance viewer show (spec 1 §3, spec 2 §3-§4).
 */

export const complianceSpecificationParamsSchema = fileParamsSchema.extend({
  specificationId: z.string().uuid('error.specification_not_found'),
});

// The facet and its value constraints are ids-facets.ts' (one definition for every read).

/**
 * A specification's compliance on one version (spec 2 §3 'Specification' summary variant).
 * Rates are percentages rounded to one decimal; 0 when nothing is applicable. A facet passes when
 * no applicable element fails it and fails when one does; with no applicable element it is neither.
 */
export const specificationComplianceSummarySchema = z.object({
  compliance_rate: percent,
  total_facets: count,
  passed_facets: count,
  failed_facets: count,
  compliant_elements: count,
  total_elements: count,
  applicable_elements: count,
  applicability_rate: percent,
  /** The specification's own cardinality held (required: something applies; prohibited: nothing). */
  cardinality_satisfied: z.boolean(),
  /** The one state word every screen shows for it (figures.ts `specificationState`). */
  state: specificationStateSchema,
});
export type SpecificationComplianceSummary = z.infer<typeof specificationComplianceSummarySchema>;

/** An IDS specification of an active IDS file (spec 1 §3 'IDS specification'). */
export const idsSpecificationSchema = z.object({
  id: z.string().uuid(),
  ids_file_id: z.string().uuid(),
  ids_file_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  identifier: z.string().nullable(),
  ifc_versions: z.array(z.string()),
  min_occurs: z.number().int(),
  max_occurs: z.number().int().nullable(),
  cardinality: facetCardinalitySchema,
  instructions: z.string().nullable(),
  applicability_facets: z.array(idsFacetSchema),
  requirement_facets: z.array(idsFacetSchema),
  /** Null when no file version was chosen or the version was not checked against it. */
  compliance_summary: specificationComplianceSummarySchema.nullable(),
});
export type IdsSpecification = z.infer<typeof idsSpecificationSchema>;

/** `fileId` (and optionally `versionId`) adds each specification's compliance on that version. */
export const idsSpecificationsQuerySchema = versionQuerySchema.extend({
  fileId: z.string().uuid('error.file_not_found').optional(),
});

export const idsSpecificationListResponseSchema = z.object({
  specifications: z.array(idsSpecificationSchema),
  /** The version the summaries describe; null without a file or when it has no completed version. */
  version_id: z.string().uuid().nullable(),
});
export type IdsSpecificationListResponse = z.infer<typeof idsSpecificationListResponseSchema>;

/**
 * Status of one element against one specification (spec 2 §4 'Element compliance status' and
 * 'Per specification score', decision 0081): passed when it meets every requirement; otherwise
 * warning when it meets at least half of them, failed below; not_applicable when the specification
 * does not apply to it or requires nothing.
 */
export const complianceStatusSchema = z.enum(['passed', 'waived', 'warning', 'failed', 'not_applicable']);
export type ComplianceStatus = z.infer<typeof complianceStatusSchema>;

export const statusCountsSchema = z.object({
  passed: count,
  /** Failing, but covered by an approved waiver (issue 32): counted apart from passed and failed. */
  waived: count,
  warning: count,
  failed: count,
  not_applicable: count,
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;

/** One specification's row in the File Inspector (counts of applicable elements by status). */
export const specificationComplianceRowSchema = z.object({
  specification_id: z.string().uuid(),
  name: z.string(),
  ids_file_name: z.string(),
  applicable_elements: count,
  compliant_elements: count,
  passed: count,
  waived: count,
  warning: count,
  failed: count,
  compliance_rate: percent,
  /** The one state word every screen shows for it (figures.ts `specificationState`). */
  state: specificationStateSchema,
});
export type SpecificationComplianceRow = z.infer<typeof specificationComplianceRowSchema>;

/**
 * A 'Schema Compliance Overview' bar (spec 2 §3 'Compliance chart row'), one per specification, as
 * percentages of its applicable elements: exists (100 when any element applies), populated (no
 * requirement failed for a missing value), compliant (meets every requirement). The *_count fields
 * hold the element counts behind them.
 */
export const complianceChartRowSchema = z.object({
  category_name: z.string(),
  exists: percent,
  populated: percent,
  compliant: percent,
  exists_count: count,
  populated_count: count,
  compliant_count: count,
});
export type ComplianceChartRow = z.infer<typeof complianceChartRowSchema>;

/** File-level IDS compliance of one version (spec 2 §3), with what the Compliance tab shows. */
export const fileComplianceSchema = z.object({
  file_id: z.string().uuid(),
  version_id: z.string().uuid(),
  version_tag: z.string(),
  /** compliant_pairs over applicable_pairs (basis `checks`: element × specification), 0 when none apply. */
  compliance_rate: percent,
  compliant_pairs: count,
  applicable_pairs: count,
  /** The version's IDS compliance (basis `elements`): the Overview card's definition for this version. */
  ids_compliance: idsComplianceSchema,
  total_specifications: count,
  total_elements: count,
  specifications: z.array(specificationComplianceRowSchema),
  chart_rows: z.array(complianceChartRowSchema),
});
export type FileCompliance = z.infer<typeof fileComplianceSchema>;

export const facetResultsQuerySchema = versionQuerySchema.extend({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(200),
});

/**
 * Why a requirement failed, as the engine decided it (decision 0175): what the facet names is not
 * there, there without a value, there with a value that does not satisfy it, or there although
 * prohibited. Screens and the assistant read this, never the reason's words.
 */
export const failureOutcomeSchema = z.enum(['absent', 'empty', 'mismatch', 'prohibited']);
export type FailureOutcomeDto = z.infer<typeof failureOutcomeSchema>;

/**
 * A failing requirement as the engine reported it (stored in element_results.failures): what it found
 * as data (`kind`, `subject`, `actual`; group and compare by these) and `reason`, the same rendered in
 * the request's language (issue 31).
 */
export const facetFailureSchema = z.object({
  facet_id: z.string(),
  facet_type: idsFacetTypeSchema,
  outcome: failureOutcomeSchema,
  /** The engine's finding (packages/ids results.ts FailureKind); null for results stored before it. */
  kind: z.string().nullable(),
  /** The thing at fault as the model names it (a property, attribute or set), when the engine names one. */
  subject: z.string().nullable(),
  /** What was found, each as text (a class, a data type, values as written). */
  actual: z.array(z.string()),
  reason: z.string(),
  actual_value: z.string().nullable(),
});
export type FacetFailureDto = z.infer<typeof facetFailureSchema>;

/** Spec 2 §3 'Facet compliance result' for one applicable element. */
export const facetComplianceResultSchema = z.object({
  element_id: z.string(),
  viewer_db_id: z.number().int(),
  global_id: z.string().nullable(),
  name: z.string().nullable(),
  ifc_class: z.string().nullable(),
  specification_id: z.string().uuid(),
  is_applicable: z.literal(true),
  meets_requirements: z.boolean(),
  status: complianceStatusSchema,
  facet_results: z.object({
    applicability: z.array(z.object({ facet_id: z.string(), passed: z.boolean() })),
    requirements: z.array(
      z.object({
        facet_id: z.string(),
        passed: z.boolean(),
        details: z.object({ reason: z.string().nullable(), actual_value: z.string().nullable() }),
      }),
    ),
  }),
  failures: z.array(facetFailureSchema),
  /** Validity errors that make this verdict unreliable (decision 0249); empty when none. */
  validity_marks: z.array(verdictMarkSchema),
});
export type FacetComplianceResult = z.infer<typeof facetComplianceResultSchema>;

export const facetResultsResponseSchema = z.object({
  specification_id: z.string().uuid(),
  version_id: z.string().uuid(),
  total: count,
  offset: count,
  limit: count,
  results: z.array(facetComplianceResultSchema),
});
export type FacetResultsResponse = z.infer<typeof facetResultsResponseSchema>;

/**
 * The IDS Compliance view (spec 2 §2.6). Summary counts are elements: with a specification, by
 * their status against it; without, by their worst status over every specification (an element
 * no specification applies to is not applicable). Results are element × specification rows, or
 * elements alone for not_applicable.
 */
export const complianceResultsQuerySchema = versionQuerySchema.extend({
  specificationId: z.string().uuid('error.specification_not_found').optional(),
  status: complianceStatusSchema.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

export const complianceResultRowSchema = z.object({
  viewer_db_id: z.number().int(),
  global_id: z.string().nullable(),
  name: z.string().nullable(),
  ifc_class: z.string().nullable(),
  status: complianceStatusSchema,
  specification_id: z.string().uuid().nullable(),
  specification_name: z.string().nullable(),
  /** Validity errors that make this verdict unreliable (decision 0249); empty when none. */
  validity_marks: z.array(verdictMarkSchema),
});
export type ComplianceResultRow = z.infer<typeof complianceResultRowSchema>;

export const complianceResultsResponseSchema = z.object({
  version_id: z.string().uuid(),
  summary: statusCountsSchema,
  total: count,
  offset: count,
  limit: count,
  results: z.array(complianceResultRowSchema),
});
export type ComplianceResultsResponse = z.infer<typeof complianceResultsResponseSchema>;

export const elementStatusesQuerySchema = versionQuerySchema.extend({
  specificationId: z.string().uuid('error.specification_not_found').optional(),
});

/**
 * Every element a specification applies to, as parallel arrays (compact for 200k elements):
 * `viewer_db_ids[i]` has `statuses[i]`. Elements not listed are not applicable.
 */
export const elementStatusesResponseSchema = z.object({
  version_id: z.string().uuid(),
  viewer_db_ids: z.array(z.number().int()),
  statuses: z.array(complianceStatusSchema),
  summary: statusCountsSchema,
});
export type ElementStatusesResponse = z.infer<typeof elementStatusesResponseSchema>;
