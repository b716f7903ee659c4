/**
 * The IDS linter for any JavaScript runtime (the Studio's browser worker, the server, the command
 * line): pure functions over IDS text, no Node imports (lint/browser-bundle.test.ts bundles this
 * entry for the browser to prove it). XSD validation, which needs libxml2 in a Node worker, is in
 * lint-file.ts.
 */
export type { Diagnostic, Fix, Position, Range, Severity, TextEdit } from './diagnostic';
export { applyEdits, applyFix, type FixAllResult, fixAll } from './fix';
export { checkMessageSyntax, formatMessage, type MessageParams } from './format-message';
export { countBySeverity, type LintIdsOptions, type LintResult, lintIds } from './lint';
export { englishMessages } from './render';
export { isRuleId, RULE_IDS, RULES, type RuleArea, type RuleId, type RuleMeta } from './rules';
export { type SarifOptions, toSarif } from './sarif';
