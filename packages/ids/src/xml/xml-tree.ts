/**
 * The XML reader over bytes or text: decodes bytes as XML says (UTF-8 or UTF-16), checks the size,
 * then reads the text with read-xml-text.ts (a namespace-aware element tree with line numbers; DTDs
 * refused, size, depth and element count bounded).
 */
import { isAscii } from 'node:buffer';
import { maxIdsBytes } from '../ids-size-limit';
import { readXmlText, type XmlLimits, XmlReadError } from './read-xml-text';
import type { XmlElement } from './xml-element';

export {
  childNamed,
  childrenNamed,
  IDS_NAMESPACE,
  readXmlText,
  readXmlWithSaxes,
  type XmlLimits,
  XmlReadError,
  XS_NAMESPACE,
} from './read-xml-text';
export type { SourceSpan, XmlElement } from './xml-element';

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
  const size = byteLength(input);
  if (size > maxBytes) {
    throw new XmlReadError(
      `The file is ${size} bytes; the limit for an IDS file is ${maxBytes} bytes.`,
      null,
      null,
    );
  }
  return readXmlText(xmlText(input), limits, true);
}
