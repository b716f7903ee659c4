// The validity module as other modules see it.
export { type ElementValidity, elementValidity } from './element';
export { loadValidityEvidence, type VerdictKeys } from './evidence';
export { MARKING_RULES, readsProperties, type ValidityEvidence, verdictMarks } from './marks';
export { type StoredValidity, storedValidity } from './report-rows';
export { createValidityService, type ValidityService } from './service';
