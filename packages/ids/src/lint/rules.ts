/**
 * Every lint rule: its stable id, severity and area. The ids are public (suppression comments, SARIF,
 * the Studio): never rename one; retire it instead. An error makes the IDS invalid (the server
 * refuses it, a check reports it invalid); a warning or an info does not. Each rule has a summary
 * (`lint.summary.<id>`) and messages (`lint.<id>…`) in messages.en.json, and a row in LINT.md.
 */
import type { Severity } from './diagnostic';

export type RuleArea =
  | 'document'
  | 'specification'
  | 'entity'
  | 'attribute'
  | 'property'
  | 'value'
  | 'pattern'
  | 'partOf'
  | 'suppression';

export interface RuleMeta {
  readonly severity: Severity;
  readonly area: RuleArea;
  /** Its quick fixes: 'safe' ones `--fix` applies, 'suggestion' ones a person picks; none when absent. */
  readonly fix?: 'safe' | 'suggestion' | 'both';
}

export const RULES = {
  // The document as a whole.
  'xml-malformed': { severity: 'error', area: 'document' },
  'xsd-invalid': { severity: 'error', area: 'document' },
  'ids-structure': { severity: 'error', area: 'document' },
  // Specifications.
  'ifc-version-missing': { severity: 'error', area: 'specification', fix: 'suggestion' },
  'ifc-version-unknown': { severity: 'error', area: 'specification', fix: 'both' },
  'ifc-version-duplicate': { severity: 'warning', area: 'specification', fix: 'safe' },
  'spec-prohibited-with-requirements': { severity: 'error', area: 'specification', fix: 'suggestion' },
  'spec-duplicate': { severity: 'warning', area: 'specification', fix: 'suggestion' },
  'spec-duplicate-name': { severity: 'warning', area: 'specification' },
  'spec-duplicate-identifier': { severity: 'warning', area: 'specification' },
  'spec-never-applies': { severity: 'warning', area: 'specification' },
  'spec-checks-nothing': { severity: 'warning', area: 'specification' },
  'applicability-without-entity': { severity: 'info', area: 'specification' },
  'facet-duplicate': { severity: 'warning', area: 'specification', fix: 'safe' },
  'facet-always-passes': { severity: 'warning', area: 'specification', fix: 'suggestion' },
  'requirement-entity-mismatch': { severity: 'error', area: 'specification' },
  'requirement-predefined-type-mismatch': { severity: 'error', area: 'specification' },
  'requirement-contradicts-applicability': { severity: 'warning', area: 'specification' },
  // Entities and predefined types.
  'entity-unknown': { severity: 'error', area: 'entity', fix: 'both' },
  'entity-not-uppercase': { severity: 'error', area: 'entity', fix: 'safe' },
  'entity-pattern-matches-none': { severity: 'error', area: 'entity' },
  'entity-abstract': { severity: 'warning', area: 'entity' },
  'entity-deprecated': { severity: 'warning', area: 'entity', fix: 'suggestion' },
  'predefined-type-not-applicable': { severity: 'error', area: 'entity' },
  'predefined-type-unknown': { severity: 'warning', area: 'entity', fix: 'both' },
  'predefined-type-deprecated': { severity: 'warning', area: 'entity' },
  // Attributes.
  'attribute-unknown': { severity: 'error', area: 'attribute', fix: 'both' },
  'attribute-derived': { severity: 'error', area: 'attribute' },
  'attribute-never-present': { severity: 'warning', area: 'attribute', fix: 'both' },
  'attribute-value-not-comparable': { severity: 'error', area: 'attribute' },
  'attribute-deprecated': { severity: 'warning', area: 'attribute' },
  // Properties.
  'pset-reserved-prefix': { severity: 'warning', area: 'property', fix: 'both' },
  'pset-not-applicable': { severity: 'warning', area: 'property' },
  'property-unknown': { severity: 'warning', area: 'property', fix: 'both' },
  'property-deprecated': { severity: 'warning', area: 'property' },
  'datatype-unknown': { severity: 'error', area: 'property', fix: 'both' },
  'datatype-not-uppercase': { severity: 'error', area: 'property', fix: 'safe' },
  'datatype-mismatch': { severity: 'warning', area: 'property', fix: 'safe' },
  'datatype-missing': { severity: 'info', area: 'property', fix: 'suggestion' },
  'value-not-in-standard-enumeration': { severity: 'warning', area: 'property', fix: 'both' },
  'measure-not-si': { severity: 'info', area: 'property' },
  // Values and restrictions.
  'value-type-mismatch': { severity: 'error', area: 'value' },
  'value-empty': { severity: 'warning', area: 'value' },
  'value-whitespace': { severity: 'warning', area: 'value', fix: 'safe' },
  'restriction-base-unknown': { severity: 'error', area: 'value' },
  'restriction-base-mismatch': { severity: 'warning', area: 'value', fix: 'safe' },
  'restriction-facet-not-for-base': { severity: 'warning', area: 'value' },
  'restriction-empty': { severity: 'warning', area: 'value' },
  'bound-not-number': { severity: 'error', area: 'value' },
  'bounds-contradictory': { severity: 'error', area: 'value' },
  'length-invalid': { severity: 'error', area: 'value' },
  'length-contradictory': { severity: 'error', area: 'value' },
  'enumeration-duplicate': { severity: 'warning', area: 'value', fix: 'safe' },
  'enumeration-case-or-space': { severity: 'warning', area: 'value' },
  'enumeration-single': { severity: 'info', area: 'value', fix: 'safe' },
  'enumeration-large': { severity: 'info', area: 'value', fix: 'suggestion' },
  'uri-invalid': { severity: 'warning', area: 'value' },
  // Patterns (XSD regular expressions).
  'pattern-invalid': { severity: 'error', area: 'pattern' },
  'pattern-on-non-string': { severity: 'error', area: 'pattern' },
  'pattern-lookaround': { severity: 'error', area: 'pattern' },
  'pattern-lazy-quantifier': { severity: 'error', area: 'pattern', fix: 'safe' },
  'pattern-backreference': { severity: 'error', area: 'pattern' },
  'pattern-anchor': { severity: 'warning', area: 'pattern', fix: 'safe' },
  'pattern-unicode-digit': { severity: 'warning', area: 'pattern', fix: 'safe' },
  'pattern-word-class': { severity: 'warning', area: 'pattern' },
  // partOf.
  'partof-relation-entity': { severity: 'warning', area: 'partOf' },
  // Suppression comments.
  'suppression-without-reason': { severity: 'warning', area: 'suppression' },
  'suppression-unknown-rule': { severity: 'warning', area: 'suppression' },
  'suppression-of-error': { severity: 'warning', area: 'suppression' },
  'suppression-unused': { severity: 'info', area: 'suppression' },
} as const satisfies Record<string, RuleMeta>;

export type RuleId = keyof typeof RULES;

export const RULE_IDS = Object.keys(RULES) as RuleId[];

export function isRuleId(id: string): id is RuleId {
  return Object.hasOwn(RULES, id);
}
