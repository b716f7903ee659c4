import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a model's bytes are stored (decision 0424): under their SHA-256, computed here from the bytes
 * themselves, not by the code under test.
 */
export function modelObjectKey(bytes: Uint8Array): string {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return `models/sha256/${sha256.slice(0, 2)}/${sha256}.ifc`;
}

/** Every file under `dir` (a local storage root), as slash-separated paths relative to it. */
export function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string, prefix: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(join(at, entry.name), path);
      else found.push(path);
    }
  };
  walk(dir, '');
  return found;
}
