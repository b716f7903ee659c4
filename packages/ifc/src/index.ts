export { IfcReadError, type IfcReadErrorCode } from './errors';
export type * from './model';
export { predefinedTypeNames } from './model';
export type { ClassificationView } from './model/classifications';
export { StepIfcModel } from './model/ifc-model';
export { type IfcModelOrigin, readModelOrigin } from './model/model-origin';
export type { WrittenKeys, WrittenPart } from './model/written-keys';
export { MAX_FILE_BYTES, type ReadIfcOptions, readIfc, readIfcFile } from './read';
export {
  type ApplicableClass,
  type SetTemplateView,
  setTemplates,
  type TemplateProperty,
  type TemplatePropertyKind,
} from './schema/pset-templates';
export {
  type AttributeDef,
  type EntityDef,
  type InverseDef,
  SchemaTables,
  schemaTables,
  type TypeKind,
} from './schema/schema-info';
export { modelFromShared, type SharedModel, shareModel } from './shared-model';
export {
  type SchemaSubstitution,
  type SchemaSubstitutionReason,
  schemaSubstitution,
} from './step/schema-substitution';
export { decodeStepString } from './step/strings';
