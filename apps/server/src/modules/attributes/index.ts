// The attributes module as other modules see it: only what they use. Everything else in modules/attributes/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { type AttributeService, createAttributeService } from './service';
