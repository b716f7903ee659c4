/**
 * parseIds: IDS XML → IdsDocument. Reading is lenient about structure (XSD validation, in
 * validate-ids.ts, is the authority on that) but records every problem it meets, and then runs the
 * semantic audit (audit/audit.ts) so that an IDS that can never be satisfied is marked invalid.
 */
import { auditTree } from './audit/audit';
import type { IdsDocument } from './document';
import { IdsParseError, readIdsTree } from './ids-from-tree';
import { maxIdsBytes } from './ids-size-limit';
import { byteLength, readXmlText, type XmlElement, XmlReadError, xmlText } from './xml/xml-tree';

export { IdsParseError } from './ids-from-tree';

export interface ParseIdsOptions {
  readonly fileName?: string;
  /** Largest accepted file in bytes (default maxIdsBytes(), ids-size-limit.ts). */
  readonly maxBytes?: number;
}

/**
 * Reads an IDS file. Throws IdsParseError when the input is not well-formed XML (or has a DTD, or
 * is too large) or its root is not an IDS `<ids>` element; otherwise returns the document with any
 * problems found listed in `problems`.
 */
export function parseIds(xml: string | Uint8Array, options: ParseIdsOptions = {}): IdsDocument {
  return parseIdsWithCodeListRuns(xml, options).document;
}

/**
 * parseIds, also giving where the code lists kept as text lie in the text read (three numbers each,
 * xml/plain-xml.ts), so XSD validation can leave out their repeats (xsd/code-list-runs.ts).
 */
export function parseIdsWithCodeListRuns(
  xml: string | Uint8Array,
  options: ParseIdsOptions = {},
): { document: IdsDocument; codeListRuns: number[] } {
  let root: XmlElement;
  let text: string;
  const codeListRuns: number[] = [];
  try {
    const maxBytes = options.maxBytes ?? maxIdsBytes();
    const size = byteLength(xml);
    if (size > maxBytes)
      throw new XmlReadError(
        `The file is ${size} bytes; the limit for an IDS file is ${maxBytes} bytes.`,
        null,
        null,
      );
    text = xmlText(xml).replace(/^\uFEFF/, '');
    root = readXmlText(text, { maxBytes, enumerationValues: true, codeListRuns }, true);
  } catch (err) {
    if (err instanceof XmlReadError) throw new IdsParseError(err.message, err.line, err.column);
    throw err;
  }
  return { document: documentOf(root, options, text), codeListRuns };
}

function documentOf(
  root: XmlElement,
  options: Pick<ParseIdsOptions, 'fileName'>,
  text: string | null,
): IdsDocument {
  const tree = readIdsTree(root, options.fileName === undefined ? {} : { fileName: options.fileName });
  return { ...tree.document, problems: auditTree(tree, text) };
}

/**
 * The IDS document of an XML tree (as either XML reader builds it); parseIds without the reading.
 * With the text the tree was read from (after a byte-order mark), problems are positioned as
 * parseIds positions them; without it, at the line and column the reader gave each element.
 */
export function idsFromTree(
  root: XmlElement,
  options: Pick<ParseIdsOptions, 'fileName'> & { readonly text?: string } = {},
): IdsDocument {
  return documentOf(root, options, options.text ?? null);
}
