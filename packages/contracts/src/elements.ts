import { z } from 'zod';
import { fileParamsSchema } from './file-address';
import { facetCardinalitySchema, valueConstraintSchema } from './ids-facets';
import { verdictMarkSchema } from './validity';

/** An element of a file version is addressed by its STEP id, which is also the 3D viewer's id. */
export const elementParamsSchema = fileParamsSchema.extend({
  viewerDbId: z.coerce
    .number()
    .int()
    .positive('validation.element.notFound')
    .max(2_147_483_647, 'validation.element.notFound'),
});

export const elementByGlobalIdParamsSchema = fileParamsSchema.extend({
  globalId: z.string().min(1).max(64),
});

/**
 * One BIM element as the Element Inspector shows it (spec 3 §3 'BIM element'). `properties_data`
 * maps 'Set:Name' to the value as written in the file (null when the property has no value).
 */
export const bimElementSchema = z.object({
  /** The IFC GlobalId (stable across versions); '#<step id>' for the rare element without one. */
  id: z.string(),
  file_version_id: z.string().uuid(),
  /** STEP id of the element in this version: the 3D viewer's id. */
  viewer_db_id: z.number().int(),
  primary_bim_category: z.string(),
  /** Class as stored by the reader, upper case (IFCWALL). */
  ifc_class: z.string(),
  type_name: z.string().nullable(),
  /** Class in the schema's spelling (IfcWall). */
  ifc_entity_type: z.string(),
  /** The occurrence's own resolved predefined type, which overrides its type object's. */
  type_name_override: z.string().nullable(),
  level: z.string().nullable(),
  /** The element's Name attribute. */
  source_name: z.string().nullable(),
  source_external_id: z.string().nullable(),
  persistent_guid: z.string().nullable(),
  derived_functional_group: z.string(),
  properties_data: z.record(z.string(), z.string().nullable()),
});
export type BimElement = z.infer<typeof bimElementSchema>;

export const bimElementResponseSchema = z.object({ element: bimElementSchema });
export type BimElementResponse = z.infer<typeof bimElementResponseSchema>;

export const facetResultTypeSchema = z.enum([
  'entity',
  'property',
  'attribute',
  'classification',
  'material',
  'partof',
]);

export const facetOutcomeSchema = z.enum(['applicable', 'not_applicable', 'passed', 'failed']);
export type FacetOutcome = z.infer<typeof facetOutcomeSchema>;

/** What the facet asked for and what the element has (spec 3 §3 'Facet result' details). */
export const facetResultDetailsSchema = z.object({
  cardinality: facetCardinalitySchema,
  description: z.string().nullable(),
  property_set: z.string().nullable().optional(),
  property_name: z.string().nullable().optional(),
  property_data_type: z.string().nullable().optional(),
  property_exists: z.boolean().nullable().optional(),
  property_populated: z.boolean().nullable().optional(),
  property_value: z.string().nullable().optional(),
  /** The offending value the engine reported, as written in the model. */
  actual_value: z.string().nullable().optional(),
  attribute_name: z.string().nullable().optional(),
  element_class: z.string().nullable().optional(),
  required_entity: z.string().nullable().optional(),
  entity_match: z.boolean().nullable().optional(),
  predefined_type_match: z.boolean().nullable().optional(),
  required_system: z.string().nullable().optional(),
  required_value: z.string().nullable().optional(),
  classifications_found: z
    .array(z.object({ property_set: z.string().nullable(), value: z.string() }))
    .optional(),
  material_found: z.string().nullable().optional(),
  partof_relation: z.string().nullable().optional(),
  value_constraints: z.array(valueConstraintSchema),
});
export type FacetResultDetails = z.infer<typeof facetResultDetailsSchema>;

/**
 * One facet's outcome for one element. `is_satisfied` is null when it was not evaluated (an
 * applicability facet of a specification the element is outside of, which the stored data cannot
 * decide); `errors` are the engine's reasons, word for word.
 */
export const facetResultSchema = z.object({
  facet_type: facetResultTypeSchema,
  is_satisfied: z.boolean().nullable(),
  result: facetOutcomeSchema,
  errors: z.array(z.string()),
  bsdd_validated: z.boolean(),
  details: facetResultDetailsSchema,
});
export type FacetResult = z.infer<typeof facetResultSchema>;

/** One specification's outcome for one element (spec 3 §3 'Compliance result per specification'). */
export const elementSpecificationComplianceSchema = z.object({
  specification_id: z.string().uuid(),
  specification_name: z.string(),
  specification_identifier: z.string().nullable(),
  ids_file_id: z.string().uuid(),
  ids_file_name: z.string(),
  is_applicable: z.boolean(),
  /** Null when the element is outside the specification. */
  meets_requirements: z.boolean().nullable(),
  /** A failure an approved waiver covers on this version (issue 32): Waived, not Non-Compliant. */
  is_waived: z.boolean(),
  last_checked_at: z.string().nullable(),
  applicability_results: z.array(facetResultSchema),
  requirement_results: z.array(facetResultSchema),
  /** Reasons about the specification as a whole (its cardinality), when it failed so. */
  overall_errors: z.array(z.string()),
  /** Every failing requirement's reason, in the engine's words. */
  failure_reasons: z.array(z.string()),
  /** Why a validity error makes this verdict unreliable (decision 0249); empty: nothing known against it. */
  validity_marks: z.array(verdictMarkSchema),
});
export type ElementSpecificationCompliance = z.infer<typeof elementSpecificationComplianceSchema>;

/** Waived (issue 32): no unwaived failure, and at least one failure an approved waiver covers. */
export const elementComplianceStatusSchema = z.enum([
  'compliant',
  'waived',
  'non_compliant',
  'not_applicable',
]);
export type ElementComplianceStatus = z.infer<typeof elementComplianceStatusSchema>;

/** Spec 3 §3 'Element compliance summary'. */
export const elementComplianceSchema = z.object({
  element_id: z.string(),
  viewer_db_id: z.number().int(),
  file_version_id: z.string().uuid(),
  overall_compliance_status: elementComplianceStatusSchema,
  applicable_specifications: z.number().int(),
  compliant_specifications: z.number().int(),
  /** Applicable specifications whose failure an approved waiver covers (issue 32). */
  waived_specifications: z.number().int(),
  specifications: z.array(elementSpecificationComplianceSchema),
  /** The version's validity findings on this element (issue 38): rule, severity and a message id with its values. */
  validity_findings: z.array(
    z.object({
      rule: z.string(),
      severity: z.enum(['error', 'warning']),
      message: z.object({ id: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])) }),
    }),
  ),
});
export type ElementCompliance = z.infer<typeof elementComplianceSchema>;
