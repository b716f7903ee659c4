/**
 * Facet results of one element for one specification, from what processing stored: the engine's
 * failures (exact reasons, per requirement facet), the specification's facets, and the element's own
 * class and properties. Pure functions: no database, no engine run.
 */
import type { FacetOutcome, FacetResult, FacetResultDetails, IdsFacet } from '@plumbline/contracts';
import {
  compileValue,
  type Facet,
  type FacetFailure,
  type FacetType,
  type ValueMatcher,
} from '@plumbline/ids';
import { facetText, failureText, type Words } from '@plumbline/ids/report/words';
import { predefinedTypeNames } from '@plumbline/ifc';
import { facetOfStored, type StoredFailure, storedFailureText } from '../compliance';

export type { StoredFailure };

const FACET_TYPE: Record<IdsFacet['facet_type'], FacetType> = {
  entity: 'entity',
  attribute: 'attribute',
  property: 'property',
  classification: 'classification',
  material: 'material',
  partof: 'partOf',
};

export interface StoredProperty {
  propertySet: string;
  name: string;
  value: string | null;
  dataType: string | null;
}

/** What the element is, as far as facets look at it. */
export interface ElementFacts {
  ifcClass: string;
  entityName: string;
  predefinedType: string | null;
  /** predefinedType is a user-defined name written as USERDEFINED: it answers to both. */
  predefinedTypeUserDefined?: boolean;
  properties: readonly StoredProperty[];
}

/** A stored facet with, when the IDS file could be read, the parsed facet it came from. */
export interface FacetPair {
  stored: IdsFacet;
  parsed: Facet | null;
}

/** The facet in the reader's words: from the IDS file when it was read, else from the stored facet. */
function sourceOf(pair: FacetPair): Facet {
  return pair.parsed ?? facetOfStored(pair.stored);
}

function matcher(value: Parameters<typeof compileValue>[0] | null | undefined): ValueMatcher | null {
  if (!value) return null;
  try {
    return compileValue(value);
  } catch {
    return null;
  }
}

/** The element's properties the facet names (its set and name matchers), when it could be parsed. */
function matchingProperties(parsed: Facet | null, facts: ElementFacts): StoredProperty[] | null {
  if (parsed?.type !== 'property') return null;
  const set = matcher(parsed.propertySet);
  const name = matcher(parsed.baseName);
  if (!set || !name) return null;
  return facts.properties.filter((p) => set.matchesString(p.propertySet) && name.matchesString(p.name));
}

interface EntityFacts {
  entity_match: boolean | null;
  predefined_type_match: boolean | null;
}

function entityFacts(parsed: Facet | null, facts: ElementFacts): EntityFacts {
  if (parsed?.type !== 'entity') return { entity_match: null, predefined_type_match: null };
  const name = matcher(parsed.name);
  const pt = matcher(parsed.predefinedType);
  return {
    entity_match: name ? name.matchesString(facts.ifcClass) : null,
    predefined_type_match: pt
      ? predefinedTypeNames(
          facts.predefinedType === null
            ? null
            : { value: facts.predefinedType, userDefined: facts.predefinedTypeUserDefined ?? false },
        ).some((n) => pt.matchesString(n))
      : null,
  };
}

function requiredValue(f: IdsFacet): string | null {
  switch (f.facet_type) {
    case 'entity':
      return f.predefined_type;
    case 'classification':
      return f.classification_value;
    case 'material':
      return f.material_value;
    case 'partof':
      return f.partof_predefined_type;
    default: {
      const c = f.value_constraints[0];
      if (!c) return null;
      if (c.type === 'simpleValue') return c.value;
      if (c.type === 'enumeration') return c.values.join(' | ');
      if (c.type === 'pattern') return c.pattern;
      return [c.min_value, c.max_value].map((v) => v ?? '…').join(' – ');
    }
  }
}

function detailsOf(
  w: Words,
  pair: FacetPair,
  facts: ElementFacts,
  failure: StoredFailure | undefined,
): FacetResultDetails {
  const f = pair.stored;
  const details: FacetResultDetails = {
    cardinality: f.cardinality,
    description: facetText(w, sourceOf(pair)),
    required_value: requiredValue(f),
    actual_value: failure?.actualValue ?? null,
    value_constraints: f.value_constraints,
  };
  switch (f.facet_type) {
    case 'entity':
      return {
        ...details,
        element_class: facts.entityName,
        required_entity: f.entity_name,
        ...entityFacts(pair.parsed, facts),
      };
    case 'property': {
      const found = matchingProperties(pair.parsed, facts);
      const first = found?.find((p) => p.value !== null && p.value !== '') ?? found?.[0];
      return {
        ...details,
        property_set: f.property_set,
        property_name: f.property_name,
        property_data_type: f.property_data_type,
        property_exists: found ? found.length > 0 : null,
        property_populated: found ? found.some((p) => p.value !== null && p.value !== '') : null,
        property_value: first?.value ?? null,
      };
    }
    case 'attribute':
      return { ...details, attribute_name: f.attribute_name };
    case 'classification':
      return {
        ...details,
        required_system: f.classification_system,
        classifications_found: failure?.actualValue
          ? failure.actualValue.split(', ').map((value) => ({ property_set: null, value }))
          : [],
      };
    case 'material':
      return { ...details, material_found: failure?.actualValue ?? null };
    case 'partof':
      return { ...details, required_entity: f.partof_entity_name, partof_relation: f.partof_relation };
  }
}

