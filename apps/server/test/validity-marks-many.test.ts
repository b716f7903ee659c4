// Marks beyond the stored findings' limit (decision 0330): a model with more than 1,000 instances
// sharing one GlobalId and more than 1,000 elements with a property set written twice. Every verdict
// on those elements must be marked, not only the first 1,000 findings' elements. Which elements
// those are comes from the edits made here (the copies' STEP ids), not from the server.

import type { VerdictMark } from '@plumbline/contracts';
import { copyElement, newGlobalId, repeatPropertySet, StepFile } from '@plumbline/ifc-gen/edit';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadVersion } from './support/ai-fixture';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import { call, type Session, signUp, type TestServer, testServerForBlock } from './support/server';

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
    const projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Many marks' })).json()
      .project.id as string;
    const ids = await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'many.ids', Buffer.from(IDS));
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
});
