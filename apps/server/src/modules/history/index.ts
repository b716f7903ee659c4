// The history module as other modules see it: only what they use. Everything else in modules/history/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export {
  CHANGE_KIND_CODE,
  type ComparisonHeader,
  type ComparisonRows,
  comparisonRows,
  type FindingChangeColumns,
} from './comparison-rows';
export { type CheckedSpecificationRow, type CurrentCheck, currentFindings } from './current-findings';
export { loadVersionData } from './load';
export {
  type StoredSpecification,
  type StoredVersionData,
  storedFindings,
  storedSignatures,
  transfersOfData,
} from './stored-version';
export {
  announceComparison,
  type ComparisonStoredPayload,
  comparisonStoredJob,
  type RecomparePayload,
  recompareJob,
} from './jobs';
export {
  type ChangedElements,
  type CompareTaskInput,
  type CompareTaskOutput,
  type SpecificationSummary,
} from './compare-task';
export { historyRoutes } from './routes';
export { createHistoryService, type HistoryService } from './service';
