/**
 * The package's browser entries (the IDS Studio's edit model and linter run in the page) bundle for
 * the browser: nothing they reach imports a Node module.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entries = [
  // The schema tables are not part of the edit model (the page loads them from the server when needed).
  { entry: 'edit/index.ts', includes: 'edit/ids-edit.ts', excludes: 'schema/generated' },
  { entry: 'lint/index.ts', includes: 'lint/lint.ts', excludes: null },
];

describe('browser entries', { timeout: 120_000 }, () => {
  it.each(entries)('bundles src/$entry for the browser with no Node module', async (e) => {
    const result = await build({
      entryPoints: [new URL(`./${e.entry}`, import.meta.url).pathname],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      conditions: ['source'],
      logLevel: 'silent',
      metafile: true,
    });
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((i) => i.includes('node:'))).toEqual([]);
    expect(inputs.some((i) => i.endsWith(e.includes))).toBe(true);
    if (e.excludes) expect(inputs.filter((i) => i.includes(e.excludes))).toEqual([]);
    expect(result.outputFiles[0]?.text ?? '').not.toMatch(/from ["']node:/);
  });
});
