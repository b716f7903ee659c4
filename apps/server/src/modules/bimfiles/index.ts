// The bimfiles module as other modules see it: only what they use. Everything else in modules/bimfiles/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export {
  type CheckedVersion,
  findCheckedVersion,
  requireCheckedVersion,
  type VersionAddress,
} from './checked-version';
export { processBimFileJob, queueProcessing } from './jobs';
export {
  type BimFileSummaryRow,
  insertFileVersion,
  listProjectBimFiles,
  resolveFileVersion,
  upsertBimFileByName,
  type VersionRow,
} from './repo';
export { contentDisposition, sendAttachment } from './routes';
export {
  cleanFileName,
  formatBytes,
  toBimFileDto,
  versionFailureOf,
  versionFailureText,
} from './service';
