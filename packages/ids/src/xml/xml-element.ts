/** The element tree both XML readers build (xml-tree.ts with saxes, plain-xml.ts by one scan). */
import type { CodeListText } from './code-list-text';

export interface XmlElement {
  /** Local name without prefix. */
  readonly name: string;
  readonly namespace: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: XmlElement[];
  /** Concatenated character data directly inside this element. */
  text: string;
  readonly line: number;
  readonly column: number;
  /** Where the element sits in the text that was read; lets an edit splice into the original. */
  readonly span: SourceSpan;
  /** Namespace declarations written on this element (prefix, '' for the default), if any. */
  readonly namespaceDeclarations?: ReadonlyMap<string, string>;
  /**
   * Only when read with `enumerationValues` (plain-xml.ts, for parseIds): on an xs:restriction, the
   * values of its `<xs:enumeration value="…"/>` children, in order, which are then not in
   * `children` — a national pack has 600,000 of them, and an element object each is most of the
   * reading's time (garbage collection).
   */
  readonly enumerationValues?: string[];
  /**
   * Instead of `enumerationValues`, when every enumeration of the restriction is in the plain form
   * code-list-text.ts describes: their text, each value made into a string only when asked for.
   */
  readonly codeList?: CodeListText;
}

/**
 * Offsets (JavaScript string indices into the text after a byte-order mark) of an element's tags:
 * `start` at the `<` of its start tag, `contentStart` just after that tag's `>`, `contentEnd` at the
 * `<` of its end tag, `end` just after the end tag's `>`. A self-closing element has
 * contentStart === contentEnd === end.
 */
export interface SourceSpan {
  start: number;
  contentStart: number;
  contentEnd: number;
  end: number;
}
