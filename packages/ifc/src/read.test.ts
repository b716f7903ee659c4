import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IfcReadError } from './errors';
import { readIfc, readIfcFile } from './read';
import { stepText } from './testing/step-fixture';

const dir = mkdtempSync(join(tmpdir(), 'plumbline-ifc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Writes a file, reads it, and returns the IfcReadError it fails with. How fast is the benchmark's
 * business (machines here are shared); the test's own time limit still catches a hang.
 */
async function failure(name: string, content: Uint8Array | string) {
  const path = join(dir, name);
  writeFileSync(path, content);
  const error = await readIfcFile(path).then(
    () => null,
    (e: unknown) => e,
  );
  rmSync(path);
  expect(error).toBeInstanceOf(IfcReadError);
  return { error: error as IfcReadError };
}

const MB = 1024 * 1024;

describe('malformed input fails with a clear error', () => {
  it('binary garbage: not_step', async () => {
    const garbage = new Uint8Array(5 * MB);
    let seed = 7;
    for (let i = 0; i < garbage.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      garbage[i] = seed >> 16;
    }
    const { error } = await failure('garbage.ifc', garbage);
    expect(error.code).toBe('not_step');
    expect(error.line).toBe(1);
  });

  it('a truncated file: malformed, naming the line of the cut instance', async () => {
    const full = stepText(
      'IFC4',
      "#1=IFCWALL('0abc',$,'Wall',$,$,$,$,$,$);\n#2=IFCPROPERTYSET('1abc',$,'Pset',$,(#3));",
    );
    const cut = full.slice(0, full.indexOf("'Pset'") + 3);
    const { error } = await failure('truncated.ifc', cut);
    expect(error.code).toBe('malformed');
    expect(error.line).toBe(9);
    expect(error.message).toMatch(/line 9: entity instance #2 is not terminated by ';' \(file truncated\?\)/);
  });

  it('a file cut between instances: malformed (no ENDSEC)', async () => {
    const full = stepText('IFC4', '#1=IFCWALL($);\n#2=IFCWALL($);');
    const { error } = await failure('cut.ifc', full.slice(0, full.indexOf('#2=')));
    expect(error.code).toBe('malformed');
    expect(error.message).toMatch(/DATA section is not closed by ENDSEC/);
  });

  it('a 100 MB single-line instance: too_large_line, without a crash', async () => {
    const head = new TextEncoder().encode(`${stepText('IFC4', '').split('ENDSEC;\nEND-ISO')[0]}#1=IFCWALL('`);
    const content = new Uint8Array(head.length + 100 * MB);
    content.set(head);
    content.fill(0x61, head.length);
    const { error } = await failure('one-line.ifc', content);
    expect(error.code).toBe('too_large_line');
    expect(error.message).toMatch(/entity instance #1 is longer than 64 MB/);
  });

  it('a 100 MB single line of text that is not STEP: not_step', async () => {
    const { error } = await failure('text.ifc', 'x'.repeat(100 * MB));
    expect(error.code).toBe('not_step');
  });

  it('an empty file and an empty DATA section: empty', async () => {
    expect((await failure('empty.ifc', '')).error.code).toBe('empty');
    expect(() => readIfc(new TextEncoder().encode(stepText('IFC4', '')))).toThrow(
      expect.objectContaining({ code: 'empty' }),
    );
  });

  it('an unsupported schema: unsupported_schema with the line of FILE_SCHEMA', async () => {
    const { error } = await failure('ifc2x2.ifc', stepText('IFC2X2_FINAL', '#1=IFCWALL($);'));
    expect(error.code).toBe('unsupported_schema');
    expect(error.line).toBe(5);
  });

  it('a bad token inside an instance fails when that instance is read, naming its line', () => {
    const model = readIfc(new TextEncoder().encode(stepText('IFC4', "#1=IFCWALL('g',$,@,$,$,$,$,$,$);")));
    expect(() => model.attributes(1)).toThrow(/line 8: unexpected character '@'/);
  });
});

describe('readIfc', () => {
  it('reads a small file and keeps the file name', () => {
    const model = readIfc(new TextEncoder().encode(stepText('IFC4', "#1=IFCWALL('g',$,'W',$,$,$,$,$,$);")), {
      fileName: 'w.ifc',
    });
    expect(model.fileName).toBe('w.ifc');
    expect(model.schema).toBe('IFC4');
    expect(model.instanceCount).toBe(1);
  });
});
