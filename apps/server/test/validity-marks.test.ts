// Issue 38 item 3 (decision 0249): IDS verdicts a validity error makes unreliable come marked through
// the compliance API. The model is a shared sample edited here: the column given the door's GlobalId
// and the wall's Pset_WallCommon written twice. Which verdicts are marked follows from those edits
// and the IDS written here, not from the server's code.

import type { ComplianceResultRow, VerdictMark } from '@plumbline/contracts';
import { newGlobalId, regenerateGlobalId, repeatPropertySet, StepFile } from '@plumbline/ifc-gen/edit';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadVersion } from './support/ai-fixture';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import { call, type Session, signUp, type TestServer, testServerForBlock } from './support/server';

const sample = sharedFile('ifc-samples/wall_door_columnt_rgb4x3.ifc');
const WALL = 68;
const COLUMN = 3373;
const DOOR = 5034;

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
  <info><title>Marks</title></info>
  <specifications>${spec('Walls say whether they are external', 'IFCWALL', IS_EXTERNAL)}${spec('Walls are named', 'IFCWALL', NAMED)}${spec('Doors are named', 'IFCDOOR', NAMED)}
  </specifications>
</ids>`;

const backend = testBackends()[0];
describe.runIf(backend && sample)('marked IDS verdicts through the compliance API (issue 38)', () => {
  let server: TestServer;
  testServerForBlock(backend as NonNullable<typeof backend>, (s) => {
    server = s;
  });
  let owner: Session;
  let base: string;
  let doorGuid: string;

  beforeAll(async () => {
    const file = new StepFile((sample as Buffer).toString('latin1'));
    doorGuid = file.get(DOOR)?.params[0]?.slice(1, -1) ?? '';
    regenerateGlobalId(file, COLUMN, doorGuid);
    repeatPropertySet(file, WALL, 'Pset_WallCommon', [newGlobalId(38, 1), newGlobalId(38, 2)]);
    owner = await signUp(server, 'Mark Verdict');
    const projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Marks' })).json()
      .project.id as string;
    const ids = await upload(
      server,
      owner,
      `/api/v1/projects/${projectId}/idsfiles`,
      'marks.ids',
      Buffer.from(IDS),
    );
    expect(ids.statusCode, ids.body).toBe(201);
    const { fileId } = await uploadVersion(server, owner, projectId, Buffer.from(file.text(), 'latin1'));
    base = `/api/v1/projects/${projectId}/bimfiles/${fileId}`;
  });

  const get = async (path: string) => {
    const res = await call(server, owner, 'GET', `${base}${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('the validity rules name the repeated GlobalId and the property set written twice', async () => {
    const body = await get('/validity');
    const rule = (id: string) => body.rules.find((r: { rule: string }) => r.rule === id);
    expect(rule('SCH001')).toMatchObject({ outcome: 'fail', finding_count: 2 });
    expect(
      rule('SCH001')
        .findings.map((f: { step_id: number }) => f.step_id)
        .sort(),
    ).toEqual([COLUMN, DOOR]);
    expect(rule('SCH002')).toMatchObject({ outcome: 'fail', finding_count: 1 });
    expect(rule('SCH002').findings[0]).toMatchObject({
      step_id: WALL,
      message: { values: { name: 'Pset_WallCommon' } },
    });
  });

  it('marks the door by its GlobalId and the wall only where its specification reads properties', async () => {
    const { results } = (await get('/compliance/results?limit=200')) as { results: ComplianceResultRow[] };
    const marks = (name: string) =>
      results.find((r) => r.specification_name === name)?.validity_marks as VerdictMark[] | undefined;
    expect(marks('Walls say whether they are external')).toEqual([
      { code: 'repeated_property_set', rule: 'SCH002', property_sets: ['Pset_WallCommon'] },
    ]);
    expect(marks('Walls are named')).toEqual([]);
    expect(marks('Doors are named')).toEqual([
      { code: 'repeated_global_id', rule: 'SCH001', global_id: doorGuid },
    ]);
    expect(results).toHaveLength(3);
  });

  it('marks the column, which no specification applies to, among the not applicable', async () => {
    const { results } = (await get('/compliance/results?status=not_applicable&limit=200')) as {
      results: ComplianceResultRow[];
    };
    const column = results.find((r) => r.viewer_db_id === COLUMN);
    expect(column?.validity_marks).toEqual([
      { code: 'repeated_global_id', rule: 'SCH001', global_id: doorGuid },
    ]);
    expect(results.filter((r) => r.validity_marks.length > 0).map((r) => r.viewer_db_id)).toEqual([COLUMN]);
  });

  it("marks the wall's facet results of the specification that reads properties", async () => {
    const specs = (await get('/compliance')).specifications as { specification_id: string; name: string }[];
    const id = specs.find((s) => s.name === 'Walls say whether they are external')?.specification_id;
    const body = await get(`/compliance/specifications/${id}/results`);
    expect(
      body.results.map((r: { viewer_db_id: number; validity_marks: VerdictMark[] }) => [
        r.viewer_db_id,
        r.validity_marks,
      ]),
    ).toEqual([
      [WALL, [{ code: 'repeated_property_set', rule: 'SCH002', property_sets: ['Pset_WallCommon'] }]],
    ]);
  });
});
