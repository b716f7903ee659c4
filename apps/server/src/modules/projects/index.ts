// The projects module as other modules see it: only what they use. Everything else in modules/projects/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export {
  type ProjectAccess,
  requireProjectPermission,
  requireProjectReader,
  requireProjectRole,
} from './access';
export { createKeptAnswers, type KeptAnswers, sendJson } from './kept-answers';
export { findActiveProject, insertMembership, insertProject, type ProjectRow } from './repo';
