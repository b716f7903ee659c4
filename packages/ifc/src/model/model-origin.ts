/**
 * Where a model comes from, as its own file says: the STEP header's FILE_NAME (name and time stamp)
 * and the IfcProject's GlobalId. Issue trackers (BCF) use these to match findings to the model the
 * team has open, which may be stored under another file name than the one on disk.
 */
import type { IfcModel, StepValue } from '../model';
import type { StepHeader } from '../step/header';
import { type SchemaSubstitution, schemaSubstitution } from '../step/schema-substitution';

export interface IfcModelOrigin {
  /** FILE_NAME's name, as the authoring tool wrote it (often a path); null when empty. */
  readonly headerFileName: string | null;
  /** FILE_NAME's time_stamp as written (ISO 8601 by the standard, not always in practice). */
  readonly headerTimeStamp: string | null;
  /** GlobalId of the first IfcProject, or null when the file has none. */
  readonly projectGlobalId: string | null;
  /** Present only when FILE_SCHEMA was read with another schema (an IFC4X3 release candidate as IFC4X3_ADD2). */
  readonly schemaSubstitution?: SchemaSubstitution;
}

export function readModelOrigin(model: IfcModel & { readonly header: StepHeader }): IfcModelOrigin {
  const fileName = model.header.entities.get('FILE_NAME') ?? [];
  const [project] = model.idsOfClass('IFCPROJECT');
  const substitution = schemaSubstitution(model.header.fileSchema, model.header.schema);
  return {
    headerFileName: text(fileName[0]),
    headerTimeStamp: text(fileName[1]),
    projectGlobalId: project === undefined ? null : model.globalId(project),
    // Only when it applies: an origin read as written keeps its shape.
    ...(substitution ? { schemaSubstitution: substitution } : {}),
  };
}

function text(value: StepValue | undefined): string | null {
  if (value?.kind !== 'string') return null;
  const trimmed = value.value.trim();
  return trimmed.length > 0 ? trimmed : null;
}
