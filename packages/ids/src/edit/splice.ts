/**
 * Text splices on elements of a parsed IDS: insert an element before or after a sibling or as a
 * parent's last child, replace or remove one, laid out like its neighbours (layout.ts). Each splice
 * touches only the characters it names; everything else in the file stays as written.
 */
import type { XmlElement } from '../xml/xml-element';
import { indentStep, lineIndent, relayout } from './layout';

/** Characters [start, end) of the text replaced by `text`. */
export interface Splice {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The text with the splices applied; they must not overlap (checked: an overlap is a bug). */
export function applySplices(text: string, splices: readonly Splice[]): string {
  const sorted = [...splices].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const s of sorted) {
    if (s.start < at) throw new Error('overlapping splices');
    out += text.slice(at, s.start) + s.text;
    at = s.end;
  }
  return out + text.slice(at);
}

/** Where a line break ends at `offset` ('' when none does). */
function breakAt(text: string, offset: number): string {
  if (text[offset] === '\r') return text[offset + 1] === '\n' ? '\r\n' : '\r';
  return text[offset] === '\n' ? '\n' : '';
}

/** White space from `offset` to the end of its line, with the line break, or null when other text follows. */
function restOfLine(text: string, offset: number): number | null {
  let i = offset;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (i >= text.length) return i - offset;
  const lb = breakAt(text, i);
  return lb === '' ? null : i - offset + lb.length;
}

/** A comment line right before `lineStart` that names the next element (a lint suppression). */
const SUPPRESSION_LINE = /^[ \t]*<!--\s*plumbline-ignore\s[\s\S]*?-->[ \t]*(\r\n|\n|\r)$/;

/**
 * The characters that are "the element" when it is moved, copied or removed: its whole lines when
 * it stands on lines of its own, with a suppression comment on the line just before it (which
 * speaks about this element only), else just its tags.
 */
export function elementBlock(text: string, el: XmlElement): { start: number; end: number; whole: boolean } {
  const indent = lineIndent(text, el.span.start);
  const tail = restOfLine(text, el.span.end);
  if (indent === null || tail === null) return { start: el.span.start, end: el.span.end, whole: false };
  let start = el.span.start - indent.length;
  const previousLineStart = (offset: number) => {
    let i = offset - 1;
    if (text[i] === '\n' && text[i - 1] === '\r') i--;
    while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
    return Math.max(0, i);
  };
  if (start > 0) {
    const before = previousLineStart(start);
    if (SUPPRESSION_LINE.test(text.slice(before, start))) start = before;
  }
  return { start, end: el.span.end + tail, whole: true };
}

/** Removes the element (its lines when it has lines of its own). */
export function removeElement(text: string, el: XmlElement): Splice {
  const block = elementBlock(text, el);
  return { start: block.start, end: block.end, text: '' };
}

/** The indent step in `parent` (what a child's indent adds to the parent's). */
function stepIn(text: string, parent: XmlElement, child: XmlElement | undefined): string {
  return indentStep(lineIndent(text, parent.span.start), child ? lineIndent(text, child.span.start) : null);
}

/** Inserts `xml` (writer layout) right before `sibling`, on lines of its own when the sibling has them. */
export function insertBefore(
  text: string,
  parent: XmlElement,
  sibling: XmlElement,
  xml: string,
  newline: string,
): Splice {
  const indent = lineIndent(text, sibling.span.start);
  if (indent === null)
    return { start: sibling.span.start, end: sibling.span.start, text: relayout(xml, '', '', '') };
  const at = sibling.span.start - indent.length;
  return { start: at, end: at, text: relayout(xml, indent, stepIn(text, parent, sibling), newline) };
}

/** Inserts `xml` (writer layout) right after `sibling`. */
export function insertAfter(
  text: string,
  parent: XmlElement,
  sibling: XmlElement,
  xml: string,
  newline: string,
): Splice {
  const indent = lineIndent(text, sibling.span.start);
  const at = sibling.span.end;
  if (indent === null) return { start: at, end: at, text: relayout(xml, '', '', '') };
  const body = relayout(xml, indent, stepIn(text, parent, sibling), newline);
  return { start: at, end: at, text: newline + body.slice(0, body.length - newline.length) };
}

/**
 * Inserts `xml` as the last child of `parent`: before its end tag's line, indented like its last
 * child (or one step in); on the end tag's line when that line holds other markup; a self-closing
 * parent is opened (`name` is its qualified name).
 */
export function appendChild(
  text: string,
  grandparent: XmlElement | undefined,
  parent: XmlElement,
  xml: string,
  newline: string,
): Splice {
  const span = parent.span;
  const ownIndent = lineIndent(text, span.start);
  if (span.contentStart === span.end) {
    const name = /^<([^\s/>]+)/.exec(text.slice(span.start, span.start + 300))?.[1] ?? parent.name;
    const inline = ownIndent === null;
    const step = indentStep(grandparent ? lineIndent(text, grandparent.span.start) : null, ownIndent);
    const body = relayout(xml, inline ? '' : ownIndent + step, step, inline ? '' : newline);
    return {
      start: span.end - 2,
      end: span.end,
      text: `>${inline ? '' : newline}${body}${ownIndent ?? ''}</${name}>`,
    };
  }
  const closeIndent = lineIndent(text, span.contentEnd);
  const last = parent.children[parent.children.length - 1];
  const childIndent = last ? lineIndent(text, last.span.start) : null;
  const step = indentStep(closeIndent ?? ownIndent, childIndent);
  if (closeIndent === null) {
    // The end tag shares its line with other markup: the element goes in on that line too.
    return { start: span.contentEnd, end: span.contentEnd, text: relayout(xml, '', '', '') };
  }
  const indent = childIndent ?? closeIndent + step;
  const at = span.contentEnd - closeIndent.length;
  return { start: at, end: at, text: relayout(xml, indent, step, newline) };
}

/** Replaces the element with `xml` (writer layout), laid out at the element's indent. */
export function replaceElement(
  text: string,
  parent: XmlElement,
  el: XmlElement,
  xml: string,
  newline: string,
): Splice {
  const indent = lineIndent(text, el.span.start);
  if (indent === null) return { start: el.span.start, end: el.span.end, text: relayout(xml, '', '', '') };
  const body = relayout(xml, indent, stepIn(text, parent, el), newline);
  return {
    start: el.span.start,
    end: el.span.end,
    text: body.slice(indent.length, body.length - newline.length),
  };
}

/**
 * Moves a block of text (an element's lines, elementBlock) to `at`, which is a line start when the
 * block is whole lines: the bytes move unchanged.
 */
export function moveBlock(block: { start: number; end: number }, at: number, text: string): Splice[] {
  const moved = text.slice(block.start, block.end);
  return [
    { start: block.start, end: block.end, text: '' },
    { start: at, end: at, text: moved },
  ];
}
