/**
 * spliceRequirement: adds one requirement facet to a specification by inserting its XML into the
 * original text, so that every comment, annotation, description and byte of layout the edit does
 * not touch stays as it was (decision 0162). It is the general edit model's `addFacet` to the
 * requirements (ids-edit.ts, decision 0280), read with the same bounded reader as parseIds.
 */
import type { Facet } from '../document';
import { readEditable } from './editable';
import { idsEditSplices } from './ids-edit';
import { applySplices } from './splice';
import type { IdsEditRefusal } from './utf8-source';

/** One change to the text: `removed` characters at `at` replaced by `inserted`. */
export interface TextEdit {
  readonly at: number;
  readonly removed: number;
  readonly inserted: string;
}

export type RequirementSplice =
  /** `xml` is the whole new text (a byte-order mark kept); `edit` is where it differs, in `xml`. */
  | { readonly ok: true; readonly xml: string; readonly edit: TextEdit }
  | { readonly ok: false; readonly reason: IdsEditRefusal; readonly declaredEncoding: string | null };

export interface SpliceOptions {
  /** Largest accepted file in bytes (the reader's default when absent). */
  readonly maxBytes?: number;
}

export function spliceRequirement(
  input: string | Uint8Array,
  specificationIndex: number,
  facet: Facet,
  options: SpliceOptions = {},
): RequirementSplice {
  const read = readEditable(input, options);
  if (!read.ok) return read;
  const { ids } = read;
  const result = idsEditSplices(ids, {
    op: 'addFacet',
    spec: specificationIndex,
    section: 'requirements',
    facet,
  });
  const splice = result.ok ? result.splices[0] : undefined;
  if (!splice) return { ok: false, reason: 'structure_not_found', declaredEncoding: null };
  const bom = ids.bom ? '\uFEFF' : '';
  const xml = bom + applySplices(ids.text, [splice]);
  return {
    ok: true,
    xml,
    edit: { at: splice.start + bom.length, removed: splice.end - splice.start, inserted: splice.text },
  };
}
