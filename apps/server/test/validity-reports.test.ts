// Issue 38 item 3: the Comprehensive XLSX and PDF get a Validity section, and the BCF export can
// carry validity findings as topics of their own. The model is a shared sample edited here (the
// column given the door's GlobalId, the wall's Pset_WallCommon written twice); which instances
// SCH001 and SCH002 name is computed from the raw model's entity list read here with @plumbline/ifc
// (GlobalIds counted, property sets followed through their relationships), not by the rules.

import { execFileSync } from 'node:child_process';
import { bcfSchemaErrors, haveBcfSchemas } from '@plumbline/ids/testing/bcf-xsd';
import { readIfc, type StepIfcModel } from '@plumbline/ifc';
import { newGlobalId, regenerateGlobalId, repeatPropertySet, StepFile } from '@plumbline/ifc-gen/edit';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
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
const COLUMN = 3373;
const DOOR = 5034;
const IDS = `<?xml version="1.0" encoding="utf-8"?>
<ids xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd" xmlns="http://standards.buildingsmart.org/IDS">
  <info><title>Doors</title></info>
  <specifications>
    <specification name="Doors are named" ifcVersion="IFC4X3_ADD2">
      <applicability maxOccurs="unbounded"><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>
      <requirements><attribute><name><simpleValue>Description</simpleValue></name></attribute></requirements>
    </specification>
  </specifications>
</ids>`;

/** STEP ids of the rooted instances whose GlobalId another one shares, from the raw entity list. */
function sharingGlobalIds(model: StepIfcModel): Map<number, string> {
  const byGuid = new Map<string, number[]>();
  for (const id of model.idsOfClassOrSubtypes('IFCROOT')) {
    const guid = model.globalId(id);
    if (guid) byGuid.set(guid, [...(byGuid.get(guid) ?? []), id]);
  }
  const out = new Map<number, string>();
  for (const [guid, ids] of byGuid) if (ids.length > 1) for (const id of ids) out.set(id, guid);
  return out;
}

/** Objects related to two distinct IfcPropertySet instances of one name. */
function repeatedSets(model: StepIfcModel): Set<number> {
  const names = new Map<number, Map<number, string>>();
  for (const rel of model.idsOfClass('IFCRELDEFINESBYPROPERTIES')) {
    const objects = model.attribute(rel, 'RelatedObjects');
    const set = model.attribute(rel, 'RelatingPropertyDefinition');
    if (set?.kind !== 'ref' || objects?.kind !== 'list' || model.classOf(set.id) !== 'IFCPROPERTYSET')
      continue;
    const name = model.attribute(set.id, 'Name');
    if (name?.kind !== 'string') continue;
    for (const o of objects.items) {
      if (o.kind !== 'ref') continue;
      const own = names.get(o.id) ?? new Map<number, string>();
      own.set(set.id, name.value);
      names.set(o.id, own);
    }
  }
  const out = new Set<number>();
  for (const [object, sets] of names) if (new Set(sets.values()).size < sets.size) out.add(object);
  return out;
}

