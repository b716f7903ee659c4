// The ai module as other modules see it: only what they use. Everything else in modules/ai/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export type { ModelTarget } from './model-chat';
export { type AiService, createAiService } from './service';
