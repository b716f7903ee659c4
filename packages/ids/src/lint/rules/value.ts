/**
 * Values and restrictions: literals that do not fit the data type they are compared with, malformed
 * or contradictory restriction facets, enumerations with duplicates, near-duplicates, one value or
 * hundreds, values with stray white space. `what` names the element holding the value (`value`,
 * `name`, `propertySet` …) for the message.
 */

import type { ValueCategory } from '../../audit/schema-lookup';
import { type IdsValue, LENGTH_BOUNDS, type RestrictionValue, VALUE_BOUNDS } from '../../document';
import { isValidLexical, normaliseBase, parseDouble, type XsdBase } from '../../restriction/lexical';
import type { XmlElement } from '../../xml/xml-element';
import type { EditSpec, FixSpec, LintContext } from '../context';
import { escapeText, type TextIndex } from '../text-index';
import {
  allOrNone,
  facetElements,
  type Literal,
  literalsOf,
  removeElement,
  replaceAttribute,
  replaceLiteral,
  restrictionElement,
} from '../values';
import { checkPatterns } from './pattern';

/** What a value is compared with: a category of data (and, for properties, its dataType's base). */
export interface ValueTarget {
  readonly category: ValueCategory | null;
  /** The xs: base IDS prescribes for the dataType (DataTypes.md), when a dataType is given. */
  readonly base?: string | null;
  readonly dataType?: string | null;
}

const BOUNDS = VALUE_BOUNDS;
const LENGTHS = LENGTH_BOUNDS;
/** Restriction facets each base admits (IDS DataTypes.md, "XML base types"). */
const FACETS_OF_BASE: Record<XsdBase, readonly string[]> = {
  string: ['enumeration', 'pattern', 'length', 'minLength', 'maxLength'],
  boolean: ['pattern'],
  double: ['enumeration', 'pattern', ...BOUNDS],
  integer: ['enumeration', 'pattern', ...BOUNDS],
  date: ['enumeration', 'pattern', ...BOUNDS],
  dateTime: ['enumeration', 'pattern', ...BOUNDS],
  time: ['enumeration', 'pattern', ...BOUNDS],
  duration: ['enumeration', 'pattern', ...BOUNDS],
};
/** Enumerations from this many values are looked at for a shorter form. */
export const LARGE_ENUMERATION = 50;

export function lexicalBaseOf(category: ValueCategory | null): XsdBase | null {
  switch (category) {
    case 'integer':
      return 'integer';
    case 'real':
      return 'double';
    case 'boolean':
    case 'logical':
      return 'boolean';
    default:
      return null;
  }
}

function kindOf(base: XsdBase): string {
  return base === 'double'
    ? 'number'
    : base === 'integer'
      ? 'integer'
      : base === 'boolean'
        ? 'boolean'
        : base;
}

/** Literals (simple value or enumeration) checked against the category they are compared with. */
function checkLiterals(ctx: LintContext, value: IdsValue, what: string, target: ValueTarget): void {
  const base = lexicalBaseOf(target.category);
  if (value.kind === 'restriction' && value.patterns.length > 0 && base !== null)
    ctx.report({
      rule: 'pattern-on-non-string',
      at: restrictionElement(ctx.valueSource(value)),
      params: { what },
    });
  if (!base) return;
  for (const literal of literalsOf(ctx, value)) {
    if (!isValidLexical(base, literal.value))
      ctx.report({
        rule: 'value-type-mismatch',
        at: literal.el,
        part: literal.part,
        params: { what, value: literal.value, kind: kindOf(base) },
      });
  }
}

