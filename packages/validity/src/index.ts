export { type Catalogue, englishCatalogue, validityCatalogue, validityText } from './messages';
export { checkProjectRules, type ProjectRuleResult, type ProjectRulesReport } from './project-rules/check';
export { MAX_RULES, MAX_RULES_FILE_BYTES, parseRulesFile, type RulesProblem } from './project-rules/parse';
export type * from './project-rules/types';
export { formatValidityConsole, type ValidityConsoleOptions } from './report/console';
export { renderValidityHtml, validityHtmlSection } from './report/html';
export { toValidityJson, type ValidityJson, validityExitCode } from './report/json';
export { formatMessage, ruleSummary } from './report/message-text';
export type { Rule } from './rule';
export { RULE_IDS, RULES } from './rules/index';
export * from './types';
export {
  DEFAULT_MAX_FINDINGS,
  selectRules,
  UnknownRuleError,
  type ValidateOptions,
  validateFile,
  validateModel,
} from './validate';
