/**
 * The engine's words in the reader's language (issue 31): facet descriptions, failure reasons and the
 * reports' headings, rendered from the catalogue in src/messages from the structured results
 * (results.ts `FacetFailure`, `FacetSummary`), never stored. English reads exactly as the engine wrote
 * it before the catalogue.
 */
import { createTranslator, DEFAULT_LOCALE, type Locale, type Translator } from '@plumbline/i18n';
import { lazyCatalogues } from '@plumbline/i18n/compile';
import type { Facet, IdsValue, PartOfFacet, PropertyFacet } from '../document';
import de from '../messages/de.json';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import nl from '../messages/nl.json';
import { enumerationCount, firstValues } from '../restriction/matcher';
import type { ElementResult, FacetFailure, SpecificationResult } from '../results';
import { FOLDED_SHOWN } from './fold';

export { specificationReasonOf } from '../check/specification-reason';

export type IdsMessageId = keyof typeof en;

export interface Words {
  readonly locale: Locale;
  readonly t: Translator<IdsMessageId>;
}

const catalogue = lazyCatalogues<Locale>({ en, de, fr, nl });
const cache = new Map<Locale, Words>();

/** The engine's words in a locale (English when none is given). */
export function idsWords(locale: Locale = DEFAULT_LOCALE): Words {
  let words = cache.get(locale);
  if (!words) {
    words = { locale, t: createTranslator<IdsMessageId>(locale, catalogue(locale)) };
    cache.set(locale, words);
  }
  return words;
}

/** Enumeration values spelled out in a description. */
const BOUNDS = [
  ['minInclusive', '≥'],
  ['maxInclusive', '≤'],
  ['minExclusive', '>'],
  ['maxExclusive', '<'],
] as const;

const quote = (text: string) => JSON.stringify(text);

function joined(w: Words, parts: readonly string[], id: 'ids.value.and' | 'ids.value.or'): string {
  return parts.reduce((left, right) => w.t(id, { left, right }));
}

/** An IDS value in words: '"EI 60"', 'one of "A", "B"', 'matching pattern EI[0-9]{2,3}', '≥ 0 and < 10'. */
export function valueText(w: Words, value: IdsValue): string {
  if (value.kind === 'simple') return quote(value.value);
  const parts: string[] = [];
  const count = enumerationCount(value);
  if (count === 1) parts.push(quote(firstValues(value, 1)[0] as string));
  else if (count > 1) {
    // Long pick lists stay readable: folded as every screen folds them (fold.ts, issue 35).
    const values = firstValues(value, FOLDED_SHOWN).map(quote).join(', ');
    const more = Math.max(0, count - FOLDED_SHOWN);
    parts.push(more > 0 ? w.t('ids.value.oneOfMore', { values, more }) : w.t('ids.value.oneOf', { values }));
  }
  if (value.patterns.length > 0) {
    parts.push(w.t('ids.value.pattern', { patterns: joined(w, value.patterns, 'ids.value.or') }));
  }
  for (const [bound, symbol] of BOUNDS) {
    const literal = value[bound];
    if (literal !== undefined) parts.push(`${symbol} ${literal}`);
  }
  const { length, minLength: min, maxLength: max } = value;
  if (length !== undefined) parts.push(w.t('ids.value.length', { length }));
  if (min !== undefined && max !== undefined) parts.push(w.t('ids.value.lengthRange', { min, max }));
  else if (min !== undefined) parts.push(w.t('ids.value.lengthAtLeast', { min }));
  else if (max !== undefined) parts.push(w.t('ids.value.lengthAtMost', { max }));
  return parts.length > 0 ? joined(w, parts, 'ids.value.and') : w.t('ids.value.any');
}

/** The single name a value stands for, or null when it is a pattern, a list or bounds. */
function exactName(value: IdsValue): string | null {
  return value.kind === 'simple' ? value.value : null;
}

/** A name as a facet names it: itself when exact, else "<kind> <value in words>". */
function named(
  w: Words,
  value: IdsValue,
  id:
    | 'ids.facet.entityNamed'
    | 'ids.facet.attributeNamed'
    | 'ids.facet.propertySetNamed'
    | 'ids.facet.propertyNamed'
    | 'ids.facet.wholeNamed',
): string {
  return exactName(value) ?? w.t(id, { name: valueText(w, value) });
}

function propertyLabel(w: Words, facet: PropertyFacet): string {
  return `${named(w, facet.propertySet, 'ids.facet.propertySetNamed')}.${named(w, facet.baseName, 'ids.facet.propertyNamed')}`;
}

