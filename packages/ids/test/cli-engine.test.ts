/**
 * The CLI end to end on the real engine and a real model (the buildingSMART wooden-windows example:
 * an IDS with its matching IFC), in every format.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './cli-io';
import { reportSchemaErrors } from './report-schema';

const examples = join(import.meta.dirname, '../../../../shared/ids-examples');
const model = join(examples, 'IDS_wooden-windows_IFC.ifc');
const ids = join(examples, 'IDS_wooden-windows.ids');
const haveExample = existsSync(model) && existsSync(ids);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plumbline-engine-'));
});

async function run(...extra: string[]) {
  const io = captureIo({ cwd: dir });
  const code = await runCli(['check', model, ids, ...extra], io);
  return { code, out: io.out(), err: io.err() };
}

describe.skipIf(!haveExample)('plumbline check on the wooden-windows example', { timeout: 60_000 }, () => {
  it('prints a console report and exits 1 (the example model fails some specifications)', async () => {
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.err).toBe('');
    expect(result.out).toContain('IDS    Wooden Windows (IDS_wooden-windows.ids)');
    expect(result.out).toMatch(/✔ PASS {2}Deur\n/);
    expect(result.out).toMatch(/✘ FAIL {2}Raam\n/);
    expect(result.out).toMatch(/Result: FAIL {2}\d+ of \d+ specifications passed/);
  });

  it('writes JSON that conforms to report-schema.json and agrees with the console', async () => {
    const result = await run('--format', 'json');
    const json = JSON.parse(result.out);
    expect(reportSchemaErrors(json)).toEqual([]);
    expect(json.status).toBe('fail');
    expect(json.model).toEqual({ fileName: 'IDS_wooden-windows_IFC.ifc', schema: 'IFC2X3' });
    const failing = json.specifications.filter((spec: { status: string }) => spec.status === 'fail');
    expect(failing.length).toBeGreaterThan(0);
    for (const spec of failing) {
      expect(spec.failed).toBe(spec.failingElements.length);
      for (const element of spec.failingElements)
        expect(element.failures[0].reason.length).toBeGreaterThan(0);
    }
  });

  it('writes German headings and reasons with --lang de (plumbline check model.ifc rules.ids --lang de --format html)', async () => {
    const result = await run('--lang', 'de', '--format', 'html');
    expect(result.code).toBe(1);
    const html = result.out;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<span>IDS-Prüfbericht</span>');
    expect(html).toContain('<h2 id="failing-elements">Fehlerhafte Bauteile</h2>');
    expect(html).toContain('<h2>Details der Spezifikationen</h2>');
    expect(html).toContain('<th>Spezifikation</th><th>Status</th>');
    // The English report's reason for the first failing window member, and the same in German.
    const english = JSON.parse((await run('--format', 'json')).out);
    const reasons = english.specifications.flatMap(
      (spec: { failingElements: { failures: { reason: string }[] }[] }) =>
        spec.failingElements.flatMap((element) => element.failures.map((failure) => failure.reason)),
    );
    expect(reasons).toContain(
      'is classified as Uniformat 31.20; expected classification in system "Custom" with reference matching pattern 3[1-2]\\.[0-9][0-9]',
    );
    expect(html).toContain(
      'ist klassifiziert als Uniformat 31.20; erwartet: Klassifikation im System &quot;Custom&quot; mit Referenz nach Muster 3[1-2]\\.[0-9][0-9]',
    );
    expect(html).not.toContain('is classified as');
  });

  it('refuses a language it does not speak', async () => {
    const result = await run('--lang', 'es');
    expect(result.code).toBe(2);
    expect(result.err).toContain("unknown language 'es'; choose one of en, de, fr, nl");
  });

  it('writes an HTML file and a BCF archive with one topic per failing element', async () => {
    expect((await run('-o', 'report.html')).code).toBe(1);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<h1>Wooden Windows</h1>');

    const json = JSON.parse((await run('--format', 'json')).out);
    const failures = json.specifications.reduce(
      (sum: number, spec: { failingElements: unknown[] }) => sum + spec.failingElements.length,
      0,
    );
    expect((await run('-o', 'issues.bcf', '--bcf-topics', 'element')).code).toBe(1);
    const files = Object.keys(unzipSync(readFileSync(join(dir, 'issues.bcf'))));
    expect(files.filter((name) => name.endsWith('/markup.bcf'))).toHaveLength(failures);
    expect(files.filter((name) => name.endsWith('/viewpoint.bcfv'))).toHaveLength(failures);
  });

  it('keeps the same topic GUIDs on a rerun', async () => {
    await run('-o', 'a.bcf');
    await run('-o', 'b.bcf');
    const topics = (name: string) =>
      Object.keys(unzipSync(readFileSync(join(dir, name))))
        .filter((file) => file.endsWith('/markup.bcf'))
        .sort();
    expect(topics('b.bcf')).toEqual(topics('a.bcf'));
  });
});
