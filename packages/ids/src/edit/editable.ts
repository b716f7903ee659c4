/**
 * An IDS text read for editing: the element tree with the offsets of every tag, and the document
 * read from it with the element each specification and facet came from. Edits (ids-edit.ts) are
 * text splices at those offsets. Pure and browser-safe: the Studio reads and edits in the page.
 */
import type { IdsDocument } from '../document';
import { type IdsSources, readIdsTree } from '../ids-from-tree';
import { readXmlText } from '../xml/read-xml-text';
import type { XmlElement } from '../xml/xml-element';
import { type IdsEditRefusal, utf8Source } from './utf8-source';

export interface EditableIds {
  /** The text without a byte-order mark (offsets count in it). */
  readonly text: string;
  readonly bom: boolean;
  readonly root: XmlElement;
  readonly document: IdsDocument;
  readonly sources: IdsSources;
}

export type EditableRead =
  | { readonly ok: true; readonly ids: EditableIds }
  | { readonly ok: false; readonly reason: IdsEditRefusal; readonly declaredEncoding: string | null };

/**
 * Reads IDS text (or UTF-8 bytes) for editing. Refuses another encoding than UTF-8 (the Studio writes
 * UTF-8); throws the reader's XmlReadError or IdsParseError when the text is not an IDS.
 */
export function readEditable(input: string | Uint8Array, limits: { maxBytes?: number } = {}): EditableRead {
  const source = utf8Source(input);
  if (!source.ok) return source;
  const root = readXmlText(source.text, limits.maxBytes === undefined ? {} : { maxBytes: limits.maxBytes });
  const tree = readIdsTree(root);
  return {
    ok: true,
    ids: { text: source.text, bom: source.bom, root, document: tree.document, sources: tree.sources },
  };
}

/** The whole text as it is saved (with the byte-order mark it was read with). */
export function textOf(ids: EditableIds): string {
  return ids.bom ? `\uFEFF${ids.text}` : ids.text;
}
