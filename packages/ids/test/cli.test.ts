/**
 * The command line's own behaviour (arguments, formats, exit codes, files), with the engine
 * replaced by hand-built reports. cli-engine.test.ts and cli-malformed.test.ts run the real engine.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IfcReadError } from '@plumbline/ifc';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runCli, USAGE } from '../src/cli';
import { DEFAULT_MAX_IDS_MB, maxIdsBytes, setMaxIdsMb } from '../src/ids-size-limit';
import { failingReport, invalidReport, manyFailuresReport, passingReport } from '../src/report/fixtures';
import { formatJsonReport } from '../src/report/json';
import { JSON_CHUNK_BYTES } from '../src/report/json-stream';
import type { CheckReport } from '../src/results';
import { captureIo } from './cli-io';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plumbline-cli-'));
  writeFileSync(join(dir, 'model.ifc'), 'ISO-10303-21;\n');
  writeFileSync(join(dir, 'spec.ids'), '<ids/>\n');
  writeFileSync(join(dir, 'empty.ids'), '');
});

const returning = (report: CheckReport) => ({ checkFiles: async () => report });
const throwing = (error: Error) => ({
  checkFiles: async () => {
    throw error;
  },
});

async function cli(args: string[], engine = returning(failingReport), io = captureIo({ cwd: dir })) {
  const code = await runCli(args, io, engine);
  return { code, out: io.out(), err: io.err(), bytes: io.outBytes() };
}

describe('plumbline check: exit codes', () => {
  it('0 when every specification passes, 1 when any fails', async () => {
    expect((await cli(['check', 'model.ifc', 'spec.ids'], returning(passingReport))).code).toBe(EXIT.pass);
    const failing = await cli(['check', 'model.ifc', 'spec.ids']);
    expect(failing.code).toBe(1);
    expect(failing.out).toContain('Result: FAIL');
  });

  it('2 for an invalid IDS, with the problems in the report and a line on stderr', async () => {
    const result = await cli(['check', 'model.ifc', 'spec.ids'], returning(invalidReport));
    expect(result.code).toBe(2);
    expect(result.out).toContain('line 14:9');
    expect(result.err).toContain('the IDS file spec.ids is invalid (2 problems); nothing was checked');
  });

  it('2 for a missing, empty or oversized IDS file, before the engine runs', async () => {
    const never = throwing(new Error('the engine must not run'));
    const missing = await cli(['check', 'model.ifc', 'nope.ids'], never);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.err).toMatch(/the IDS file .*nope\.ids does not exist/);
    expect((await cli(['check', 'model.ifc', 'empty.ids'], never)).err).toContain(
      'the IDS file empty.ids is empty',
    );
    expect((await cli(['check', 'model.ifc', '.'], never)).err).toMatch(/the IDS file \S+ is not a file/);
    const big = join(dir, 'big.ids');
    writeFileSync(big, Buffer.alloc(maxIdsBytes() + 1, 32));
    const oversized = await cli(['check', 'model.ifc', 'big.ids'], never);
    expect(oversized.code).toBe(2);
    const mib = (maxIdsBytes() / 1024 / 1024).toFixed(1);
    expect(oversized.err).toContain(`is ${mib} MiB; the limit is ${mib} MiB`);
  });

  it('--max-ids-mb sets the IDS size limit (1 to 1024 MiB)', async () => {
    const never = throwing(new Error('the engine must not run'));
    try {
      writeFileSync(join(dir, 'two-mib.ids'), Buffer.alloc(2 * 1024 * 1024 + 1, 32));
      const refused = await cli(['check', 'model.ifc', 'two-mib.ids', '--max-ids-mb', '2'], never);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('is 2.0 MiB; the limit is 2.0 MiB');
      for (const bad of ['0', '1025', 'lots']) {
        const usage = await cli(['check', 'model.ifc', 'spec.ids', '--max-ids-mb', bad], never);
        expect(usage.code).toBe(2);
        expect(usage.err).toMatch(/--max-ids-mb needs/);
      }
    } finally {
      setMaxIdsMb(DEFAULT_MAX_IDS_MB);
    }
  });

  it('3 for a missing model or one the reader rejects', async () => {
    const missing = await cli(['check', 'missing.ifc', 'spec.ids']);
    expect(missing.code).toBe(3);
    expect(missing.err).toMatch(/the model .*missing\.ifc does not exist/);
    const rejected = await cli(
      ['check', 'model.ifc', 'spec.ids'],
      throwing(new IfcReadError('malformed', 'unterminated string', 12)),
    );
    expect(rejected.code).toBe(3);
    expect(rejected.err).toContain('cannot read the model model.ifc: line 12: unterminated string');
  });

  it('4 with the stack for an unexpected error', async () => {
    const result = await cli(['check', 'model.ifc', 'spec.ids'], throwing(new TypeError('boom')));
    expect(result.code).toBe(4);
    expect(result.err).toContain('internal error');
    expect(result.err).toContain('TypeError: boom');
  });
});

describe('plumbline: usage', () => {
  it('prints help and the version', async () => {
    const help = await cli(['--help']);
    expect(help).toMatchObject({ code: 0, out: USAGE });
    expect((await cli(['-v'])).out).toMatch(/^plumbline \d+\.\d+\.\d+\n$/);
  });

  it.each([
    [[], 'no command given'],
    [['verify', 'a', 'b'], "unknown command 'verify'"],
    [['check', 'model.ifc'], 'check needs a model (.ifc) and an IDS file (.ids)'],
    [['check', 'a', 'b', 'c'], "unexpected argument 'c'"],
    [['check', 'model.ifc', 'spec.ids', '--format', 'pdf'], "unknown format 'pdf'"],
    [['check', 'model.ifc', 'spec.ids', '--colour'], "Unknown option '--colour'"],
    [
      ['check', 'model.ifc', 'spec.ids', '--max-failures', 'ten'],
      "--max-failures needs a whole number, not 'ten'",
    ],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    const result = await cli(args);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`plumbline: usage: ${message}`);
    expect(result.err).toContain('Usage: plumbline check <model.ifc> <spec.ids> [options]');
    expect(result.out).toBe('');
  });

  it('refuses to write a zip archive to a terminal', async () => {
    const result = await cli(
      ['check', 'model.ifc', 'spec.ids', '-f', 'bcf'],
      undefined,
      captureIo({ cwd: dir, isTTY: true }),
    );
    expect(result.code).toBe(2);
    expect(result.err).toContain('pass --out FILE.bcf');
  });
});

describe('plumbline check: formats and output', () => {
  it('colours the console report only on a terminal without NO_COLOR or --no-color', async () => {
    const tty = () => captureIo({ cwd: dir, isTTY: true });
    expect((await cli(['check', 'model.ifc', 'spec.ids'], undefined, tty())).out).toContain('\u001b[');
    expect((await cli(['check', 'model.ifc', 'spec.ids', '--no-color'], undefined, tty())).out).not.toContain(
      '\u001b[',
    );
    const noColor = captureIo({ cwd: dir, isTTY: true, env: { NO_COLOR: '1' } });
    expect((await cli(['check', 'model.ifc', 'spec.ids'], undefined, noColor)).out).not.toContain('\u001b[');
    expect((await cli(['check', 'model.ifc', 'spec.ids'])).out).not.toContain('\u001b[');
  });

  it('writes JSON to stdout', async () => {
    const result = await cli(['check', 'model.ifc', 'spec.ids', '--format', 'json']);
    expect(JSON.parse(result.out)).toMatchObject({ reportVersion: 1, status: 'fail' });
  });

  it('streams a large JSON report to stdout and to --out in chunks, the same bytes as one string', async () => {
    // About 2.3 MB of JSON: three chunks of JSON_CHUNK_BYTES (1 MiB), the last one shorter.
    const report = manyFailuresReport(5000);
    const io = captureIo({ cwd: dir });
    const writes: number[] = [];
    const spied = {
      ...io,
      stdout: {
        write: (chunk: string | Uint8Array) => {
          writes.push(chunk.length);
          return io.stdout.write(chunk);
        },
      },
    };
    expect(await runCli(['check', 'model.ifc', 'spec.ids', '-f', 'json'], spied, returning(report))).toBe(1);
    const expected = formatJsonReport(report);
    expect(io.out()).toBe(expected);
    expect(writes.length).toBeGreaterThan(1);
    expect(writes.length).toBe(Math.ceil(Buffer.byteLength(expected) / JSON_CHUNK_BYTES));
    expect(Math.max(...writes)).toBeLessThanOrEqual(JSON_CHUNK_BYTES);

    const file = await cli(['check', 'model.ifc', 'spec.ids', '-o', 'large.json'], returning(report));
    expect(file.code).toBe(1);
    expect(readFileSync(join(dir, 'large.json'), 'utf8')).toBe(formatJsonReport(report));
  });

  it('takes the format from the extension of --out and writes the file', async () => {
    const html = await cli(['check', 'model.ifc', 'spec.ids', '--out', 'report.html']);
    expect(html.code).toBe(1);
    expect(html.out).toBe('');
    expect(html.err).toContain('wrote html report to report.html (FAIL: 2 of 4 specifications passed)');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);

    const bcf = await cli(['check', 'model.ifc', 'spec.ids', '-o', 'issues.bcf']);
    expect(bcf.code).toBe(1);
    const files = unzipSync(readFileSync(join(dir, 'issues.bcf')));
    expect(new TextDecoder().decode(files['bcf.version'])).toContain('VersionId="2.1"');

    await cli(['check', 'model.ifc', 'spec.ids', '-o', 'report.txt', '--max-failures', '1']);
    const text = readFileSync(join(dir, 'report.txt'), 'utf8');
    expect(text).toContain('… and 2 more failing elements');
    expect(text).not.toContain('\u001b[');
  });

  it('writes BCF bytes to a redirected stdout, in the version --bcf-version asks for', async () => {
    const result = await cli(['check', 'model.ifc', 'spec.ids', '--format', 'bcf', '--bcf-version', '3.0']);
    expect(Object.keys(unzipSync(result.bytes))).toContain('extensions.xml');
    const v21 = await cli(['check', 'model.ifc', 'spec.ids', '--format', 'bcf', '--bcf-version', '2.1']);
    expect(Object.keys(unzipSync(v21.bytes))).not.toContain('extensions.xml');
  });

  it('refuses an unknown BCF version, topic grouping or cap', async () => {
    for (const args of [
      ['--bcf-version', '2.0'],
      ['--bcf-topics', 'storey'],
      ['--bcf-max-topics', '1'],
      ['--bcf-max-topics', '32767'],
    ]) {
      const result = await cli(['check', 'model.ifc', 'spec.ids', '-o', 'x.bcf', ...args]);
      expect(result.code).toBe(2);
    }
  });

  it('caps the BCF as asked, keeps a topic per failing specification and says what was left out', async () => {
    const result = await cli([
      'check',
      'model.ifc',
      'spec.ids',
      '-o',
      'capped.bcf',
      '--bcf-topics',
      'element',
      '--bcf-max-topics',
      '2',
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /the BCF holds 2 topics \(cap 2\); \d+ more covering \d+ failing elements were left out/,
    );
    const markups = Object.entries(unzipSync(readFileSync(join(dir, 'capped.bcf'))))
      .filter(([name]) => name.endsWith('/markup.bcf'))
      .map(([, data]) => new TextDecoder().decode(data));
    expect(markups.some((text) => text.includes('--bcf-max-topics'))).toBe(true);
  });

  it('exits 2 when the output file cannot be written', async () => {
    const result = await cli(['check', 'model.ifc', 'spec.ids', '--out', 'no-such-dir/report.json']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/cannot write the report to .*no-such-dir\/report\.json \(ENOENT\)/);
  });

  it('does not write a BCF for an invalid IDS and lists the problems on stderr', async () => {
    const result = await cli(['check', 'model.ifc', 'spec.ids', '-o', 'x.bcf'], returning(invalidReport));
    expect(result.code).toBe(2);
    expect(result.err).toContain('line 14:9');
    expect(() => readFileSync(join(dir, 'x.bcf'))).toThrow();
  });
});
