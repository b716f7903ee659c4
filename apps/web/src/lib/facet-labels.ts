import type { IdsFacetType } from '@plumbline/contracts';

/** The name of each IDS facet type on every screen (IDS Schemas, Schema Attributes, Element Inspector), in IDS order. */
export const FACET_TYPE_LABELS: Record<IdsFacetType, string> = {
  entity: 'Entity',
  attribute: 'Attribute',
  property: 'Property',
  classification: 'Classification',
  material: 'Material',
  partof: 'Part of',
};
