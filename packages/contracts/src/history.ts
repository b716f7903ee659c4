import { z } from 'zod';
import { comparedVersionSchema } from './compared-version';
import { failureOutcomeSchema } from './compliance';
import { fileParamsSchema } from './file-address';
import { idsFacetSchema } from './ids-facets';
import { bcfVersionSchema, DEFAULT_BCF_VERSION } from './reports';

/**
 * The comparison of two checked versions of a file (issue 30): which findings are new (fail now;
 * passed or absent before), resolved (failed before, the element still there and passing), removed
 * (failed before, the element gone), and how many persist. Findings are keyed by the stable keys
 * (element key: GlobalId, or the one carried over a content match; requirement key: IDS lineage +
 * specification + facet content). Reasons are structured; the web renders them.
 */

export const changeKindSchema = z.enum(['new', 'resolved', 'removed']);
export type ChangeKind = z.infer<typeof changeKindSchema>;

/** How the new version's elements matched the old one's. */
export const elementMatchCountsSchema = z.object({
  matched_by_global_id: z.number().int(),
  matched_by_content: z.number().int(),
  /** New elements with no old one. */
  added: z.number().int(),
  /** Old elements with no new one. */
  removed: z.number().int(),
});
export type ElementMatchCounts = z.infer<typeof elementMatchCountsSchema>;

/**
 * A failure an approved waiver covers (issue 32) is no failure on either side (decision 0370): it is
 * never new, persisting, resolved or removed; the newer version's waived findings are `waived`.
 */
export const changeCountsSchema = z.object({
  new: z.number().int(),
  resolved: z.number().int(),
  removed: z.number().int(),
  persisting: z.number().int(),
  /** Findings of the newer version an approved waiver covers, counted apart from every other kind. */
  waived: z.number().int(),
});
export type ChangeCounts = z.infer<typeof changeCountsSchema>;

export { type ComparedVersion, comparedVersionSchema } from './compared-version';

/**
 * One comparison: `stored` when it is the version's history (written when the version completed,
 * compared with the previous completed version), `computed` when asked for between other versions
 * (computed on a worker thread and cached).
 */
export const comparisonSummarySchema = z.object({
  from_version: comparedVersionSchema,
  to_version: comparedVersionSchema,
  source: z.enum(['stored', 'computed']),
  computed_at: z.string(),
  elements: elementMatchCountsSchema,
  totals: changeCountsSchema,
});
export type ComparisonSummary = z.infer<typeof comparisonSummarySchema>;

export const comparisonListResponseSchema = z.object({ comparisons: z.array(comparisonSummarySchema) });
export type ComparisonListResponse = z.infer<typeof comparisonListResponseSchema>;

/** A requirement of a compared specification: its key and its facet (to render a reason). */
export const comparedRequirementSchema = z.object({
  key: z.string(),
  /** Index among the specification's requirement facets; null for the (prohibited) specification itself. */
  facet_index: z.number().int().nullable(),
  facet: idsFacetSchema.nullable(),
});

export const specificationComparisonSchema = z.object({
  key: z.string(),
  /** The specification's row in the newer version's check (for links to the compliance views). */
  specification_id: z.string().uuid().nullable(),
  name: z.string(),
  identifier: z.string().nullable(),
  /** False when the older version was not checked against this specification. */
  compared: z.boolean(),
  counts: changeCountsSchema,
  /** Unwaived failures now of requirements the older version was not checked against (not compared). */
  uncompared: z.number().int(),
  requirements: z.array(comparedRequirementSchema),
});
export type SpecificationComparison = z.infer<typeof specificationComparisonSchema>;

export const comparisonResponseSchema = z.object({
  comparison: comparisonSummarySchema.extend({ specifications: z.array(specificationComparisonSchema) }),
});
export type ComparisonResponse = z.infer<typeof comparisonResponseSchema>;

/** Two versions of the file; by default the newest completed one (`to`) and the completed one before it (`from`). */
export const comparisonQuerySchema = z.object({
  from: z.string().uuid('error.version_not_found').optional(),
  to: z.string().uuid('error.version_not_found').optional(),
});
export type ComparisonQuery = z.infer<typeof comparisonQuerySchema>;

export const comparisonParamsSchema = fileParamsSchema;

/** The BCF of a comparison's new failures: the same two versions, and the BCF release. */
export const comparisonBcfQuerySchema = comparisonQuerySchema.extend({
  bcfVersion: bcfVersionSchema.default(DEFAULT_BCF_VERSION),
});
export type ComparisonBcfQuery = z.infer<typeof comparisonBcfQuerySchema>;

/** Why an element fails (or failed) a requirement, as data. */
export const findingReasonSchema = z.object({
  facet_index: z.number().int().nullable(),
  facet_type: z.string().nullable(),
  outcome: failureOutcomeSchema.nullable(),
  actual_value: z.string().nullable(),
});
export type FindingReason = z.infer<typeof findingReasonSchema>;

export const findingChangeSchema = z.object({
  kind: changeKindSchema,
  requirement_key: z.string(),
  element_key: z.string(),
  /** The version the element is read from: the newer one (new, resolved) or the older (removed). */
  version_id: z.string().uuid(),
  step_id: z.number().int(),
  global_id: z.string().nullable(),
  name: z.string().nullable(),
  ifc_class: z.string(),
  level: z.string().nullable(),
  /** The failure now (new) or before (resolved, removed). */
  reason: findingReasonSchema,
});
export type FindingChange = z.infer<typeof findingChangeSchema>;

export const changesQuerySchema = comparisonQuerySchema.extend({
  specification_key: z.string().min(1).max(200),
  kind: changeKindSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
});
export type ChangesQuery = z.infer<typeof changesQuerySchema>;

export const changesResponseSchema = z.object({
  changes: z.array(findingChangeSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ChangesResponse = z.infer<typeof changesResponseSchema>;
