// The idsfiles module as other modules see it: only what they use. Everything else in modules/idsfiles/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { toStoredFacet } from './facets';
export { readIdsUpload, toSpecificationRow } from './read-ids';
export { insertIdsFile } from './repo';
