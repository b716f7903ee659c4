import type {
  ExtraAttribute,
  RecommendationStatus,
  SchemaFacetBase,
  SuggestionPriority,
} from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import { formatPercent } from '@/lib/format';
import type { MessageId } from '@/lib/i18n';

type T = Translator<MessageId>;

export type CoverageTab = 'all' | 'covered' | 'not_covered';
export type AttributeSortKey = 'name' | 'occurrence' | 'coverage' | 'priority';
export interface AttributeSort {
  key: AttributeSortKey;
  direction: 'asc' | 'desc';
}

/** Spec 2 §2.1: the table opens sorted by occurrence, highest first. */
export const DEFAULT_SORT: AttributeSort = { key: 'occurrence', direction: 'desc' };

/** The recommendation states in the order the dialog offers them (named by `inspector.extra.status`). */
export const RECOMMENDATION_STATUSES: readonly RecommendationStatus[] = [
  'pending_review',
  'highly_recommended',
  'recommended',
  'optional',
  'not_recommended',
  'added_to_schema',
];

/** Spec 2 §5: search covers name, category and covering specification names, case-insensitively. */
export function matchesSearch(attribute: ExtraAttribute, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return [attribute.name, attribute.category, ...attribute.covering_specifications.map((s) => s.name)].some(
    (t) => t.toLowerCase().includes(q),
  );
}

export function inTab(attribute: ExtraAttribute, tab: CoverageTab): boolean {
  return tab === 'all' || attribute.ids_coverage === tab;
}

const PRIORITY_RANK: Record<SuggestionPriority, number> = { low: 0, medium: 1, high: 2 };

function compare(a: ExtraAttribute, b: ExtraAttribute, key: AttributeSortKey): number {
  switch (key) {
    case 'name':
      return a.name.localeCompare(b.name) || a.property_set_name.localeCompare(b.property_set_name);
    case 'occurrence':
      return a.occurrence - b.occurrence;
    case 'coverage':
      return a.ids_coverage.localeCompare(b.ids_coverage);
    case 'priority':
      return PRIORITY_RANK[a.suggestion_priority] - PRIORITY_RANK[b.suggestion_priority];
  }
}

/** The rows of one tab that match the search, sorted (ties by name, so the order is stable). */
export function visibleAttributes(
  attributes: readonly ExtraAttribute[],
  tab: CoverageTab,
  query: string,
  sort: AttributeSort,
): ExtraAttribute[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return attributes
    .filter((a) => inTab(a, tab) && matchesSearch(a, query))
    .sort((a, b) => sign * compare(a, b, sort.key) || a.full_name.localeCompare(b.full_name));
}

/** Counts per tab of the attributes matching the search. */
export function tabCounts(attributes: readonly ExtraAttribute[], query: string): Record<CoverageTab, number> {
  const matching = attributes.filter((a) => matchesSearch(a, query));
  return {
    all: matching.length,
    covered: matching.filter((a) => a.ids_coverage === 'covered').length,
    not_covered: matching.filter((a) => a.ids_coverage === 'not_covered').length,
  };
}

/**
 * Spec 2 §4: a header click cycles ascending, descending, then unsorted (null: back to the default,
 * occurrence descending).
 */
export function nextSort(current: AttributeSort | null, key: AttributeSortKey): AttributeSort | null {
  if (current === null || current.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

/** Spec 2 §9 lists: the first `shown` items, then '+n more'. */
export function firstWithMore(items: readonly string[], shown: number): { shown: string[]; more: number } {
  return { shown: items.slice(0, shown), more: Math.max(0, items.length - shown) };
}

/**
 * What the detail dialog says about an attribute. Its priority is the server's `suggestion_priority`,
 * the one the table shows (spec 2 §9's table rule, decision 0178): the dialog never rates it again.
 * The notes stay by occurrence: a warning below 20 %, 'Excellent candidate' at 80 % or more.
 */
export function dialogNotes(attribute: Pick<ExtraAttribute, 'occurrence' | 'suggestion_priority'>): {
  priority: SuggestionPriority;
  warning: boolean;
  excellent: boolean;
} {
  return {
    priority: attribute.suggestion_priority,
    warning: attribute.occurrence < 20,
    excellent: attribute.occurrence >= 80,
  };
}

/**
 * What the toast says once a requirement was added: read from the server's answer (the facet as
 * stored), so it names the specification written to and the requirement state chosen, never a guess.
 */
export function requirementAddedText(
  t: T,
  facet: Pick<SchemaFacetBase, 'property_name' | 'property_set' | 'cardinality' | 'specification_name'>,
): string {
  const name = facet.property_set ? `${facet.property_set}.${facet.property_name}` : facet.property_name;
  return t('inspector.add.addedText', {
    name,
    cardinality: facet.cardinality,
    specification: facet.specification_name,
  });
}

/**
 * Spec 2 §7: the instructions sent with a new requirement state the occurrence to one decimal. They are
 * written into the IDS file, as its author would type them: in the page's language.
 */
export function occurrenceInstructions(t: T, occurrence: number): string {
  return t('inspector.add.instructions', { share: formatPercent(occurrence, 1, true) });
}

function csvCell(value: string | number): string {
  const text = String(value);
  // Quote when needed; a leading = + - @ is prefixed so spreadsheets never run it as a formula.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const CSV_COLUMNS = [
  'attribute',
  'propertySet',
  'category',
  'occurrence',
  'filledIn',
  'elements',
  'coverage',
  'specifications',
  'samples',
  'priority',
  'status',
] as const;

/** The analysis as CSV (the rows as shown: current tab, search and sort), its words in the page's language. */
export function attributesCsv(t: T, attributes: readonly ExtraAttribute[]): string {
  const header = CSV_COLUMNS.map((column) => t('inspector.extra.csvColumn', { column }));
  const rows = attributes.map((a) => [
    a.name,
    a.property_set_name,
    a.category,
    a.occurrence.toFixed(1),
    a.helpfulness.toFixed(1),
    a.element_count,
    a.ids_coverage === 'covered' ? t('inspector.extra.coveredBadge') : t('inspector.extra.notCoveredBadge'),
    a.covering_specifications.map((s) => s.name).join('; '),
    a.values.join('; '),
    t('inspector.extra.priorityLabel', { priority: a.suggestion_priority }),
    t('inspector.extra.status', { status: a.recommendation_status }),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
