/**
 * @plumbline/ids: buildingSMART IDS 1.0 — read and validate IDS XML, check an IFC model, report.
 */
export { type CheckOptions, checkModel, invalidReport } from './check/check-model';
export { CheckThreads, checkModelInParallel } from './check/parallel-check';
export { checkFiles } from './check-files';
export type * from './document';
export { type RequirementSplice, spliceRequirement, type TextEdit } from './edit/splice-requirement';
export type { IdsEditRefusal } from './edit/utf8-source';
export * from './identity';
export { DEFAULT_MAX_IDS_MB, maxIdsBytes, setMaxIdsMb } from './ids-size-limit';
export { IdsParseError, type ParseIdsOptions, parseIds } from './parse-ids';
export { compileValue, type ScalarValue, type ValueMatcher } from './restriction/matcher';
export { compileXsdPattern, translateXsdPattern, XsdPatternError } from './restriction/xsd-regex';
export type * from './results';
export { validateAndParseIds, validateIds, validateIdsSchema } from './validate-ids';
export { writeIds } from './write/write-ids';