function relationText(w: Words, facet: PartOfFacet): string | null {
  return facet.relation ? joined(w, facet.relation.split(' '), 'ids.value.or') : null;
}

/** A facet in words: "Pset_WallCommon.FireRating (IFCLABEL) matching pattern EI[0-9]{2,3}". */
export function facetText(w: Words, facet: Facet): string {
  switch (facet.type) {
    case 'entity': {
      const entity = named(w, facet.name, 'ids.facet.entityNamed');
      return facet.predefinedType
        ? w.t('ids.facet.entityWithType', { entity, predefinedType: valueText(w, facet.predefinedType) })
        : entity;
    }
    case 'attribute': {
      const attribute = named(w, facet.name, 'ids.facet.attributeNamed');
      return facet.value
        ? w.t('ids.facet.attributeEquals', { attribute, value: valueText(w, facet.value) })
        : w.t('ids.facet.attributeProvided', { attribute });
    }
    case 'property': {
      let property = propertyLabel(w, facet);
      const dataType = facet.dataType?.toUpperCase();
      if (dataType) property = w.t('ids.facet.propertyDataType', { property, dataType });
      if (!facet.value) return property;
      const value = valueText(w, facet.value);
      const single =
        facet.value.kind === 'simple' ||
        (enumerationCount(facet.value) === 1 && isPureEnumeration(facet.value));
      return w.t(single ? 'ids.facet.propertyEquals' : 'ids.facet.propertyValue', { property, value });
    }
    case 'classification': {
      const system = facet.system ? valueText(w, facet.system) : null;
      const reference = facet.value ? valueText(w, facet.value) : null;
      if (system && reference)
        return w.t('ids.facet.classificationInSystemWithReference', { system, reference });
      if (system) return w.t('ids.facet.classificationInSystem', { system });
      if (reference) return w.t('ids.facet.classificationWithReference', { reference });
      return w.t('ids.facet.classification');
    }
    case 'material':
      return facet.value
        ? w.t('ids.facet.material', { value: valueText(w, facet.value) })
        : w.t('ids.facet.anyMaterial');
    case 'partOf': {
      const whole = named(w, facet.entity.name, 'ids.facet.wholeNamed');
      const predefinedType = facet.entity.predefinedType ? valueText(w, facet.entity.predefinedType) : null;
      const relation = relationText(w, facet);
      if (predefinedType && relation)
        return w.t('ids.facet.partOfWithTypeVia', { whole, predefinedType, relation });
      if (predefinedType) return w.t('ids.facet.partOfWithType', { whole, predefinedType });
      if (relation) return w.t('ids.facet.partOfVia', { whole, relation });
      return w.t('ids.facet.partOf', { whole });
    }
  }
}

/** A restriction that is an enumeration and nothing else (one value of it reads as "= value"). */
function isPureEnumeration(value: IdsValue): boolean {
  return (
    value.kind === 'restriction' &&
    value.patterns.length === 0 &&
    BOUNDS.every(([bound]) => value[bound] === undefined) &&
    value.length === undefined &&
    value.minLength === undefined &&
    value.maxLength === undefined
  );
}

const list = (items: readonly string[] | undefined) => (items ?? []).join(', ');

