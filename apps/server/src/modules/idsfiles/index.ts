// The idsfiles module as other modules see it: only what they use. Everything else in modules/idsfiles/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { type StoredFacet, toStoredFacet } from './facets';
export { readIdsUpload } from './read-ids';
export { insertIdsFile } from './repo';
