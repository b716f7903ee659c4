/**
 * bin/plumbline.js as a user runs it: a separate Node process on the bundled dist/cli.js.
 * The built-CLI tests skip when `npm run build` has not produced dist/cli.js.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const bin = join(packageDir, 'bin/plumbline.js');
const built = existsSync(join(packageDir, 'dist/cli.js'));
const examples = join(packageDir, '../../../shared/ids-examples');
const haveExample = existsSync(join(examples, 'IDS_wooden-windows.ids'));

function plumbline(script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('bin/plumbline.js', { timeout: 60_000 }, () => {
  it('asks for a build when dist/cli.js is missing', () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'plumbline-bin-')), 'bin');
    mkdirSync(copy);
    copyFileSync(bin, join(copy, 'plumbline.js'));
    const result = plumbline(join(copy, 'plumbline.js'), '--help');
    expect(result.code).toBe(4);
    expect(result.err).toContain('run `npm run build` first');
  });

  it.skipIf(!built)('prints the usage from the built CLI', () => {
    const result = plumbline(bin, '--help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Usage: plumbline check <model.ifc> <spec.ids> [options]');
  });

  it.skipIf(!built || !haveExample)('checks the wooden-windows example and exits 1', () => {
    const result = plumbline(
      bin,
      'check',
      join(examples, 'IDS_wooden-windows_IFC.ifc'),
      join(examples, 'IDS_wooden-windows.ids'),
      '--format',
      'json',
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.out)).toMatchObject({ reportVersion: 1, status: 'fail' });
  });

  it.skipIf(!built || !haveExample)(
    'ends quietly when the reader closes the pipe early (| head)',
    async () => {
      const child = spawn(process.execPath, [
        bin,
        'check',
        join(examples, 'IDS_wooden-windows_IFC.ifc'),
        join(examples, 'IDS_wooden-windows.ids'),
        '--max-failures',
        '1000',
      ]);
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      // Close the read end before the report is written: the write then fails with EPIPE.
      child.stdout.destroy();
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(stderr).not.toContain('EPIPE');
      expect(code).toBe(1);
    },
  );
});
