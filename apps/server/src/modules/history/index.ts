// The history module as other modules see it: only what they use. Everything else in modules/history/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).

export type {
  ChangedElements,
  CompareTaskInput,
  CompareTaskOutput,
  SpecificationSummary,
} from './compare-task';
export {
  CHANGE_KIND_CODE,
  type ComparisonHeader,
  type ComparisonRows,
  comparisonRows,
  type FindingChangeColumns,
} from './comparison-rows';
export { type CheckedSpecificationRow, type CurrentCheck, currentFindings } from './current-findings';
export {
  announceComparison,
  type ComparisonStoredPayload,
  comparisonStoredJob,
  type RecomparePayload,
  recompareJob,
} from './jobs';
export { loadVersionData } from './load';
export { historyRoutes } from './routes';
export { createHistoryService, type HistoryService } from './service';
export { latestChanges } from './stored-comparison';
export {
  type StoredSpecification,
  type StoredVersionData,
  storedFindings,
  storedSignatures,
  transfersOfData,
} from './stored-version';
