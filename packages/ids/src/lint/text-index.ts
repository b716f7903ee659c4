/**
 * Offsets into a text ↔ 1-based line and column (UTF-16 units), and the parts of an element the
 * linter points at: its start tag, its content, an attribute's value. Line ends are LF, CR LF or a
 * lone CR, as XML and editors count them.
 */
import type { SourceSpan, XmlElement } from '../xml/xml-element';
import type { Position, Range } from './diagnostic';

export class TextIndex {
  /** Offset at which each line starts (line 1 at index 0). */
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a) this.starts.push(i + 1);
      else if (c === 0x0d) {
        if (text.charCodeAt(i + 1) === 0x0a) i++;
        this.starts.push(i + 1);
      }
    }
  }

  position(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.starts[lo] as number) + 1 };
  }

  offset(position: Position): number {
    const start = this.starts[Math.min(Math.max(position.line, 1), this.starts.length) - 1] as number;
    return Math.min(start + position.column - 1, this.text.length);
  }

  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(end) };
  }

  /** Where the start tag ends (just after its `>`). */
  startTagEnd(span: SourceSpan): number {
    return span.contentStart;
  }

  /**
   * The value of attribute `name` on the element (its text between the quotes), or null. Prefixed
   * attributes (xsi:…) are not matched.
   */
  attributeValue(el: XmlElement, name: string): { start: number; end: number } | null {
    const tag = this.text.slice(el.span.start, this.startTagEnd(el.span));
    const re = new RegExp(`[\\s]${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    const m = re.exec(tag);
    if (!m) return null;
    const value = m[1] ?? m[2] ?? '';
    const end = el.span.start + m.index + m[0].length - 1;
    return { start: end - value.length, end };
  }

  /** Where an attribute could be added: just after the element's name in its start tag. */
  afterElementName(el: XmlElement): number {
    const m = /^<[^\s/>]+/.exec(this.text.slice(el.span.start, this.startTagEnd(el.span)));
    return el.span.start + (m ? m[0].length : 1);
  }

  /** The element's qualified name as written (e.g. 'ids:name', 'xs:restriction'). */
  qualifiedName(el: XmlElement): string {
    const m = /^<([^\s/>]+)/.exec(this.text.slice(el.span.start, el.span.start + 200));
    return m ? (m[1] as string) : el.name;
  }

  /**
   * Offsets that remove the element with the line it sits on when nothing else is on that line
   * (its indentation and line end go too), else the element alone.
   */
  removal(el: XmlElement): { start: number; end: number } {
    const { start, end } = el.span;
    let lineStart = start;
    while (lineStart > 0 && (this.text[lineStart - 1] === ' ' || this.text[lineStart - 1] === '\t'))
      lineStart--;
    const atLineStart =
      lineStart === 0 || this.text[lineStart - 1] === '\n' || this.text[lineStart - 1] === '\r';
    let lineEnd = end;
    while (lineEnd < this.text.length && (this.text[lineEnd] === ' ' || this.text[lineEnd] === '\t'))
      lineEnd++;
    let after = lineEnd;
    if (this.text[after] === '\r') after++;
    if (this.text[after] === '\n') after++;
    const atLineEnd = after > lineEnd || lineEnd === this.text.length;
    return atLineStart && atLineEnd ? { start: lineStart, end: after } : { start, end };
  }
}

/** Escapes text for element content. */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes text for a double- or single-quoted attribute value. */
export function escapeAttribute(text: string, quote: '"' | "'" = '"'): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return quote === '"' ? escaped.replace(/"/g, '&quot;') : escaped.replace(/'/g, '&apos;');
}
