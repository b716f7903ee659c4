/**
 * The sentence every report prints when a model's FILE_SCHEMA was read with another schema: what it
 * was read as, and why. Worded here once, from the structured substitution (never parsed back).
 */
import type { SchemaSubstitution } from '@plumbline/ifc';

export function schemaSubstitutionNote(substitution: SchemaSubstitution): string {
  switch (substitution.reason) {
    case 'ifc4x3_release_candidate':
      return (
        `FILE_SCHEMA ${substitution.written} was read as ${substitution.readAs}: ` +
        `${substitution.written} is a release candidate of IFC 4.3, published before the final standard, ` +
        `and has no schema of its own here, so the final ${substitution.readAs} schema was used; ` +
        'anything that changed between the two may be read differently.'
      );
  }
}