/** Why an element failed a requirement facet, in words ("Pset_WallCommon.FireRating is missing"). */
export function failureText(w: Words, failure: FacetFailure, facet: Facet): string {
  const { t } = w;
  // A result stored before reasons were data has its sentence instead of a kind.
  if (!failure.kind) return failure.storedReason ?? t('ids.failure.unmet');
  const actual = list(failure.actual);
  switch (failure.kind) {
    case 'prohibited':
      return t('ids.failure.prohibited', { facet: facetText(w, facet) });
    case 'classMismatch':
    case 'predefinedTypeMissing':
    case 'predefinedTypeMismatch': {
      if (facet.type !== 'entity') break;
      if (failure.kind === 'classMismatch') {
        return t('ids.failure.classMismatch', {
          actual,
          expected: exactName(facet.name) ?? valueText(w, facet.name),
        });
      }
      const expected = facet.predefinedType ? valueText(w, facet.predefinedType) : '';
      if (failure.kind === 'predefinedTypeMissing')
        return t('ids.failure.predefinedTypeMissing', { expected });
      const shown = failure.userDefined ? `USERDEFINED ${quote(actual)}` : quote(actual);
      return t('ids.failure.predefinedTypeMismatch', { actual: shown, expected });
    }
    case 'attributeUndefined':
    case 'attributeUnset':
    case 'attributeEmpty':
    case 'attributeNotAValue':
    case 'attributeMismatch': {
      if (facet.type !== 'attribute') break;
      const attribute = failure.subject ?? named(w, facet.name, 'ids.facet.attributeNamed');
      const expected = facet.value ? valueText(w, facet.value) : '';
      return t(`ids.failure.${failure.kind}`, { attribute, actual, expected });
    }
    case 'propertyMissing':
    case 'propertyNotInSet':
    case 'propertyNotCheckable':
    case 'dataTypeMismatch':
    case 'propertyEmpty':
    case 'propertyMismatch': {
      if (facet.type !== 'property') break;
      if (failure.kind === 'propertyMissing')
        return t('ids.failure.propertyMissing', { property: propertyLabel(w, facet) });
      if (failure.kind === 'propertyNotInSet') {
        return t('ids.failure.propertyNotInSet', {
          set: failure.subject ?? '',
          property: exactName(facet.baseName) ?? valueText(w, facet.baseName),
        });
      }
      const property = failure.subject ?? propertyLabel(w, facet);
      if (failure.kind === 'propertyNotCheckable')
        return t('ids.failure.propertyNotCheckable', { property, kind: actual });
      if (failure.kind === 'dataTypeMismatch') {
        return t('ids.failure.dataTypeMismatch', {
          property,
          actual,
          expected: facet.dataType?.toUpperCase() ?? '',
        });
      }
      if (failure.kind === 'propertyEmpty') return t('ids.failure.propertyEmpty', { property });
      const expected = facet.value ? valueText(w, facet.value) : t('ids.value.aValue');
      return t('ids.failure.propertyMismatch', {
        property,
        count: failure.actual?.length ?? 0,
        values: actual,
        expected,
      });
    }
    case 'classificationMissing':
      return t('ids.failure.classificationMissing');
    case 'classificationMismatch': {
      const found = (failure.references ?? [])
        .map(
          ([system, identification]) =>
            `${system ?? t('ids.value.noSystem')}${identification ? ` ${identification}` : ''}`,
        )
        .join(', ');
      return t('ids.failure.classificationMismatch', { found, expected: facetText(w, facet) });
    }
    case 'materialMissing':
      return t('ids.failure.materialMissing');
    case 'materialMismatch':
    case 'materialUnnamed': {
      const expected = facet.type === 'material' && facet.value ? valueText(w, facet.value) : '';
      if (failure.kind === 'materialUnnamed') return t('ids.failure.materialUnnamed', { expected });
      return t('ids.failure.materialMismatch', {
        names: (failure.actual ?? []).map(quote).join(', '),
        expected,
      });
    }
    case 'partOfMissing': {
      const relation = facet.type === 'partOf' ? relationText(w, facet) : null;
      return relation ? t('ids.failure.partOfMissingVia', { relation }) : t('ids.failure.partOfMissing');
    }
    case 'partOfMismatch':
      return t('ids.failure.partOfMismatch', { classes: actual, expected: facetText(w, facet) });
  }
  // A failure that does not belong to its facet's type (a stored result of another IDS): say what is known.
  return t('ids.failure.unmet');
}

/** Why a specification failed as a whole, in words, or null when it did not. */
export function specificationReasonText(w: Words, specification: SpecificationResult): string | null {
  switch (specification.reason) {
    case null:
      return null;
    case 'prohibitedMatched':
      return w.t('ids.specification.prohibitedMatched', { count: specification.applicableCount });
    case 'noneApplicable':
      return w.t('ids.specification.noneApplicable');
    case 'elementsFailed':
      return w.t('ids.specification.elementsFailed', {
        failed: specification.failedCount,
        applicable: specification.applicableCount,
      });
  }
}

/**
 * What to tell a person about why an element failed: its requirement failures, or, for an element of
 * a prohibited specification (which fails by existing, with no requirement to cite), that.
 */
export function elementReasons(
  w: Words,
  specification: SpecificationResult,
  element: ElementResult,
): string[] {
  if (element.failures.length > 0) {
    return element.failures.map((failure) => {
      const facet = specification.requirements[failure.facetIndex]?.facet;
      return facet ? failureText(w, failure, facet) : (failure.storedReason ?? w.t('ids.failure.unmet'));
    });
  }
  if (specification.cardinality === 'prohibited') return [w.t('ids.failure.prohibitedElement')];
  return [w.t('ids.failure.unmet')];
}
