// The validity module as other modules see it.
export { createValidityService, type ValidityService } from './service';
