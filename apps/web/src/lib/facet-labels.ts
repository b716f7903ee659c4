import type { IdsFacetType } from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import type { MessageId } from '@/messages';

/** The IDS facet types in IDS order (the order of every list and filter of them). */
export const FACET_TYPES: readonly IdsFacetType[] = [
  'entity',
  'attribute',
  'property',
  'classification',
  'material',
  'partof',
];

/**
 * The name of an IDS facet type on every screen (IDS Schemas, Schema Attributes, Element Inspector), in
 * the page's language: `common.facetType`, so the caller's `useT` must load `common`.
 */
export function facetTypeLabel(t: Translator<MessageId>, type: IdsFacetType): string {
  return t('common.facetType', { type });
}
