import { z } from 'zod';

/**
 * An IDS facet as stored at upload and as every screen reads it (spec 1 §3 'Facet', spec 2 §3 'IDS
 * facet'): the one definition the compliance, attributes, elements and assistant reads share, and
 * the type of the stored `applicability_facets`/`requirement_facets` columns.
 */

/** A value constraint of a facet (spec 2 §3 'IDS facet'). */
export const valueConstraintSchema = z.union([
  z.object({ type: z.literal('simpleValue'), value: z.string() }),
  z.object({ type: z.literal('enumeration'), values: z.array(z.string()) }),
  z.object({ type: z.literal('pattern'), pattern: z.string() }),
  z.object({ type: z.literal('bounds'), min_value: z.string().nullable(), max_value: z.string().nullable() }),
]);
export type ValueConstraint = z.infer<typeof valueConstraintSchema>;

export const idsFacetTypeSchema = z.enum([
  'entity',
  'attribute',
  'property',
  'classification',
  'material',
  'partof',
]);
export type IdsFacetType = z.infer<typeof idsFacetTypeSchema>;

export const facetCardinalitySchema = z.enum(['required', 'optional', 'prohibited']);
export type FacetCardinality = z.infer<typeof facetCardinalitySchema>;

/** `id` is '<specification position>.a<index>' for applicability and '.r<index>' for requirements. */
export const idsFacetSchema = z.object({
  id: z.string(),
  facet_type: idsFacetTypeSchema,
  cardinality: facetCardinalitySchema,
  entity_name: z.string().nullable(),
  predefined_type: z.string().nullable(),
  property_set: z.string().nullable(),
  property_name: z.string().nullable(),
  property_data_type: z.string().nullable(),
  attribute_name: z.string().nullable(),
  classification_system: z.string().nullable(),
  classification_value: z.string().nullable(),
  material_value: z.string().nullable(),
  material_uri: z.string().nullable(),
  partof_entity_name: z.string().nullable(),
  partof_predefined_type: z.string().nullable(),
  partof_relation: z.string().nullable(),
  instructions: z.string().nullable(),
  value_constraints: z.array(valueConstraintSchema),
});
export type IdsFacet = z.infer<typeof idsFacetSchema>;
