/**
 * When a file's FILE_SCHEMA is read with another schema's tables, and why. Today that is the IFC 4.3
 * release candidates (IFC4X3_RC1 … RC4), published before the final standard and read with the
 * final IFC4X3_ADD2 tables (see schemaIdFor in header.ts). Reports and screens say so from this
 * record, never silently and never by comparing names themselves.
 */
import type { IfcSchemaId } from '../model';

/** Why a schema was read as another: a pre-final IFC 4.3 release candidate. */
export type SchemaSubstitutionReason = 'ifc4x3_release_candidate';

export interface SchemaSubstitution {
  /** FILE_SCHEMA's name as written, e.g. 'IFC4X3_RC4'. */
  readonly written: string;
  /** The schema whose tables read it. */
  readonly readAs: IfcSchemaId;
  readonly reason: SchemaSubstitutionReason;
}

const RELEASE_CANDIDATE = /^IFC4X3_RC[1-4]$/;

/** The substitution for a header's FILE_SCHEMA names and the schema chosen, or null when read as written. */
export function schemaSubstitution(
  fileSchema: readonly string[],
  schema: IfcSchemaId,
): SchemaSubstitution | null {
  const written = fileSchema[0]?.trim();
  if (!written || !RELEASE_CANDIDATE.test(written.toUpperCase())) return null;
  return { written, readAs: schema, reason: 'ifc4x3_release_candidate' };
}
