// The waivers module as other modules see it: only what they use. Everything else in modules/waivers/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).

export { applyToProcessedVersion } from './apply';
export { expireDueWaivers } from './expire';
export { expireWaiversJob } from './jobs';
export { activeWaiversForReport, type ReportWaiver } from './report';
export { auditNeedsReview } from './review-audit';
export { waiverRoutes } from './routes';
export { createWaiverService, type WaiverService } from './service';
