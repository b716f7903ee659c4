/**
 * Where the parts of an IDS value sit in the file, for pointing at them and editing them: the
 * simpleValue's content, each xs:enumeration's or xs:pattern's value attribute, each bound or
 * length facet. A value read with its code list kept as text (the upload path) has no enumeration
 * elements: its literals then point at the restriction.
 */
import type { IdsValue, RestrictionValue } from '../document';
import { childNamed, XS_NAMESPACE } from '../xml/read-xml-text';
import type { XmlElement } from '../xml/xml-element';
import type { EditSpec, LintContext, Part } from './context';
import { escapeAttribute, escapeText, type TextIndex } from './text-index';

/** Literal strings a value enumerates (simple value or a pure enumeration), or null for open restrictions. */
export function finiteValues(v: IdsValue): readonly string[] | null {
  if (v.kind === 'simple') return [v.value];
  if (v.patterns.length || v.minInclusive || v.maxInclusive || v.minExclusive || v.maxExclusive) return null;
  if (v.length || v.minLength || v.maxLength) return null;
  return v.enumeration.length > 0 ? v.enumeration : null;
}

/** One literal of a value and where it is written. */
export interface Literal {
  readonly value: string;
  readonly el: XmlElement | undefined;
  readonly part: Part;
}

export function restrictionElement(wrapper: XmlElement | undefined): XmlElement | undefined {
  return wrapper ? childNamed(wrapper, 'restriction', XS_NAMESPACE) : undefined;
}

/** The xs:<name> children of a value's restriction. */
export function facetElements(wrapper: XmlElement | undefined, name: string): XmlElement[] {
  const restriction = restrictionElement(wrapper);
  return restriction
    ? restriction.children.filter((c) => c.namespace === XS_NAMESPACE && c.name === name)
    : [];
}

/** The literals of a simple value or of a restriction's enumeration, each with where it is written. */
export function literalsOf(ctx: LintContext, value: IdsValue): Literal[] {
  const wrapper = ctx.valueSource(value);
  if (value.kind === 'simple') {
    const simple = wrapper ? childNamed(wrapper, 'simpleValue') : undefined;
    return [{ value: value.value, el: simple ?? wrapper, part: simple ? 'content' : 'startTag' }];
  }
  const elements = ctx.coarse ? [] : facetElements(wrapper, 'enumeration');
  if (elements.length > 0 && elements.length === value.enumeration.length) {
    return elements.map((el, i) => ({
      value: value.enumeration[i] as string,
      el,
      part: { attribute: 'value' },
    }));
  }
  const restriction = restrictionElement(wrapper) ?? wrapper;
  return value.enumeration.map((v) => ({ value: v, el: restriction, part: 'startTag' }));
}

/** The xs:pattern elements of a restriction with their values. */
export function patternsOf(ctx: LintContext, value: RestrictionValue): Literal[] {
  const elements = facetElements(ctx.valueSource(value), 'pattern');
  const restriction = restrictionElement(ctx.valueSource(value));
  return value.patterns.map((p, i) => {
    const el = elements[i];
    return el
      ? { value: p, el, part: { attribute: 'value' } }
      : { value: p, el: restriction, part: 'startTag' };
  });
}

/** An edit writing `text` in place of a literal (content escaped, or an attribute value in its quotes). */
export function replaceLiteral(index: TextIndex, literal: Literal, text: string): EditSpec | null {
  const el = literal.el;
  if (!el) return null;
  if (literal.part === 'content') {
    if (el.span.contentStart === el.span.end) return null; // self-closing
    return { start: el.span.contentStart, end: el.span.contentEnd, newText: escapeText(text) };
  }
  if (typeof literal.part === 'object') {
    const at = index.attributeValue(el, literal.part.attribute);
    if (!at) return null;
    const quote = index.text[at.start - 1] === "'" ? "'" : '"';
    return { start: at.start, end: at.end, newText: escapeAttribute(text, quote) };
  }
  return null;
}

/** An edit replacing an attribute's value on an element. */
export function replaceAttribute(
  index: TextIndex,
  el: XmlElement | undefined,
  name: string,
  text: string,
): EditSpec | null {
  if (!el) return null;
  return replaceLiteral(index, { value: '', el, part: { attribute: name } }, text);
}

/** The edit removing an element (with its line when it stands alone on it). */
export function removeElement(index: TextIndex, el: XmlElement | undefined): EditSpec | null {
  if (!el) return null;
  const { start, end } = index.removal(el);
  return { start, end, newText: '' };
}

/** Edits, or none when any of them could not be built. */
export function allOrNone(...edits: (EditSpec | null)[]): EditSpec[] {
  return edits.every((e): e is EditSpec => e !== null) ? edits : [];
}
