// The storage module as other modules see it: only what they use. Everything else in modules/storage/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { storageKeys } from './keys';
export { adoptModel, discardStaged, releaseModels, type StagedModel, stageModel } from './models';
export { readAll } from './read-all';
