let settle: () => void = () => {};

/**
 * Settles once the entry has run the page's preloaded code, one chunk per task (main.tsx, decision
 * 0441). The dashboard's and the demo's routes wait for it before importing their code: imported
 * earlier, the route's chunks that the entry had not run yet would all run in the route's one task.
 */
export const pageCodeRun = new Promise<void>((resolve) => {
  settle = resolve;
});

export function pageCodeHasRun(): void {
  settle();
}
