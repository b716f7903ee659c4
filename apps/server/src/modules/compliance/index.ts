// The compliance module as other modules see it: only what they use. Everything else in modules/compliance/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).

export { type CheckedSpecificationRow, checkedSpecifications } from './checked-specifications';
export {
  asFacetFailure,
  facetOfStored,
  facetSummaryOf,
  type StoredFailure,
  storedFailureText,
  wordsFor,
} from './failure-text';
export { idsComplianceOf, sumRanks } from './figures';
export { elementStatusCounts, listActiveSpecifications, writeComplianceSummaries } from './repo';
export { type ComplianceService, createComplianceService } from './service';
export { STATUS_BY_RANK, STATUS_RANK, statusRankSql, unwaivedFailureSql, waivedSql } from './status';