function result(
  w: Words,
  pair: FacetPair,
  facts: ElementFacts,
  outcome: FacetOutcome,
  isSatisfied: boolean | null,
  errors: string[],
  failure?: StoredFailure,
): FacetResult {
  const details = detailsOf(w, pair, facts, failure);
  // A satisfied entity facet matched, whatever the matcher alone says (IFC2X3 occurrence mappings).
  if (pair.stored.facet_type === 'entity' && isSatisfied === true) {
    details.entity_match = true;
    if (details.predefined_type_match === false) details.predefined_type_match = true;
  }
  return {
    facet_type: pair.stored.facet_type,
    is_satisfied: isSatisfied,
    result: outcome,
    errors,
    bsdd_validated: false,
    details,
  };
}

/** Requirement facets of a specification the element is outside of: listed, but never checked. */
export function uncheckedRequirements(
  pairs: readonly FacetPair[],
  facts: ElementFacts,
  w: Words,
): FacetResult[] {
  return pairs.map((pair) => result(w, pair, facts, 'not_applicable', null, []));
}

/** Requirement facets of an applicable specification: failed where the engine reported a failure. */
export function requirementResults(
  pairs: readonly FacetPair[],
  failures: readonly StoredFailure[],
  facts: ElementFacts,
  w: Words,
): FacetResult[] {
  return pairs.map((pair, index) => {
    const own = failures.filter((f) => f.facetIndex === index);
    const errors = own.map((f) => storedFailureText(w, f, pair.stored, pair.parsed));
    return own.length > 0
      ? result(w, pair, facts, 'failed', false, errors, own[0])
      : result(w, pair, facts, 'passed', true, []);
  });
}

/**
 * Applicability facets. When the element is applicable, every facet matched (the engine requires
 * all of them). When it is not, the facets the stored data can decide are decided — the entity
 * (class and resolved predefined type) and a property's presence — and the rest are left
 * unevaluated (`is_satisfied: null`): attributes, classifications, materials and relations are
 * not stored per element, and measure values would need the model's units.
 */
export function applicabilityResults(
  pairs: readonly FacetPair[],
  applicable: boolean,
  facts: ElementFacts,
  w: Words,
): FacetResult[] {
  if (applicable) return pairs.map((pair) => result(w, pair, facts, 'applicable', true, []));
  return pairs.map((pair) => {
    const decided = decide(w, pair, facts);
    const outcome: FacetOutcome = decided.satisfied === true ? 'applicable' : 'not_applicable';
    return result(w, pair, facts, outcome, decided.satisfied, decided.errors);
  });
}

interface Decision {
  satisfied: boolean | null;
  errors: string[];
}

function decide(w: Words, pair: FacetPair, facts: ElementFacts): Decision {
  const f = pair.stored;
  // The engine's own words for what the stored data shows (the element was not checked against it).
  const says = (detail: Omit<FacetFailure, 'facetIndex' | 'type' | 'outcome'>) =>
    failureText(
      w,
      { facetIndex: 0, type: FACET_TYPE[f.facet_type], outcome: 'mismatch', ...detail },
      sourceOf(pair),
    );
  if (f.facet_type === 'entity') {
    const { entity_match, predefined_type_match } = entityFacts(pair.parsed, facts);
    if (entity_match === null) return { satisfied: null, errors: [] };
    if (!entity_match)
      return { satisfied: false, errors: [says({ kind: 'classMismatch', actual: [facts.ifcClass] })] };
    if (predefined_type_match === false) {
      const pt = facts.predefinedType;
      return {
        satisfied: false,
        errors: [
          pt === null
            ? says({ kind: 'predefinedTypeMissing' })
            : says({ kind: 'predefinedTypeMismatch', actual: [pt] }),
        ],
      };
    }
    return { satisfied: true, errors: [] };
  }
  if (f.facet_type === 'property') {
    const found = matchingProperties(pair.parsed, facts);
    if (found === null) return { satisfied: null, errors: [] };
    if (!found.some((p) => p.value !== null && p.value !== '')) {
      return { satisfied: false, errors: [says({ kind: 'propertyMissing' })] };
    }
    // Present with a value; whether the value and data type match needs the model's units.
    const open = f.value_constraints.length > 0 || f.property_data_type !== null;
    return { satisfied: open ? null : true, errors: [] };
  }
  return { satisfied: null, errors: [] };
}
