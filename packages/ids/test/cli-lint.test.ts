/**
 * `plumbline lint` in-process: exit codes (0 clean, 1 warnings only, 2 errors), the JSON shape, SARIF
 * 2.1.0 valid against its published JSON schema (as shipped in @microsoft/jest-sarif, the OASIS
 * 2.1.0 schema of sarif-js-sdk), --fix rewriting the file in place into one that passes the XSD and
 * reads back the same through writeIds, and `plumbline check` listing the lint errors of an IDS it
 * refuses.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import type { IdsDocument } from '../src/document';
import { parseIds } from '../src/parse-ids';
import { entity, ids, pattern, spec, sv } from '../src/testing/ids-xml';
import { validateIds } from '../src/validate-ids';
import { writeIds } from '../src/write/write-ids';
import { captureIo } from './cli-io';

const clean = ids(
  spec({
    applicability: entity('IFCWALL'),
    requirements: `<attribute><name>${sv('Name')}</name></attribute>`,
  }),
);
const warnings = ids(
  spec({
    applicability: entity('IFCWALL'),
    requirements: `<attribute><name>${sv('Name')}</name><value>${pattern('^W\\d+$')}</value></attribute>`,
  }),
);
const errors = ids(
  spec({
    applicability: entity('IFCWAL'),
    requirements: `<attribute><name>${sv('Name')}</name></attribute>`,
  }),
);
/** Only safely fixable findings: a misspelt class, a lower-case dataType, a duplicate value, a \d. */
const fixable = ids(
  spec({
    applicability: entity('IFCDOR'),
    requirements:
      `<property dataType="IfcLabel"><propertySet>${sv('Pset_DoorCommon')}</propertySet><baseName>${sv('FireRating')}</baseName>` +
      `<value><xs:restriction base="xs:string"><xs:enumeration value="EI30"/><xs:enumeration value="EI30"/><xs:enumeration value="EI60"/></xs:restriction></value></property>` +
      `<attribute><name>${sv('Name')}</name><value>${pattern('D\\d{2}')}</value></attribute>`,
  }),
);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plumbline-lint-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function lint(text: string, ...options: string[]) {
  const file = `f${Math.random().toString(36).slice(2)}.ids`;
  writeFileSync(join(dir, file), text);
  const io = captureIo({ cwd: dir });
  const code = await runCli(['lint', file, ...options], io);
  return { code, out: io.out(), err: io.err(), file, path: join(dir, file) };
}

function comparable(doc: IdsDocument): unknown {
  return JSON.parse(
    JSON.stringify(doc, (key, value) =>
      key === 'location' || key === 'line' || key === 'column' ? undefined : value,
    ),
  );
}

