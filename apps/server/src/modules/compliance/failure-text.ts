/**
 * Stored results in words, in the reader's language (issue 31): `element_results.failures` holds the
 * engine's structured failures (kind, subject, actual; decision 0233) and never a sentence; the reason
 * is rendered when it is shown, from the requirement facet it names. Results stored before hold their
 * English sentence (`reason`), shown as stored.
 */
import type { IdsFacet, ValueConstraint } from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import type { Facet, FacetFailure, FacetSummary, IdsValue, RestrictionValue } from '@plumbline/ids';
import { failureText, idsWords, type Words } from '@plumbline/ids/report/words';

/** A requirement failure as `element_results.failures` holds it. */
export type StoredFailure = Omit<FacetFailure, 'kind' | 'type' | 'outcome'> & {
  type: string;
  kind?: FacetFailure['kind'];
  /** Every result stored since migration 0029 has it. */
  outcome?: FacetFailure['outcome'];
  /** Only on results stored before reasons were data: the engine's English sentence of the time. */
  reason?: string;
};

export function wordsFor(locale: Locale): Words {
  return idsWords(locale);
}

const at = { line: 0, column: 0 };

function idsValueOf(constraints: readonly ValueConstraint[]): IdsValue | null {
  if (constraints.length === 0) return null;
  const [only] = constraints;
  if (constraints.length === 1 && only?.type === 'simpleValue') return { kind: 'simple', value: only.value };
  const restriction: { -readonly [K in keyof RestrictionValue]: RestrictionValue[K] } = {
    kind: 'restriction',
    base: 'string',
    enumeration: [],
    patterns: [],
  };
  for (const c of constraints) {
    if (c.type === 'simpleValue') restriction.enumeration = [...restriction.enumeration, c.value];
    else if (c.type === 'enumeration') restriction.enumeration = [...restriction.enumeration, ...c.values];
    else if (c.type === 'pattern') restriction.patterns = [...restriction.patterns, c.pattern];
    else {
      if (c.min_value !== null) restriction.minInclusive = c.min_value;
      if (c.max_value !== null) restriction.maxInclusive = c.max_value;
    }
  }
  return restriction;
}

const name = (text: string | null): IdsValue => ({ kind: 'simple', value: text ?? '' });
const optionalName = (text: string | null): IdsValue | null => (text === null ? null : name(text));

/**
 * A stored facet as the engine's facet, for its words: names as they were stored (a pattern in a name
 * reads as written), values from the stored constraints.
 */
export function facetOfStored(f: IdsFacet): Facet {
  const base = { location: at, cardinality: f.cardinality, instructions: f.instructions };
  const value = idsValueOf(f.value_constraints);
  switch (f.facet_type) {
    case 'entity':
      return {
        ...base,
        type: 'entity',
        name: name(f.entity_name),
        predefinedType: value ?? optionalName(f.predefined_type),
      };
    case 'attribute':
      return { ...base, type: 'attribute', name: name(f.attribute_name), value };
    case 'property':
      return {
        ...base,
        type: 'property',
        propertySet: name(f.property_set),
        baseName: name(f.property_name),
        dataType: f.property_data_type,
        value,
        uri: null,
      };
    case 'classification':
      return {
        ...base,
        type: 'classification',
        system: optionalName(f.classification_system),
        value,
        uri: null,
      };
    case 'material':
      return {
        ...base,
        type: 'material',
        value: value ?? optionalName(f.material_value),
        uri: f.material_uri,
      };
    case 'partof':
      return {
        ...base,
        type: 'partOf',
        relation: (f.partof_relation as Extract<Facet, { type: 'partOf' }>['relation']) ?? null,
        entity: { name: name(f.partof_entity_name), predefinedType: optionalName(f.partof_predefined_type) },
      };
  }
}

const FACET_TYPE: Record<IdsFacet['facet_type'], FacetSummary['type']> = {
  entity: 'entity',
  attribute: 'attribute',
  property: 'property',
  classification: 'classification',
  material: 'material',
  partof: 'partOf',
};

/** A stored facet as the engine's summary of it (the BCF writer describes it in its words). */
export function facetSummaryOf(f: IdsFacet): FacetSummary {
  return { type: FACET_TYPE[f.facet_type], facet: facetOfStored(f), cardinality: f.cardinality };
}

/** The stored failure as the engine's (a result stored before keeps its sentence as `storedReason`). */
export function asFacetFailure(stored: StoredFailure): FacetFailure {
  const { reason, ...rest } = stored;
  return {
    ...rest,
    outcome: rest.outcome ?? 'mismatch',
    ...(reason !== undefined && !rest.kind ? { storedReason: reason } : {}),
  } as FacetFailure;
}

/**
 * Why an element failed a requirement, in words: from the parsed facet when the IDS file was read,
 * else from the stored one.
 */
export function storedFailureText(
  w: Words,
  failure: StoredFailure,
  facet: IdsFacet | undefined,
  parsed: Facet | null = null,
): string {
  const source = parsed ?? (facet ? facetOfStored(facet) : null);
  if (!source) return failure.reason ?? w.t('ids.failure.unmet');
  return failureText(w, asFacetFailure(failure), source);
}
