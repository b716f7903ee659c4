/**
 * Adds a requirement to a stored IDS file by editing its text in place (decision 0162), so that its
 * comments, annotations and descriptions survive. When that is not possible, says why as a warning
 * code; the caller then rewrites the file whole only if the user confirms.
 */
import type { IdsEditWarning, IdsEditWarningCode } from '@plumbline/contracts';
import {
  type Facet,
  type IdsDocument,
  type IdsEditRefusal,
  parseIds,
  spliceRequirement,
  validateIds,
  writeIds,
} from '@plumbline/ids';
import { AttributeError } from './errors';

export type InPlaceEdit = { ok: true; xml: string } | { ok: false; warning: IdsEditWarning };

const WARNING_OF: Record<IdsEditRefusal, IdsEditWarningCode> = {
  encoding_not_utf8: 'encoding_not_utf8',
  invalid_utf8: 'invalid_utf8',
  structure_not_found: 'structure_not_found',
};

const notVerified: InPlaceEdit = {
  ok: false,
  warning: { code: 'edit_not_verified', declared_encoding: null },
};

/**
 * `expected` is the parsed original with the facet appended: the edited text must read back as
 * exactly that document (compared through the writer, which leaves out source positions) and be
 * valid. An invalid result that a whole-file rewrite would share is the requirement's fault
 * (invalid_requirement), not the edit's.
 */
export async function editInPlace(
  original: Uint8Array,
  position: number,
  facet: Facet,
  expected: IdsDocument,
): Promise<InPlaceEdit> {
  let splice: ReturnType<typeof spliceRequirement>;
  try {
    splice = spliceRequirement(original, position, facet);
  } catch {
    return { ok: false, warning: { code: 'structure_not_found', declared_encoding: null } };
  }
  if (!splice.ok) {
    return {
      ok: false,
      warning: { code: WARNING_OF[splice.reason], declared_encoding: splice.declaredEncoding },
    };
  }
  let reread: IdsDocument;
  try {
    reread = parseIds(splice.xml);
  } catch {
    return notVerified;
  }
  if (writeIds(reread) !== writeIds(expected)) return notVerified;
  const problems = await validateIds(splice.xml);
  if (problems.length === 0) return { ok: true, xml: splice.xml };
  const rewritten = await validateIds(writeIds(expected));
  if (rewritten.length > 0) throw invalidRequirement(rewritten[0]?.message);
  return notVerified;
}

export function invalidRequirement(reason: string | undefined) {
  return new AttributeError('invalid_requirement', {
    messageId: 'error.invalid_requirement.detail',
    params: { detail: reason ?? '' },
  });
}
