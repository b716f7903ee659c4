// The overview module as other modules see it: only what they use. Everything else in modules/overview/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { createOverviewService, type OverviewService } from './service';
export { refreshVersionTotals, versionsCheckedAgainst } from './totals';
