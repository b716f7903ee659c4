import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** ../shared beside the repository (DESIGN.md); tests that need it skip with a message when absent. */
export const sharedDir = fileURLToPath(new URL('../../../../../shared', import.meta.url));

export function sharedFile(relative: string): Buffer | null {
  const path = `${sharedDir}/${relative}`;
  if (!existsSync(path)) {
    console.warn(`skipping: ${path} is missing (the shared sample data is not beside the repository)`);
    return null;
  }
  return readFileSync(path);
}
