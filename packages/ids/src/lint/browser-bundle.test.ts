/** The linter's entry bundles for the browser: nothing it reaches imports a Node module. */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the linter in a browser', { timeout: 120_000 }, () => {
  it('bundles src/lint/index.ts for the browser with no Node module', async () => {
    const result = await build({
      entryPoints: [new URL('./index.ts', import.meta.url).pathname],
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
    expect(inputs.some((i) => i.includes('node:'))).toBe(false);
    expect(inputs.some((i) => i.endsWith('lint/lint.ts'))).toBe(true);
    const js = result.outputFiles[0]?.text ?? '';
    expect(js).not.toMatch(/from ["']node:/);
  });
});
