// Issue 14 point 3: a model whose FILE_SCHEMA is an IFC 4.3 release candidate is read as IFC4X3_ADD2,
// and the version says so and why (the reports' own sentence), where a final schema says nothing.

import { schemaSubstitutionNote } from '@plumbline/ids/report/schema-note';
import { schemaSubstitution } from '@plumbline/ifc';
import { stepText } from '@plumbline/ifc/testing/step-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

const WALL = "#1=IFCWALL('1YvctVUKr0kugbFTf53O9L',$,'W',$,$,$,$,$,$);";

const backend = testBackends()[0];
describe.runIf(backend)('schema a model was read with (issue 14)', () => {
  let server: TestServer;
  let owner: Session;
  let projectId: string;
  beforeAll(async () => {
    server = await startTestServer(backend as NonNullable<typeof backend>);
    owner = await signUp(server, 'Rhea Candidate');
    projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Schemas' })).json().project
      .id;
  });
  afterAll(async () => server?.stop());

  async function processed(name: string, schema: string) {
    const res = await upload(
      server,
      owner,
      `/api/v1/projects/${projectId}/bimfiles`,
      name,
      Buffer.from(stepText(schema, WALL)),
    );
    expect(res.statusCode, res.body).toBe(201);
    const fileId = res.json().bim_file.id as string;
    const versionsPath = `/api/v1/projects/${projectId}/bimfiles/${fileId}/versions`;
    await eventually(
      async () => (await call(server, owner, 'GET', versionsPath)).json().versions[0]?.status === 'completed',
    );
    return (await call(server, owner, 'GET', versionsPath)).json().versions[0];
  }

  it("an IFC4X3_RC4 model: read as IFC4X3_ADD2, with what was written, why, and the reports' sentence", async () => {
    const version = await processed('rc4.ifc', 'IFC4X3_RC4');
    // The reader's own record of the substitution, and the reports' wording of it: an independent path.
    const expected = schemaSubstitution(['IFC4X3_RC4'], 'IFC4X3_ADD2');
    expect(expected).not.toBeNull();
    expect(version.ifc_schema).toBe('IFC4X3_ADD2');
    expect(version.schema_substitution).toEqual({
      written: 'IFC4X3_RC4',
      read_as: 'IFC4X3_ADD2',
      reason: 'ifc4x3_release_candidate',
      note: schemaSubstitutionNote(expected!),
    });
  });

  it('a final schema is read as written and says nothing more', async () => {
    const version = await processed('add2.ifc', 'IFC4X3_ADD2');
    expect(version.ifc_schema).toBe('IFC4X3_ADD2');
    expect(version.schema_substitution).toBeNull();
    const ifc4 = await processed('four.ifc', 'IFC4');
    expect(ifc4.ifc_schema).toBe('IFC4');
    expect(ifc4.schema_substitution).toBeNull();
  });
});