const backend = testBackends()[0];
describe.runIf(backend && sample)('validity in the Comprehensive reports and the BCF (issue 38)', () => {
  let server: TestServer;
  testServerForBlock(backend as NonNullable<typeof backend>, (s) => {
    server = s;
  });
  let owner: Session;
  let projectId: string;
  let fileId: string;
  let sharing: Map<number, string>;
  let repeated: Set<number>;

  beforeAll(async () => {
    const file = new StepFile((sample as Buffer).toString('latin1'));
    const doorGuid = file.get(DOOR)?.params[0]?.slice(1, -1) ?? '';
    regenerateGlobalId(file, COLUMN, doorGuid);
    repeatPropertySet(file, WALL, 'Pset_WallCommon', [newGlobalId(38, 1), newGlobalId(38, 2)]);
    const bytes = Buffer.from(file.text(), 'latin1');
    const model = readIfc(new Uint8Array(bytes));
    sharing = sharingGlobalIds(model);
    repeated = repeatedSets(model);
    model.dispose();
    owner = await signUp(server, 'Val Reports');
    projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Validity reports' })).json()
      .project.id as string;
    const ids = await upload(
      server,
      owner,
      `/api/v1/projects/${projectId}/idsfiles`,
      'doors.ids',
      Buffer.from(IDS),
    );
    expect(ids.statusCode, ids.body).toBe(201);
    ({ fileId } = await uploadVersion(server, owner, projectId, bytes));
  });

  async function generated(body: Record<string, unknown>): Promise<Buffer> {
    const res = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/reports`, body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().report_id as string;
    await eventually(async () => {
      const report = (await call(server, owner, 'GET', `/api/v1/reports/${id}`)).json().report;
      if (report.status === 'failed') throw new Error(`report failed: ${report.error_message}`);
      return report.status === 'completed';
    });
    const link = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/reports/${id}/download`);
    expect(link.statusCode, link.body).toBe(200);
    const file = await server.app.inject({
      method: 'GET',
      url: link.json().download_url,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(file.statusCode).toBe(200);
    if (process.env.REPORT_OUTPUT_DIR) {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(process.env.REPORT_OUTPUT_DIR, { recursive: true });
      writeFileSync(
        `${process.env.REPORT_OUTPUT_DIR}/validity-${id}.${String(body.format)}`,
        file.rawPayload,
      );
    }
    return file.rawPayload;
  }

  it('lists every failing rule and the findings of SCH001 and SCH002 the raw model predicts in the XLSX', async () => {
    expect(sharing.size).toBe(2);
    expect([...repeated]).toEqual([WALL]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await generated({ reportType: 'comprehensive', format: 'xlsx', name: 'Book' })) as never,
    );
    const rows = (name: string) => {
      const sheet = workbook.getWorksheet(name);
      if (!sheet) throw new Error(`no sheet ${name}`);
      const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
      const out: Record<string, unknown>[] = [];
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        const values = (row.values as unknown[]).slice(1);
        out.push(Object.fromEntries(header.map((h, i) => [h, values[i]])));
      });
      return out;
    };
    const rules = rows('Validity rules');
    const validity = (
      await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${fileId}/validity`)
    ).json();
    const failing = validity.rules.filter((r: { outcome: string }) => r.outcome === 'fail');
    expect(rules.map((r) => r.Rule).sort()).toEqual(failing.map((r: { rule: string }) => r.rule).sort());
    // Errors come before warnings.
    const severities = rules.map((r) => r.Severity);
    expect(severities).toEqual([...severities].sort());
    expect(rules.find((r) => r.Rule === 'SCH001')).toMatchObject({
      Severity: 'error',
      Findings: sharing.size,
      Listed: sharing.size,
      'What the rule asks':
        'No GlobalId is used twice in the file (the schema’s uniqueness rule on IfcRoot).'.replace('’', "'"),
    });
    const findings = rows('Validity findings');
    const of = (rule: string) => findings.filter((f) => f.Rule === rule);
    expect(new Map(of('SCH001').map((f) => [f['STEP id'], f.GlobalId]))).toEqual(sharing);
    expect(of('SCH002').map((f) => f['STEP id'])).toEqual([...repeated]);
    expect(String(of('SCH002')[0]?.Finding)).toContain('Pset_WallCommon');
  });

  it('writes the Validity section into the PDF, each failing rule with its count and elements', async () => {
    const pdf = await generated({ reportType: 'comprehensive', format: 'pdf', name: 'Paper' });
    // pdftotext: poppler-utils is one of the project's system dependencies (scripts/install-system-deps.sh).
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
    const section = text.slice(
      text.lastIndexOf('Model validity'),
      text.lastIndexOf('Attributes worth adding'),
    );
    expect(section).toContain(`SCH001 · error · ${sharing.size} findings`);
    expect(section).toContain(`SCH002 · error · ${repeated.size} finding`);
    expect(section).toContain('No GlobalId is used twice in the file');
    for (const guid of new Set(sharing.values())) expect(section).toContain(guid);
  });

  it('adds one BCF topic per failing rule when asked, and the archives validate against the XSDs', async () => {
    const plainBytes = await generated({
      reportType: 'comprehensive',
      format: 'bcf',
      name: 'Plain',
      bcfVersion: '3.0',
    });
    const reportBytes = await generated({
      reportType: 'comprehensive',
      format: 'bcf',
      name: 'Both',
      bcfVersion: '3.0',
      bcfValidity: true,
    });
    // The IDS Compliance view's export takes the same option (BCF 2.1 by default).
    const view = await server.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}/bimfiles/${fileId}/bcf?validity=true`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(view.statusCode, view.body.slice(0, 200)).toBe(200);
    const validity = (
      await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${fileId}/validity`)
    ).json();
    const failing = validity.rules.filter((r: { outcome: string }) => r.outcome === 'fail').length;
    expect(failing).toBeGreaterThanOrEqual(2);
    const decode = (b: Uint8Array | undefined) => new TextDecoder().decode(b);
    const topics = (bytes: Uint8Array) => {
      const files = unzipSync(bytes);
      return Object.keys(files)
        .filter((n) => n.endsWith('/markup.bcf'))
        .map((n) => ({
          markup: decode(files[n]),
          viewpoint: decode(files[n.replace('markup.bcf', 'viewpoint.bcfv')]),
        }));
    };
    const plain = topics(new Uint8Array(plainBytes));
    for (const bytes of [new Uint8Array(reportBytes), new Uint8Array(view.rawPayload)]) {
      const all = topics(bytes);
      expect(all.length).toBe(plain.length + failing);
      const sch001 = all.find((t) => t.markup.includes('SCH001</Label'));
      expect(sch001?.markup).toContain('TopicType="Error"');
      for (const guid of new Set(sharing.values())) expect(sch001?.viewpoint).toContain(guid);
      const sch002 = all.find((t) => t.markup.includes('SCH002</Label'));
      expect(sch002?.markup).toContain('Pset_WallCommon');
    }
    if (!haveBcfSchemas()) expect.fail('the BCF XSDs are missing from ../shared/bcf-xsd');
    expect(
      await bcfSchemaErrors([
        { name: 'report 3.0', bytes: new Uint8Array(reportBytes) },
        { name: 'view 2.1', bytes: new Uint8Array(view.rawPayload) },
      ]),
    ).toEqual([]);
  });
});
