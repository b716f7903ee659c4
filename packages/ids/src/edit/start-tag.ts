/**
 * An element's start tag as text: its qualified name and where each attribute's name and value lie,
 * so an edit can change one attribute value and leave the rest of the tag (order, quotes, spacing,
 * line breaks between attributes) as written. The reader has already checked the XML is well-formed,
 * so the scan only has to find the pieces, in one linear pass over the tag.
 */
import { escapeAttribute } from '../write/write-ids';
import type { XmlElement } from '../xml/xml-element';
import type { Splice } from './splice';

export interface TagAttribute {
  /** The qualified name as written (e.g. 'name', 'xmlns:xs'). */
  readonly name: string;
  /** From the white space before the name to just after the closing quote. */
  readonly start: number;
  readonly end: number;
  /** The value inside the quotes. */
  readonly valueStart: number;
  readonly valueEnd: number;
  readonly quote: '"' | "'";
}

export interface StartTag {
  readonly name: string;
  /** Just after the qualified name. */
  readonly nameEnd: number;
  readonly attributes: readonly TagAttribute[];
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** Reads the start tag of `el` in `text` (the text it was read from). */
export function startTag(text: string, el: XmlElement): StartTag {
  let i = el.span.start + 1;
  while (i < text.length && !isSpace(text[i]) && text[i] !== '>' && text[i] !== '/') i++;
  const name = text.slice(el.span.start + 1, i);
  const nameEnd = i;
  const attributes: TagAttribute[] = [];
  for (;;) {
    const start = i;
    while (isSpace(text[i])) i++;
    if (i >= text.length || text[i] === '>' || text[i] === '/') break;
    const nameStart = i;
    while (i < text.length && text[i] !== '=' && !isSpace(text[i])) i++;
    const attrName = text.slice(nameStart, i);
    while (isSpace(text[i]) || text[i] === '=') i++;
    const quote = text[i] === "'" ? "'" : '"';
    const valueStart = i + 1;
    const valueEnd = text.indexOf(quote, valueStart);
    if (valueEnd < 0) break;
    i = valueEnd + 1;
    attributes.push({ name: attrName, start, end: i, valueStart, valueEnd, quote });
  }
  return { name, nameEnd, attributes };
}

/** The element's prefix with its colon ('' when it has none), as written. */
export function prefixOf(tag: StartTag): string {
  const colon = tag.name.indexOf(':');
  return colon < 0 ? '' : tag.name.slice(0, colon + 1);
}

function escapeFor(value: string, quote: '"' | "'"): string {
  const escaped = escapeAttribute(value);
  return quote === '"' ? escaped : escaped.replace(/&quot;/g, '"').replace(/'/g, '&apos;');
}

/**
 * The splice that gives `el` attribute `name` = `value`, or removes it when `value` is null: the
 * value alone is replaced (in the file's own quotes), a new attribute goes after the last one.
 * Null when nothing changes.
 */
export function setAttributeSplice(
  text: string,
  el: XmlElement,
  name: string,
  value: string | null,
): Splice | null {
  const tag = startTag(text, el);
  const existing = tag.attributes.find((a) => a.name === name);
  if (existing) {
    if (value === null) return { start: existing.start, end: existing.end, text: '' };
    const written = escapeFor(value, existing.quote);
    if (text.slice(existing.valueStart, existing.valueEnd) === written) return null;
    return { start: existing.valueStart, end: existing.valueEnd, text: written };
  }
  if (value === null) return null;
  const at = tag.attributes.at(-1)?.end ?? tag.nameEnd;
  return { start: at, end: at, text: ` ${name}="${escapeFor(value, '"')}"` };
}
