// The auth module as other modules see it: only what they use. Everything else in modules/auth/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { toUserDto } from './service';
