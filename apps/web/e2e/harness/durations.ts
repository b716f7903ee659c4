// Seconds each e2e file took in a measured run, written by scripts/e2e-durations.mjs: the sequencer
// (sequencer.ts) starts the longest first. A file missing here runs first; stale figures only cost balance.
export const FILE_SECONDS: Record<string, number> = {};