function checkSimple(ctx: LintContext, value: IdsValue & { kind: 'simple' }, what: string): void {
  const [literal] = literalsOf(ctx, value) as [Literal];
  if (value.value.trim() === '') {
    ctx.report({ rule: 'value-empty', at: literal.el, part: literal.part, params: { what } });
  } else if (value.value !== value.value.trim()) {
    const trimmed = value.value.trim();
    ctx.report({
      rule: 'value-whitespace',
      at: literal.el,
      part: literal.part,
      params: { what, value: value.value },
      fixes: (text) =>
        fix(text, 'lint.fix.trim', { value: trimmed }, true, replaceLiteral(text, literal, trimmed)),
    });
  }
}

function fix(
  _text: TextIndex,
  messageId: string,
  params: FixSpec['params'],
  safe: boolean,
  ...edits: (EditSpec | null)[]
): FixSpec[] {
  const all = allOrNone(...edits);
  return all.length > 0 ? [{ messageId, ...(params ? { params } : {}), safe, edits: all }] : [];
}

function checkBounds(ctx: LintContext, value: RestrictionValue, what: string): void {
  const wrapper = ctx.valueSource(value);
  const numbers: Partial<Record<(typeof BOUNDS)[number], number>> = {};
  for (const key of BOUNDS) {
    const raw = value[key];
    if (raw === undefined) continue;
    const el = facetElements(wrapper, key)[0] ?? restrictionElement(wrapper);
    if (!isValidLexical('double', raw.trim())) {
      ctx.report({
        rule: 'bound-not-number',
        at: el,
        part: { attribute: 'value' },
        params: { what, facet: key, value: raw },
      });
    } else numbers[key] = parseDouble(raw.trim());
  }
  const low = numbers.minInclusive ?? numbers.minExclusive;
  const high = numbers.maxInclusive ?? numbers.maxExclusive;
  if (low === undefined || high === undefined) return;
  const open = numbers.minInclusive === undefined || numbers.maxInclusive === undefined;
  if (low > high || (open && low === high)) {
    ctx.report({
      rule: 'bounds-contradictory',
      at: restrictionElement(wrapper),
      params: { what, low, high },
    });
  }
}

function checkLengths(ctx: LintContext, value: RestrictionValue, what: string): void {
  const wrapper = ctx.valueSource(value);
  const numbers: Partial<Record<(typeof LENGTHS)[number], number>> = {};
  for (const key of LENGTHS) {
    const raw = value[key];
    if (raw === undefined) continue;
    const el = facetElements(wrapper, key)[0] ?? restrictionElement(wrapper);
    if (!/^\s*\d+\s*$/.test(raw))
      ctx.report({
        rule: 'length-invalid',
        at: el,
        part: { attribute: 'value' },
        params: { what, facet: key, value: raw },
      });
    else numbers[key] = Number(raw);
  }
  const { length, minLength, maxLength } = numbers;
  const contradictory =
    (minLength !== undefined && maxLength !== undefined && minLength > maxLength) ||
    (length !== undefined &&
      ((minLength !== undefined && length < minLength) || (maxLength !== undefined && length > maxLength)));
  if (contradictory)
    ctx.report({ rule: 'length-contradictory', at: restrictionElement(wrapper), params: { what } });
}

