// The ratelimit module as other modules see it: only what they use. Everything else in modules/ratelimit/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export type { RateCounter } from './counter';
