// The elements module as other modules see it: only what they use. Everything else in modules/elements/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { type ElementRow, findElement } from './repo';
