// The validity module as other modules see it.
export { loadValidityEvidence } from './evidence';
export { readsProperties, type ValidityEvidence, verdictMarks } from './marks';
export { createValidityService, type ValidityService } from './service';
