import { z } from 'zod';

/**
 * A file version's model validity (decision 0245): buildingSMART's normative rules checked on the
 * model when it was processed. Findings are data: the element and a message id with parameters,
 * rendered in the reader's language from the validity catalogue (packages/validity/src/messages).
 */

/** Findings listed per rule at most (the rule's finding_count counts them all). */
export const MAX_VALIDITY_FINDINGS_PER_RULE = 1000;

export const validityQuerySchema = z.object({
  versionId: z.string().uuid('error.version_not_found').optional(),
  max_findings: z.coerce
    .number()
    .int('max_findings must be a whole number')
    .min(0)
    .max(MAX_VALIDITY_FINDINGS_PER_RULE, `max_findings can be at most ${MAX_VALIDITY_FINDINGS_PER_RULE}`)
    .default(100),
});
export type ValidityQuery = z.infer<typeof validityQuerySchema>;

export const validityFindingSchema = z.object({
  step_id: z.number().int().nullable(),
  global_id: z.string().nullable(),
  ifc_class: z.string().nullable(),
  message: z.object({ id: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])) }),
});
export type ValidityFinding = z.infer<typeof validityFindingSchema>;

export const validityRuleSchema = z.object({
  /** buildingSMART's rule code, e.g. PJS003. */
  rule: z.string(),
  severity: z.enum(['error', 'warning']),
  outcome: z.enum(['pass', 'fail', 'n/a']),
  finding_count: z.number().int().nonnegative(),
  /** Message id of the rule's one-line explanation. */
  summary_message_id: z.string(),
  findings: z.array(validityFindingSchema),
});
export type ValidityRule = z.infer<typeof validityRuleSchema>;

export const versionValidityResponseSchema = z.object({
  version_id: z.string().uuid(),
  /** The schema the model was read with (IFC2X3, IFC4, IFC4X3_ADD2), or null. */
  schema: z.string().nullable(),
  /** False for a version processed before validity was checked: no rules to show until it is processed again. */
  checked: z.boolean(),
  summary: z.object({
    error_rules: z.number().int().nonnegative(),
    warning_rules: z.number().int().nonnegative(),
    passed_rules: z.number().int().nonnegative(),
    not_applicable_rules: z.number().int().nonnegative(),
    findings: z.number().int().nonnegative(),
  }),
  rules: z.array(validityRuleSchema),
});
export type VersionValidityResponse = z.infer<typeof versionValidityResponseSchema>;

/**
 * Why a validity error makes an IDS verdict unreliable (decision 0249): the code and its parameters,
 * rendered in the reader's language by the web; `rule` is the validity rule whose finding marks it.
 * - repeated_global_id: the element's GlobalId is used by another instance too (SCH001).
 * - repeated_property_set: the element carries two property sets of one name (SCH002); marks
 *   verdicts of specifications with a property facet.
 * - unofficial_schema: the file's schema identifier is not an official one (IFC101); marks every verdict.
 */
export const verdictMarkSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('repeated_global_id'), rule: z.string(), global_id: z.string() }),
  z.object({
    code: z.literal('repeated_property_set'),
    rule: z.string(),
    property_sets: z.array(z.string()),
  }),
  z.object({ code: z.literal('unofficial_schema'), rule: z.string(), schema: z.string() }),
]);
export type VerdictMark = z.infer<typeof verdictMarkSchema>;
export type VerdictMarkCode = VerdictMark['code'];
