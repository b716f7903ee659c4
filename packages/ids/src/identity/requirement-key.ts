/**
 * A requirement's stable key (issue 30): the IDS document's lineage (what stays the same when a
 * corrected revision replaces a file), the specification (its identifier, else its name) and a hash
 * of the facet's canonical content (kind, names, value constraint, cardinality, data type). Never a
 * position or a row id: re-uploading, reordering or adding requirements leaves every unchanged
 * requirement its key, so its history (and a waiver on it, issue 32) carries over.
 */
import { createHash } from 'node:crypto';
import {
  type Facet,
  type IdsDocument,
  type IdsValue,
  RESTRICTION_BOUNDS,
  type Specification,
} from '../document';

/** The keys of one IDS document's specifications and their requirements, by position. */
export interface SpecificationKeys {
  /** The specification's key. */
  readonly key: string;
  /** Each requirement facet's key, by its index among the specification's requirements. */
  readonly requirementKeys: readonly string[];
  /** The key of findings against the specification itself (an element of a prohibited specification fails by existing). */
  readonly ownKey: string;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/**
 * The specification part of a key: its identifier, else its name. Two specifications of one document
 * with the same identifier or name are told apart by their order among those namesakes.
 */
function specificationPart(spec: Specification): string {
  return spec.identifier !== null && spec.identifier.trim() !== ''
    ? `id\u0000${spec.identifier.trim()}`
    : `name\u0000${spec.name.trim()}`;
}

/** An IDS value in a form that ignores how it was written: choices and patterns sorted. */
function canonicalValue(value: IdsValue | null): unknown {
  if (value === null) return null;
  if (value.kind === 'simple') return ['=', value.value];
  const bounds = RESTRICTION_BOUNDS.map((bound) => value[bound] ?? null);
  return ['r', value.base, [...value.enumeration].sort(), [...value.patterns].sort(), bounds];
}

/** What a facet asks, without its position, instructions or source location. */
export function canonicalFacet(facet: Facet): unknown {
  const v = canonicalValue;
  switch (facet.type) {
    case 'entity':
      return ['entity', v(facet.name), v(facet.predefinedType)];
    case 'attribute':
      return ['attribute', facet.cardinality, v(facet.name), v(facet.value)];
    case 'property':
      return [
        'property',
        facet.cardinality,
        v(facet.propertySet),
        v(facet.baseName),
        v(facet.value),
        facet.dataType?.toUpperCase() ?? null,
      ];
    case 'classification':
      return ['classification', facet.cardinality, v(facet.system), v(facet.value)];
    case 'material':
      return ['material', facet.cardinality, v(facet.value)];
    case 'partOf':
      return [
        'partOf',
        facet.cardinality,
        facet.relation,
        v(facet.entity.name),
        v(facet.entity.predefinedType),
      ];
  }
}

/** The hash of a facet's canonical content (what two revisions of a requirement share when unchanged). */
export function facetContentHash(facet: Facet): string {
  return digest(JSON.stringify(canonicalFacet(facet)));
}

/** Counts repeats: the first occurrence of a text is 0, the next 1, … */
function occurrences(): (text: string) => number {
  const seen = new Map<string, number>();
  return (text) => {
    const n = seen.get(text) ?? 0;
    seen.set(text, n + 1);
    return n;
  };
}

/** The key of a requirement facet within the specification with key `specificationKey`. */
export function requirementKey(specificationKey: string, facet: Facet, occurrence = 0): string {
  return requirementKeyOf(specificationKey, facetContentHash(facet), occurrence);
}

function requirementKeyOf(specificationKey: string, contentHash: string, occurrence: number): string {
  return `r_${digest(`${specificationKey}\u0000${contentHash}\u0000${occurrence}`)}`;
}

/**
 * The keys of every specification of a document of `lineage` and of each of its requirements, by
 * position. Identical facets in one specification (allowed, and failed together) are numbered.
 */
export function documentKeys(
  lineage: string,
  document: Pick<IdsDocument, 'specifications'>,
): SpecificationKeys[] {
  const namesake = occurrences();
  return document.specifications.map((spec) => {
    const part = specificationPart(spec);
    const key = `s_${digest(`${lineage}\u0000${part}\u0000${namesake(part)}`)}`;
    return specificationKeysOf(key, spec);
  });
}

/** A specification's requirement keys, given its own key (an edit that appends a facet keeps the rest). */
export function specificationKeysOf(
  key: string,
  spec: Pick<Specification, 'requirements'>,
): SpecificationKeys {
  const repeat = occurrences();
  return {
    key,
    requirementKeys: spec.requirements.map((facet) => {
      const hash = facetContentHash(facet);
      return requirementKeyOf(key, hash, repeat(hash));
    }),
    ownKey: ownRequirementKey(key),
  };
}

/** The key of failing the specification `specificationKey` itself (a prohibited specification). */
export function ownRequirementKey(specificationKey: string): string {
  return `r_${digest(`${specificationKey}\u0000specification`)}`;
}
