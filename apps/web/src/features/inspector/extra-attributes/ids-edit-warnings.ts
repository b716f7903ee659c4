import type { IdsEditWarning } from '@plumbline/contracts';

/** What saving means when an IDS file cannot be edited in place (decision 0162). */
export const WHOLE_FILE_REWRITE =
  'Adding the attribute would rewrite the whole IDS file: its comments, annotations and requirement descriptions would be lost.';

/** Why the file cannot be edited in place, for the person about to confirm. */
export function idsEditWarningText(warning: IdsEditWarning): string {
  switch (warning.code) {
    case 'encoding_not_utf8':
      return `The file is encoded as ${warning.declared_encoding ?? 'something other than UTF-8'}; only UTF-8 files can be edited in place.`;
    case 'invalid_utf8':
      return 'The file contains bytes that are not valid UTF-8, so it cannot be edited in place.';
    case 'structure_not_found':
      return "The specification's place in the file could not be found, so it cannot be edited in place.";
    case 'edit_not_verified':
      return 'Editing the file in place did not give exactly the intended result, so it was not saved that way.';
  }
}