/** Duplicates, near-duplicates, a single value, white space: enumerations as people write them. */
function checkEnumeration(ctx: LintContext, value: RestrictionValue, what: string): void {
  if (value.enumeration.length === 0) return;
  const literals = literalsOf(ctx, value);
  const seen = new Map<string, Literal>();
  const loose = new Map<string, Literal>();
  for (const literal of literals) {
    const same = seen.get(literal.value);
    if (same) {
      ctx.report({
        rule: 'enumeration-duplicate',
        at: literal.el,
        part: literal.part,
        params: { what, value: literal.value },
        fixes: (text) =>
          fix(
            text,
            'lint.fix.remove-duplicate',
            { value: literal.value },
            true,
            literal.el === same.el ? null : removeElement(text, literal.el),
          ),
      });
      continue;
    }
    seen.set(literal.value, literal);
    const key = literal.value.toLowerCase().replace(/\s+/g, '');
    const near = loose.get(key);
    if (near)
      ctx.report({
        rule: 'enumeration-case-or-space',
        at: literal.el,
        part: literal.part,
        params: { what, value: literal.value, other: near.value },
      });
    else loose.set(key, literal);
    if (literal.value.trim() === '')
      ctx.report({ rule: 'value-empty', at: literal.el, part: literal.part, params: { what } });
    else if (literal.value !== literal.value.trim()) {
      const trimmed = literal.value.trim();
      ctx.report({
        rule: 'value-whitespace',
        at: literal.el,
        part: literal.part,
        params: { what, value: literal.value },
        fixes: (text) =>
          fix(text, 'lint.fix.trim', { value: trimmed }, true, replaceLiteral(text, literal, trimmed)),
      });
    }
  }
  const onlyEnumeration =
    value.patterns.length === 0 &&
    BOUNDS.every((k) => value[k] === undefined) &&
    LENGTHS.every((k) => value[k] === undefined);
  if (onlyEnumeration && value.enumeration.length === 1) {
    const wrapper = ctx.valueSource(value);
    const restriction = restrictionElement(wrapper);
    const only = value.enumeration[0] as string;
    ctx.report({
      rule: 'enumeration-single',
      at: restriction,
      params: { what, value: only },
      fixes: (text) => {
        if (!restriction || !wrapper) return [];
        const ids = text.qualifiedName(wrapper);
        const prefix = ids.includes(':') ? `${ids.slice(0, ids.indexOf(':'))}:` : '';
        return fix(text, 'lint.fix.simple-value', { value: only }, true, {
          start: restriction.span.start,
          end: restriction.span.end,
          newText: `<${prefix}simpleValue>${escapeText(only)}</${prefix}simpleValue>`,
        });
      },
    });
  }
  if (onlyEnumeration && value.enumeration.length >= LARGE_ENUMERATION) checkLarge(ctx, value, what);
}

/** A long enumeration of whole numbers forming one range, or of one prefix and digits. */
function checkLarge(ctx: LintContext, value: RestrictionValue, what: string): void {
  const values = value.enumeration;
  const restriction = restrictionElement(ctx.valueSource(value));
  const count = values.length;
  const base = normaliseBase(value.base);
  if (values.every((v) => /^[+-]?\d+$/.test(v))) {
    const numbers = [...new Set(values.map(Number))].sort((a, b) => a - b);
    const low = numbers[0] as number;
    const high = numbers[numbers.length - 1] as number;
    if (high - low + 1 === numbers.length) {
      ctx.report({
        rule: 'enumeration-large',
        at: restriction,
        messageId: 'lint.enumeration-large.range',
        params: { what, count, low, high },
        // Only an integer restriction means the same with bounds (a string one would not compare numbers).
        fixes: (text) =>
          base === 'integer' && restriction
            ? fix(text, 'lint.fix.bounds', { low, high }, false, boundsEdit(text, restriction, low, high))
            : [],
      });
      return;
    }
  }
  const shape = /^([^0-9]*)([0-9]+)$/;
  const parts = values.map((v) => shape.exec(v));
  if (parts.every((m) => m !== null)) {
    const prefixes = new Set(parts.map((m) => (m as RegExpExecArray)[1]));
    const widths = parts.map((m) => ((m as RegExpExecArray)[2] as string).length);
    const prefix = [...prefixes][0] ?? '';
    if (prefixes.size === 1 && prefix !== '') {
      const min = Math.min(...widths);
      const max = Math.max(...widths);
      const pattern = `${prefix.replace(/[\\.?*+{}()[\]|^$-]/g, (c) => `\\${c}`)}[0-9]{${min === max ? min : `${min},${max}`}}`;
      ctx.report({
        rule: 'enumeration-large',
        at: restriction,
        messageId: 'lint.enumeration-large.pattern',
        params: { what, count, pattern },
      });
      return;
    }
  }
}

