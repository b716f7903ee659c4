// The audit module as other modules see it: only what they use. Everything else in modules/audit/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).

export { canonicalJson } from './chain';
export { type AuditEvent, type AuditRecorder, createAuditRecorder } from './service';
