/**
 * A small, safe XML reader over text: a namespace-aware element tree with line numbers, built on
 * saxes (with the plain-XML fast path first). Safety: no DTD is accepted (so no entity expansion, no
 * external entities — XML bombs are refused up front), and size, depth and element count are
 * bounded. No Node imports: the IDS linter reads with it in a browser worker too; xml-tree.ts adds
 * the reading of bytes.
 */
import { SaxesParser } from 'saxes';
import { maxIdsBytes, maxIdsElements } from '../ids-size-limit';
import { readPlainXml } from './plain-xml';
import type { XmlElement } from './xml-element';

export const IDS_NAMESPACE = 'http://standards.buildingsmart.org/IDS';
export const XS_NAMESPACE = 'http://www.w3.org/2001/XMLSchema';

export type { SourceSpan, XmlElement } from './xml-element';

export interface XmlLimits {
  /** Largest accepted document in bytes (UTF-8). Default maxIdsBytes() (ids-size-limit.ts). */
  readonly maxBytes?: number;
  readonly maxDepth?: number;
  readonly maxElements?: number;
  /**
   * Plain documents only: an xs:restriction's `<xs:enumeration value="…"/>` children as its
   * `enumerationValues` (plain-xml.ts). For parseIds, which reads nothing else of them; a document
   * read by saxes has them as children, as always.
   */
  readonly enumerationValues?: boolean;
  /** With enumerationValues: receives where the code lists kept as text lie (plain-xml.ts). */
  readonly codeListRuns?: number[];
}

export class XmlReadError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    readonly column: number | null,
  ) {
    super(message);
    this.name = 'XmlReadError';
  }
}

const MAX_DEPTH = 64;
/** How much text is parsed between two checks for a limit already hit. */
const CHUNK_CHARS = 4096;

/** UTF-8 length of a string, counted only as far as needed to tell whether it exceeds `limit`. */
export function utf8LengthOver(text: string, limit: number): number | null {
  if (text.length > limit) return text.length; // at least one byte a UTF-16 unit
  if (text.length * 3 <= limit) return null; // at most three bytes a UTF-16 unit
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is four bytes: three for the high unit here, one for the low unit.
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xdc00 && c <= 0xdfff ? 1 : 3;
  }
  return bytes > limit ? bytes : null;
}

/**
 * Reads XML text (a byte-order mark at its start is dropped; offsets in the tree count from after
 * it). `checkedSize` skips the size check when the caller has measured the bytes already.
 */
export function readXmlText(text: string, limits: XmlLimits = {}, checkedSize = false): XmlElement {
  const maxBytes = limits.maxBytes ?? maxIdsBytes();
  const maxDepth = limits.maxDepth ?? MAX_DEPTH;
  const maxElements = limits.maxElements ?? maxIdsElements(maxBytes);
  const size = checkedSize ? null : utf8LengthOver(text, maxBytes);
  if (size !== null) {
    throw new XmlReadError(
      `The file is ${size} bytes; the limit for an IDS file is ${maxBytes} bytes.`,
      null,
      null,
    );
  }
  const body = text.replace(/^\uFEFF/, '');
  // Plain IDS text is read by one fast scan; anything else (and every error) by saxes below.
  const enumerationValues = limits.enumerationValues === true;
  const runs = limits.codeListRuns;
  const known = runs?.length ?? 0;
  const plain = readPlainXml(body, {
    maxDepth,
    maxElements,
    enumerationValues,
    ...(runs ? { codeListRuns: runs } : {}),
  });
  if (plain !== null) return plain;
  // Read by saxes: no code list is kept as text.
  if (runs) runs.length = known;
  return readXmlWithSaxes(body, maxDepth, maxElements);
}