function boundsEdit(text: TextIndex, restriction: XmlElement, low: number, high: number): EditSpec {
  const name = text.qualifiedName(restriction);
  const prefix = name.includes(':') ? `${name.slice(0, name.indexOf(':'))}:` : '';
  const startTag = text.text.slice(restriction.span.start, restriction.span.contentStart);
  return {
    start: restriction.span.start,
    end: restriction.span.end,
    newText: `${startTag}<${prefix}minInclusive value="${low}"/><${prefix}maxInclusive value="${high}"/></${name}>`,
  };
}

/** The restriction's own well-formedness and its fit with the dataType's base. */
function checkRestriction(
  ctx: LintContext,
  value: RestrictionValue,
  what: string,
  target: ValueTarget,
): void {
  const wrapper = ctx.valueSource(value);
  const restriction = restrictionElement(wrapper);
  const base = normaliseBase(value.base);
  if (!base)
    ctx.report({
      rule: 'restriction-base-unknown',
      at: restriction,
      part: { attribute: 'base' },
      params: { what, base: value.base },
    });
  if (base && target.base && ctx.wants('restriction-base-mismatch') && base !== normaliseBase(target.base)) {
    const wanted = target.base;
    ctx.report({
      rule: 'restriction-base-mismatch',
      at: restriction,
      part: { attribute: 'base' },
      params: { what, base: value.base, dataType: target.dataType ?? '', wanted },
      fixes: (text) => {
        const prefix = /^([^:]*:)/.exec(restriction?.attributes.get('base') ?? '')?.[1] ?? 'xs:';
        return fix(
          text,
          'lint.fix.base',
          { base: `${prefix}${wanted}` },
          true,
          replaceAttribute(text, restriction, 'base', `${prefix}${wanted}`),
        );
      },
    });
  }
  if (base && ctx.wants('restriction-facet-not-for-base')) {
    const allowed = FACETS_OF_BASE[base];
    const used = [
      ...(value.patterns.length ? ['pattern'] : []),
      ...(restriction?.enumerationValues?.length || restriction?.codeList || value.enumeration.length
        ? ['enumeration']
        : []),
      ...[...BOUNDS, ...LENGTHS].filter((k) => value[k] !== undefined),
    ];
    for (const facet of used)
      if (!allowed.includes(facet))
        ctx.report({
          rule: 'restriction-facet-not-for-base',
          at: facetElements(wrapper, facet)[0] ?? restriction,
          params: { what, facet, base: value.base },
        });
  }
  const hasFacet =
    value.patterns.length > 0 ||
    BOUNDS.some((k) => value[k] !== undefined) ||
    LENGTHS.some((k) => value[k] !== undefined) ||
    (restriction?.codeList ?? null) !== null ||
    value.enumeration.length > 0;
  if (!hasFacet) ctx.report({ rule: 'restriction-empty', at: restriction, params: { what } });
  checkPatterns(ctx, value, what);
  checkBounds(ctx, value, what);
  checkLengths(ctx, value, what);
  // A string code list is not read value by value on the upload path (only errors wanted there).
  if (base && base !== 'string') {
    for (const literal of literalsOf(ctx, value))
      if (!isValidLexical(base, literal.value))
        ctx.report({
          rule: 'value-type-mismatch',
          at: literal.el,
          part: literal.part,
          params: { what, value: literal.value, kind: kindOf(base) },
        });
  }
  if (ctx.wants('enumeration-duplicate')) checkEnumeration(ctx, value, what);
}

/** Every check of one value compared with `target`. */
export function checkValue(
  ctx: LintContext,
  value: IdsValue | null,
  what: string,
  target: ValueTarget = { category: null },
): void {
  if (!value) return;
  if (value.kind === 'simple') {
    if (ctx.wants('value-empty')) checkSimple(ctx, value, what);
  } else checkRestriction(ctx, value, what, target);
  checkLiterals(ctx, value, what, target);
}
