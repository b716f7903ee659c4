// The acc module as other modules see it: only what they use. Everything else in modules/acc/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { toAvailableAccItem } from './available';
export type { AccService } from './service';
