export { type Catalogue, englishCatalogue, formatMessage, ruleSummary } from './messages';
export { formatValidityConsole, type ValidityConsoleOptions } from './report/console';
export { renderValidityHtml, validityHtmlSection } from './report/html';
export { toValidityJson, type ValidityJson, validityExitCode } from './report/json';
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
