/**
 * A small, safe XML reader: a namespace-aware element tree with line numbers, built on saxes.
 * Safety: no DTD is accepted (so no entity expansion, no external entities — XML bombs are refused
 * up front), and size, depth and element count are bounded.
 */
import { isAscii } from 'node:buffer';
import { SaxesParser } from 'saxes';
import { maxIdsBytes, maxIdsElements } from '../ids-size-limit';
import { readPlainXml } from './plain-xml';
import type { XmlElement } from './xml-element';
import { LIMIT_MESSAGES, XmlReadError } from './xml-read-error';

export const IDS_NAMESPACE = 'http://standards.buildingsmart.org/IDS';
export const XS_NAMESPACE = 'http://www.w3.org/2001/XMLSchema';

export type { SourceSpan, XmlElement } from './xml-element';

export interface XmlLimits {
  /** Largest accepted document in bytes (UTF-8). Default maxIdsBytes() (ids-size-limit.ts). */
  readonly maxBytes?: number;
  readonly maxDepth?: number;
  /** Default maxIdsElements of the document's own size: both readers stop as they reach it. */
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

export { XmlReadError } from './xml-read-error';

const MAX_DEPTH = 64;
/** How much text is parsed between two checks for a limit already hit. */
const CHUNK_CHARS = 4096;

/**
 * Decodes bytes as XML 1.0 says a processor must (§4.3.3, Appendix F): UTF-16 when the bytes start with
 * its byte order mark or with '<?' in UTF-16, else UTF-8 (BOM tolerated); strings pass through. A
 * UTF-16 file's declaration is then made to say UTF-8, which is what the decoded text is handed on as
 * (libxml2 would otherwise read the declaration and refuse the text).
 */
export function xmlText(input: string | Uint8Array): string {
  if (typeof input === 'string') return input;
  const utf16 = utf16Encoding(input);
  // ASCII is its own UTF-8 with no byte order mark: read byte for byte, several times faster than
  // the UTF-8 decoder (a national pack is tens of MB, read before the check can start).
  if (utf16 === null && isAscii(input))
    return Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('latin1');
  if (utf16 === null) return new TextDecoder('utf-8', { fatal: false }).decode(input);
  const text = new TextDecoder(utf16, { fatal: false }).decode(input);
  return text.replace(UTF16_DECLARATION, (declaration) =>
    declaration.replace(/(encoding\s*=\s*)(["'])[^"']*\2/, '$1$2UTF-8$2'),
  );
}

/** The XML declaration at the very start, when it names a UTF-16 encoding. */
const UTF16_DECLARATION = /^\uFEFF?<\?xml[^>]*?encoding\s*=\s*["']utf-16(?:le|be)?["'][^>]*\?>/i;

function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const [a, b, c, d] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  if (a === 0x3c && b === 0x00 && c === 0x3f && d === 0x00) return 'utf-16le';
  if (a === 0x00 && b === 0x3c && c === 0x00 && d === 0x3f) return 'utf-16be';
  return null;
}

export function byteLength(input: string | Uint8Array): number {
  return typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
}

export function readXml(input: string | Uint8Array, limits: XmlLimits = {}): XmlElement {
  const maxBytes = limits.maxBytes ?? maxIdsBytes();
  const maxDepth = limits.maxDepth ?? MAX_DEPTH;
  const size = byteLength(input);
  const maxElements = limits.maxElements ?? maxIdsElements(size);
  if (size > maxBytes) {
    throw new XmlReadError(
      `The file is ${size} bytes; the limit for an IDS file is ${maxBytes} bytes.`,
      null,
      null,
    );
  }
  const text = xmlText(input).replace(/^\uFEFF/, '');
  // Plain IDS text is read by one fast scan; anything else (and every error but a limit) by saxes
  // below. A limit reached by the scan is refused there: saxes would stop at the same element.
  const enumerationValues = limits.enumerationValues === true;
  const runs = limits.codeListRuns;
  const known = runs?.length ?? 0;
  const plain = readPlainXml(text, {
    maxDepth,
    maxElements,
    enumerationValues,
    ...(runs ? { codeListRuns: runs } : {}),
  });
  if (plain !== null) return plain;
  // Read by saxes: no code list is kept as text.
  if (runs) runs.length = known;
  return readXmlWithSaxes(text, maxDepth, maxElements);
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
  const fail = (message: string, limit = false) => {
    if (!failure) failure = new XmlReadError(message, parser.line, parser.column + 1, limit);
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
    if (count > maxElements) return fail(LIMIT_MESSAGES.elements(maxElements), true);
    if (stack.length >= maxDepth) return fail(LIMIT_MESSAGES.depth(maxDepth), true);
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
