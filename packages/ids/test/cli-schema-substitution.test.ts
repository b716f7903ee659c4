/**
 * A model whose FILE_SCHEMA is an IFC 4.3 release candidate is checked as IFC4X3_ADD2, and every
 * report format says so and why (issue 14): console, JSON (valid against report-schema.json) and HTML.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stepText } from '@plumbline/ifc/testing/step-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { entity, ids, spec, sv } from '../src/testing/ids-xml';
import { captureIo } from './cli-io';
import { reportSchemaErrors } from './report-schema';

const IDS = ids(
  spec({
    name: 'Walls have a name',
    ifcVersion: 'IFC4X3_ADD2',
    occurs: 'minOccurs="1" maxOccurs="unbounded"',
    applicability: entity('IFCWALL'),
    requirements: `<attribute><name>${sv('Name')}</name></attribute>`,
  }),
);
const WALL = "#1=IFCWALL('1YvctVUKr0kugbFTf53O9L',$,'W',$,$,$,$,$,$);";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plumbline-rc-'));
  writeFileSync(join(dir, 'walls.ids'), IDS);
  writeFileSync(join(dir, 'rc4.ifc'), stepText('IFC4X3_RC4', WALL));
  writeFileSync(join(dir, 'add2.ifc'), stepText('IFC4X3_ADD2', WALL));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function check(model: string, ...options: string[]) {
  const io = captureIo({ cwd: dir });
  const code = await runCli(['check', model, 'walls.ids', ...options], io);
  return { code, out: io.out(), err: io.err() };
}

describe('a model written as IFC4X3_RC4', () => {
  it('is checked, and the console report says it was read as IFC4X3_ADD2 and why', async () => {
    const result = await check('rc4.ifc');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('rc4.ifc (IFC4X3_ADD2)');
    expect(result.out).toMatch(
      /Note {3}FILE_SCHEMA IFC4X3_RC4 was read as IFC4X3_ADD2: IFC4X3_RC4 is a release candidate/,
    );
  });

  it('the JSON report carries the substitution as data, valid against report-schema.json', async () => {
    const result = await check('rc4.ifc', '--format', 'json');
    const report = JSON.parse(result.out);
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.model).toMatchObject({
      schema: 'IFC4X3_ADD2',
      schemaSubstitution: {
        written: 'IFC4X3_RC4',
        readAs: 'IFC4X3_ADD2',
        reason: 'ifc4x3_release_candidate',
      },
    });
    expect(report.model.schemaSubstitution.note).toContain('release candidate of IFC 4.3');
  });

  it('the HTML report shows the note beside the schema', async () => {
    const result = await check('rc4.ifc', '--format', 'html');
    expect(result.out).toContain('Schema note: <b>FILE_SCHEMA IFC4X3_RC4 was read as IFC4X3_ADD2');
  });

  it('a model written as IFC4X3_ADD2 has no note in any format', async () => {
    expect((await check('add2.ifc')).out).not.toContain('Note ');
    const json = JSON.parse((await check('add2.ifc', '--format', 'json')).out);
    expect(json.model).toEqual({ fileName: 'add2.ifc', schema: 'IFC4X3_ADD2' });
    expect((await check('add2.ifc', '--format', 'html')).out).not.toContain('Schema note');
  });
});