describe('plumbline lint', { timeout: 120_000 }, () => {
  it('exits 0 on a clean file, 1 with warnings only, 2 with errors', async () => {
    expect((await lint(clean)).code).toBe(0);
    const warned = await lint(warnings);
    expect(warned.code).toBe(1);
    expect(warned.out).toMatch(/:\d+:\d+: warning pattern-anchor: /);
    const failed = await lint(errors);
    expect(failed.code).toBe(2);
    expect(failed.out).toMatch(
      /: error entity-unknown: "IFCWAL" is not an entity of IFC4; did you mean IFCWALL/,
    );
  });

  it('prints JSON: diagnostics with rule, severity, message, range and fixes', async () => {
    const { out, code } = await lint(errors, '--format', 'json');
    expect(code).toBe(2);
    const { diagnostics } = JSON.parse(out);
    const d = diagnostics.find((x: { rule: string }) => x.rule === 'entity-unknown');
    expect(d).toMatchObject({
      rule: 'entity-unknown',
      severity: 'error',
      message: expect.stringContaining('IFCWAL'),
      range: {
        start: { line: expect.any(Number), column: expect.any(Number) },
        end: { line: expect.any(Number), column: expect.any(Number) },
      },
    });
    expect(d.fixes[0]).toMatchObject({
      title: 'Replace with IFCWALL',
      safe: true,
      edits: [{ newText: 'IFCWALL' }],
    });
    // The range covers the misspelt name exactly.
    const line = errors.split('\n')[d.range.start.line - 1] as string;
    expect(line.slice(d.range.start.column - 1, d.range.end.column - 1)).toBe('IFCWAL');
  });

  it('prints SARIF 2.1.0 that validates against the published schema', async () => {
    const require = createRequire(import.meta.url);
    const schema = JSON.parse(
      readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
    );
    // The rtm.5 schema's language pattern has a stray ] (fixed by the 2.1.0 errata): compile patterns without the u flag.
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    // The schema is strict enough to fail: a level SARIF does not know and a result without a message.
    expect(
      validate({
        version: '2.1.0',
        runs: [{ tool: { driver: { name: 'x' } }, results: [{ level: 'fatal', message: { text: 'm' } }] }],
      }),
    ).toBe(false);
    expect(
      validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ ruleId: 'r' }] }] }),
    ).toBe(false);
    for (const text of [clean, warnings, errors, fixable]) {
      const { out } = await lint(text, '--format', 'sarif');
      const log = JSON.parse(out);
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
      expect(log.version).toBe('2.1.0');
    }
    const { out, file } = await lint(errors, '-f', 'sarif');
    const result = JSON.parse(out).runs[0].results.find(
      (r: { ruleId: string }) => r.ruleId === 'entity-unknown',
    );
    expect(result.level).toBe('error');
    expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe(file);
    expect(result.fixes[0].artifactChanges[0].replacements[0].insertedContent.text).toBe('IFCWALL');
  });

  it('--fix rewrites the file in place with the safe fixes; the result passes the XSD and reads back the same', async () => {
    const run = await lint(fixable, '--fix');
    const fixed = readFileSync(run.path, 'utf8');
    expect(fixed).toContain('<simpleValue>IFCDOOR</simpleValue>');
    expect(fixed).toContain('dataType="IFCLABEL"');
    expect(fixed).toContain('value="D[0-9]{2}"');
    expect(fixed.match(/value="EI30"/g)).toHaveLength(1);
    expect(run.code).toBe(0);
    expect(await validateIds(fixed)).toEqual([]);
    const doc = parseIds(fixed);
    const written = writeIds(doc);
    expect(comparable(parseIds(written))).toEqual(comparable(doc));
    expect(await validateIds(written)).toEqual([]);
    // Nothing left to fix: a second run leaves the file as it is.
    await runCli(['lint', run.file, '--fix'], captureIo({ cwd: dir }));
    expect(readFileSync(run.path, 'utf8')).toBe(fixed);
  });

  it('answers a wrong command line and a missing file with exit 2', async () => {
    const io = captureIo({ cwd: dir });
    expect(await runCli(['lint'], io)).toBe(2);
    expect(io.err()).toContain('lint needs an IDS file');
    expect((await lint(clean, '--format', 'xml')).code).toBe(2);
    const missing = captureIo({ cwd: dir });
    expect(await runCli(['lint', 'nope.ids'], missing)).toBe(2);
    expect(missing.err()).toContain('does not exist');
  });
});

describe('plumbline check on an IDS it refuses', { timeout: 120_000 }, () => {
  it('lists the lint errors with rule ids and positions', async () => {
    writeFileSync(join(dir, 'bad.ids'), errors);
    writeFileSync(
      join(dir, 'm.ifc'),
      "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('m.ifc','',(''),(''),'','','');\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n#1=IFCWALL('1YvctVUKr0kugbFTf53O9L',$,'W',$,$,$,$,$,$);\nENDSEC;\nEND-ISO-10303-21;\n",
    );
    const io = captureIo({ cwd: dir });
    expect(await runCli(['check', 'm.ifc', 'bad.ids'], io)).toBe(2);
    expect(io.err()).toMatch(/bad\.ids:\d+:\d+: error entity-unknown: "IFCWAL" is not an entity of IFC4/);
  });
});
