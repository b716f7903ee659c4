/**
 * Whether stored IDS bytes can be edited as text and written back byte for byte: only UTF-8 can,
 * because the app writes UTF-8 (an edit of another encoding would have to re-encode the whole file).
 */

/** Why an IDS file cannot be edited in place; the app asks before rewriting it whole instead. */
export type IdsEditRefusal =
  /** Declared (or byte-order-marked) as another encoding than UTF-8. */
  | 'encoding_not_utf8'
  /** Declared as UTF-8 but holds bytes that are not UTF-8. */
  | 'invalid_utf8'
  /** The specification, or where its requirements go, could not be found in the text. */
  | 'structure_not_found';

export type Utf8Source =
  | { readonly ok: true; readonly bom: boolean; readonly text: string }
  | { readonly ok: false; readonly reason: IdsEditRefusal; readonly declaredEncoding: string | null };

/** The encoding named by the XML declaration, if any (it must be the very first thing in the file). */
export function declaredEncoding(head: string): string | null {
  const declaration = /^<\?xml\s[^?>]*?encoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\1/.exec(head);
  return declaration?.[2] ?? null;
}

const BOM = [0xef, 0xbb, 0xbf];

export function utf8Source(input: string | Uint8Array): Utf8Source {
  if (typeof input === 'string') {
    const bom = input.startsWith('\uFEFF');
    return checkDeclaration(bom ? input.slice(1) : input, bom);
  }
  if ((input[0] === 0xfe && input[1] === 0xff) || (input[0] === 0xff && input[1] === 0xfe)) {
    return { ok: false, reason: 'encoding_not_utf8', declaredEncoding: 'UTF-16' };
  }
  const bom = BOM.every((b, i) => input[i] === b);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input);
  } catch {
    // Latin-1 and friends usually fail here too; say which encoding the file claims when it does.
    const named = declaredEncoding(new TextDecoder('latin1').decode(input.subarray(0, 200)));
    if (named !== null && !/^utf-?8$/i.test(named))
      return { ok: false, reason: 'encoding_not_utf8', declaredEncoding: named };
    return { ok: false, reason: 'invalid_utf8', declaredEncoding: named };
  }
  return checkDeclaration(bom ? text.slice(1) : text, bom);
}

function checkDeclaration(text: string, bom: boolean): Utf8Source {
  const named = declaredEncoding(text.slice(0, 200));
  if (named !== null && !/^utf-?8$/i.test(named))
    return { ok: false, reason: 'encoding_not_utf8', declaredEncoding: named };
  return { ok: true, bom, text };
}
