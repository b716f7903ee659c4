/**
 * @plumbline/ids: buildingSMART IDS 1.0 — read and validate IDS XML, check an IFC model, report.
 */
export {
  type CheckOptions,
  checkModel,
  countSpecifications,
  invalidReport,
  type SpecificationCounts,
} from './check/check-model';
export { LiveChecker, type LiveCheckResult, type LiveSpecification, liveCheck } from './check/live-check';
export { CheckThreads, checkModelInParallel } from './check/parallel-check';
export { checkFiles } from './check-files';
export type * from './document';
export { type RequirementSplice, spliceRequirement, type TextEdit } from './edit/splice-requirement';
export type { IdsEditRefusal } from './edit/utf8-source';
export { DEFAULT_MAX_IDS_MB, maxIdsBytes, setMaxIdsMb } from './ids-size-limit';
export {
  applyEdits,
  applyFix,
  countBySeverity,
  type Diagnostic,
  englishMessages,
  type Fix,
  type FixAllResult,
  fixAll,
  formatMessage,
  isRuleId,
  type LintIdsOptions,
  type LintResult,
  lintIds,
  type MessageParams,
  type Position,
  type Range,
  RULE_IDS,
  RULES,
  type RuleId,
  type RuleMeta,
  type SarifOptions,
  type Severity,
  type TextEdit as LintTextEdit,
  toSarif,
} from './lint/index';
export { lintIdsFile } from './lint/lint-file';
export { IdsParseError, type ParseIdsOptions, parseIds } from './parse-ids';
export { compileValue, type ScalarValue, type ValueMatcher } from './restriction/matcher';
export { compileXsdPattern, translateXsdPattern, XsdPatternError } from './restriction/xsd-regex';
export type * from './results';
export { validateAndParseIds, validateIds, validateIdsSchema } from './validate-ids';
export { writeIds } from './write/write-ids';