/** The reference reader: all of XML 1.0 with namespaces, and the errors with their positions. */
export function readXmlWithSaxes(text: string, maxDepth: number, maxElements: number): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  // Character data of each open element, in pieces joined when it closes: appending hundreds of
  // thousands of pieces to one string (the whitespace between a code list's values) costs seconds.
  const pieces: string[][] = [];
  let root: XmlElement | null = null;
  let count = 0;
  let failure: XmlReadError | null = null;
  const fail = (message: string) => {
    if (!failure) failure = new XmlReadError(message, parser.line, parser.column + 1);
  };

  parser.on('doctype', () =>
    fail('A DOCTYPE declaration is not allowed in an IDS file (DTDs and entities are refused).'),
  );
  parser.on('error', (err) => fail(err.message.replace(/^[^:]*:\d+:\d+: /, '')));
  // A tag name holds no '<', so the nearest '<' before the parser's position opens the current tag.
  let tagStart = 0;
  parser.on('opentagstart', () => {
    tagStart = text.lastIndexOf('<', parser.position - 1);
  });
  parser.on('opentag', (tag) => {
    if (failure) return;
    count++;
    if (count > maxElements) return fail(`More than ${maxElements} elements.`);
    if (stack.length >= maxDepth) return fail(`Elements nested deeper than ${maxDepth} levels.`);
    const attributes = new Map<string, string>();
    let declarations: Map<string, string> | undefined;
    for (const attr of Object.values(tag.attributes)) {
      if (attr.prefix === 'xmlns' || attr.name === 'xmlns') {
        declarations ??= new Map();
        declarations.set(attr.prefix === 'xmlns' ? attr.local : '', attr.value);
        continue;
      }
      attributes.set(attr.local, attr.value);
    }
    const contentStart = parser.position;
    const element: XmlElement = {
      name: tag.local,
      namespace: tag.uri,
      attributes,
      children: [],
      text: '',
      line: parser.line,
      column: parser.column,
      span: { start: tagStart, contentStart, contentEnd: contentStart, end: contentStart },
      ...(declarations ? { namespaceDeclarations: declarations } : {}),
    };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (!root) root = element;
    stack.push(element);
    pieces.push([]);
  });
  parser.on('closetag', (tag) => {
    const element = stack.pop();
    const chars = pieces.pop();
    if (element && chars && chars.length > 0)
      element.text = chars.length === 1 ? (chars[0] as string) : chars.join('');
    if (!element || tag.isSelfClosing) return;
    element.span.end = parser.position;
    element.span.contentEnd = text.lastIndexOf('<', parser.position - 1);
  });
  const onText = (t: string) => {
    if (t !== '') pieces[pieces.length - 1]?.push(t);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  try {
    // Fed in small chunks so that reading stops at the first limit hit: saxes resolves namespaces by
    // walking its open-tag stack, so a document nested far past maxDepth would cost depth² if it were
    // read to the end (issue 16: 200,000 nested tags took 570 s).
    for (let start = 0; start < text.length && !failure; ) {
      let end = Math.min(text.length, start + CHUNK_CHARS);
      // Never split a surrogate pair, or a CR LF (saxes would count two line ends), between two writes.
      if (end < text.length && /[\uDC00-\uDFFF]/.test(text.charAt(end))) end -= 1;
      else if (end < text.length && text.charCodeAt(end - 1) === 0x0d && text.charCodeAt(end) === 0x0a)
        end -= 1;
      parser.write(text.slice(start, end));
      start = end;
    }
    if (!failure) parser.close();
  } catch (err) {
    fail(err instanceof Error ? err.message.replace(/^[^:]*:\d+:\d+: /, '') : String(err));
  }
  if (failure) throw failure;
  if (!root) throw new XmlReadError('The file contains no XML element.', 1, 1);
  return root;
}

export function childrenNamed(element: XmlElement, name: string, namespace = IDS_NAMESPACE): XmlElement[] {
  return element.children.filter((c) => c.name === name && c.namespace === namespace);
}

export function childNamed(
  element: XmlElement,
  name: string,
  namespace = IDS_NAMESPACE,
): XmlElement | undefined {
  return element.children.find((c) => c.name === name && c.namespace === namespace);
}
