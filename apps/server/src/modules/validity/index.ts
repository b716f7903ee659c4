// The validity module as other modules see it.
export { loadValidityEvidence, type VerdictKeys } from './evidence';
export { MARKING_RULES, readsProperties, type ValidityEvidence, verdictMarks } from './marks';
export { createValidityService, type ValidityService } from './service';
