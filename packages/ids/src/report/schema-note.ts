/**
 * The sentence every report prints when a model's FILE_SCHEMA was read with another schema: what it
 * was read as, and why. Worded here once, from the structured substitution (never parsed back).
 */
import type { SchemaSubstitution } from '@plumbline/ifc';
import { idsWords, type Words } from './words';

export function schemaSubstitutionNote(substitution: SchemaSubstitution, w: Words = idsWords()): string {
  switch (substitution.reason) {
    case 'ifc4x3_release_candidate':
      return w.t('ids.schemaNote.ifc4x3ReleaseCandidate', {
        written: substitution.written,
        readAs: substitution.readAs,
      });
  }
}
