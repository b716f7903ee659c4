// The processing module as other modules see it: only what they use. Everything else in modules/processing/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { queueRechecks } from './queue-rechecks';
