/**
 * Uploading an IDS: the server refuses one with a lint error (the linter's error rules are the
 * semantic audit), with the rule's message and its line and column, and stores one whose findings
 * are warnings only (decision 0255).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import { call, type Session, signUp, startTestServer, type TestServer } from './support/server';

const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');

for (const backend of testBackends()) {
  describe.skipIf(windowsIds === null)(`IDS upload and lint (${backend.name})`, () => {
    let server: TestServer;
    let editor: Session;
    let idsUrl: string;

    beforeAll(async () => {
      server = await startTestServer(backend);
      editor = await signUp(server, 'Eddie Editor');
      const projectId = (await call(server, editor, 'POST', '/api/v1/projects', { name: 'Lint' })).json()
        .project.id;
      idsUrl = `/api/v1/projects/${projectId}/idsfiles`;
    });
    afterAll(async () => server?.stop());

    const text = () => (windowsIds as Buffer).toString('utf8');
    const door = '<ids:simpleValue>IFCDOOR</ids:simpleValue>';

    it('refuses an IDS with a lint error, with the rule message, its line and column', async () => {
      const misspelt = text().replace(door, '<ids:simpleValue>IFCDOR</ids:simpleValue>');
      expect(misspelt).not.toBe(text());
      const refused = await upload(server, editor, idsUrl, 'misspelt.ids', misspelt);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('invalid_ids');
      expect(refused.json().error.fields['problems.0']).toMatch(
        /^Line \d+, column \d+: "IFCDOR" is not an entity of IFC2X3; did you mean IFCDOOR/,
      );
      expect((await call(server, editor, 'GET', idsUrl)).json().ids_files).toEqual([]);
    });

    it('stores an IDS whose findings are warnings only', async () => {
      // A value listed twice is the warning enumeration-duplicate.
      const twice =
        '<xs:restriction base="xs:string"><xs:enumeration value="IFCDOOR"/><xs:enumeration value="IFCDOOR"/></xs:restriction>';
      const warned = text().replace(door, twice);
      expect(warned).not.toBe(text());
      expect((await upload(server, editor, idsUrl, 'warned.ids', warned)).statusCode).toBe(201);
    });
  });
}
