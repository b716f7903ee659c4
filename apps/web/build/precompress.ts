import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets a browser loads (not source maps, which only devtools read); images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.wasm']);
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside every compressible file of `dir` (recursively), for the server's
 * static handler to send to browsers that accept them (`preCompressed`). Returns the files written.
 */
export function precompressDirectory(dir: string): string[] {
  const written: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      written.push(...precompressDirectory(path));
      continue;
    }
    if (!COMPRESSIBLE.has(extname(entry))) continue;
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 10,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    );
    written.push(`${path}.gz`, `${path}.br`);
  }
  return written;
}

/** Vite plugin: precompresses the build output once it is written. */
export function precompress(outDir: string): Plugin {
  return {
    name: 'plumbline-precompress',
    apply: 'build',
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}
