// Marks beyond the stored findings' limit (decision 0330): a model with more than 1,000 instances
// sharing one GlobalId and more than 1,000 elements with a property set written twice. Every verdict
// on those elements must be marked, not only the first 1,000 findings' elements. Which elements
// those are comes from the edits made here (the copies' STEP ids), not from the server.

import { execFileSync } from 'node:child_process';
import type { VerdictMark } from '@plumbline/contracts';
import { copyElement, newGlobalId, repeatPropertySet, StepFile } from '@plumbline/ifc-gen/edit';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadVersion } from './support/ai-fixture';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import {
  call,
  eventually,
  type Session,
  signUp,
  type TestServer,
  testServerForBlock,
} from './support/server';

const sample = sharedFile('ifc-samples/wall_door_columnt_rgb4x3.ifc');
const WALL = 68;
const DOOR = 5034;
const COPIES = 1_100;

const spec = (name: string, entity: string, requirement: string) => `
    <specification name="${name}" ifcVersion="IFC4X3_ADD2">
      <applicability maxOccurs="unbounded"><entity><name><simpleValue>${entity}</simpleValue></name></entity></applicability>
      <requirements>${requirement}</requirements>
    </specification>`;
const NAMED = '<attribute><name><simpleValue>Name</simpleValue></name></attribute>';
const IS_EXTERNAL =
  '<property><propertySet><simpleValue>Pset_WallCommon</simpleValue></propertySet><baseName><simpleValue>IsExternal</simpleValue></baseName></property>';
const IDS = `<?xml version="1.0" encoding="utf-8"?>
<ids xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd" xmlns="http://standards.buildingsmart.org/IDS">
  <info><title>Many marks</title></info>
  <specifications>${spec('Walls say whether they are external', 'IFCWALL', IS_EXTERNAL)}${spec('Doors are named', 'IFCDOOR', NAMED)}
  </specifications>
</ids>`;

const backend = testBackends()[0];
describe.runIf(backend && sample)('marks for more than 1,000 validity findings (issue 38)', () => {
  let server: TestServer;
  testServerForBlock(backend as NonNullable<typeof backend>, (s) => {
    server = s;
  });
  let owner: Session;
  let base: string;
  let projectId: string;
  let doorGuid: string;
  const walls = [WALL];
  const doors = [DOOR];

  beforeAll(async () => {
    const file = new StepFile((sample as Buffer).toString('latin1'));
    doorGuid = file.get(DOOR)?.params[0]?.slice(1, -1) ?? '';
    // The wall's set written twice first: its copies share every relationship, the second set's too.
    repeatPropertySet(file, WALL, 'Pset_WallCommon', [newGlobalId(38, 1), newGlobalId(38, 2)]);
    for (let i = 0; i < COPIES; i++) {
      walls.push(copyElement(file, WALL, newGlobalId(330, i), `Wall ${i}`, i + 1));
      doors.push(copyElement(file, DOOR, doorGuid, `Door ${i}`, i + 1));
    }
    owner = await signUp(server, 'Many Marks');
    projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Many marks' })).json().project
      .id as string;
    const ids = await upload(
      server,
      owner,
      `/api/v1/projects/${projectId}/idsfiles`,
      'many.ids',
      Buffer.from(IDS),
    );
    expect(ids.statusCode, ids.body).toBe(201);
    const { fileId } = await uploadVersion(server, owner, projectId, Buffer.from(file.text(), 'latin1'));
    base = `/api/v1/projects/${projectId}/bimfiles/${fileId}`;
  }, 600_000);

  const get = async (path: string) => {
    const res = await call(server, owner, 'GET', `${base}${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Every row of a specification's results, a page of 200 at a time. */
  async function allRows(name: string): Promise<{ viewer_db_id: number; validity_marks: VerdictMark[] }[]> {
    const specs = (await get('/compliance')).specifications as { specification_id: string; name: string }[];
    const id = specs.find((s) => s.name === name)?.specification_id;
    const rows: { viewer_db_id: number; validity_marks: VerdictMark[] }[] = [];
    for (let offset = 0; ; offset += 200) {
      const body = await get(`/compliance/specifications/${id}/results?limit=200&offset=${offset}`);
      rows.push(...body.results);
      if (body.results.length < 200) return rows;
    }
  }

  it('counts more findings than the per-rule limit the validity tab lists', async () => {
    const body = await get('/validity?max_findings=1000');
    const rule = (id: string) => body.rules.find((r: { rule: string }) => r.rule === id);
    expect(rule('SCH001').finding_count).toBe(doors.length);
    expect(rule('SCH002').finding_count).toBe(walls.length);
    expect(rule('SCH001').findings).toHaveLength(1000);
  });

  it('marks every door by the GlobalId all of them share', async () => {
    const rows = await allRows('Doors are named');
    expect(rows.map((r) => r.viewer_db_id).sort((a, b) => a - b)).toEqual([...doors].sort((a, b) => a - b));
    for (const row of rows)
      expect(row.validity_marks, `#${row.viewer_db_id}`).toEqual([
        { code: 'repeated_global_id', rule: 'SCH001', global_id: doorGuid },
      ]);
  });

  it('marks every wall whose property set is written twice', async () => {
    const rows = await allRows('Walls say whether they are external');
    expect(rows.map((r) => r.viewer_db_id).sort((a, b) => a - b)).toEqual([...walls].sort((a, b) => a - b));
    for (const row of rows)
      expect(row.validity_marks, `#${row.viewer_db_id}`).toEqual([
        { code: 'repeated_property_set', rule: 'SCH002', property_sets: ['Pset_WallCommon'] },
      ]);
  });

  async function report(format: 'pdf' | 'xlsx'): Promise<Buffer> {
    const res = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/reports`, {
      reportType: 'comprehensive',
      format,
      name: `Many ${format}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().report_id as string;
    await eventually(async () => {
      const r = (await call(server, owner, 'GET', `/api/v1/reports/${id}`)).json().report;
      if (r.status === 'failed') throw new Error(`report failed: ${r.error_message}`);
      return r.status === 'completed';
    });
    const link = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/reports/${id}/download`);
    const file = await server.app.inject({
      method: 'GET',
      url: link.json().download_url,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  }

  it('lists 1,000 findings of a rule in the XLSX and says how many more there are', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await report('xlsx')) as never);
    const rules = workbook.getWorksheet('Validity rules');
    const sch001 = rules?.getRows(2, rules.rowCount - 1)?.find((r) => r.getCell(3).value === 'SCH001');
    expect([sch001?.getCell(6).value, sch001?.getCell(7).value]).toEqual([doors.length, 1000]);
    const findings = workbook.getWorksheet('Validity findings');
    const rows = (findings?.getRows(2, findings.rowCount - 1) ?? []).filter(
      (r) => r.getCell(3).value === 'SCH001',
    );
    expect(rows).toHaveLength(1001);
    expect(rows[1000]?.getCell(8).value).toBe(
      // Numbers in the report's locale: English groups thousands with a comma.
      `+${doors.length - 1000} more findings of SCH001, not listed (${doors.length.toLocaleString('en-GB')} in all).`,
    );
  });

  it('shows the first findings of a rule in the PDF and says how many more there are', async () => {
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await report('pdf') }).toString();
    const n = (x: number) => x.toLocaleString('en-GB');
    expect(text).toContain(`SCH001 · error · ${n(doors.length)} findings`);
    expect(text).toContain(`+${n(doors.length - 10)} more (the Excel report lists the first 1,000).`);
    expect(text).toContain(`SCH002 · error · ${n(walls.length)} findings`);
  });
});
