/**
 * Applicable entities that are not stored elements (issue 17: rows with no GlobalId, Name or Class
 * showed "—" everywhere): a specification on the IfcProject names its row by the project's class,
 * GlobalId and name in the IDS Compliance results and the facet results, as the engine reported them.
 */
import { checkModel, parseIds } from '@plumbline/ids';
import { readIfc } from '@plumbline/ifc';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db';
import { type ReportWithElements, withElements } from './support/applicable-elements';
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

const haus = sharedFile('ifc-samples/AC20-FZK-Haus.ifc');

const IDS = `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <info><title>Project and walls</title></info>
  <specifications>
    <specification name="The project has a phase" ifcVersion="IFC4">
      <applicability><entity><name><simpleValue>IFCPROJECT</simpleValue></name></entity></applicability>
      <requirements><attribute><name><simpleValue>Phase</simpleValue></name></attribute></requirements>
    </specification>
    <specification name="Walls have a name" ifcVersion="IFC4">
      <applicability><entity><name><simpleValue>IFCWALLSTANDARDCASE</simpleValue></name></entity></applicability>
      <requirements><attribute><name><simpleValue>Name</simpleValue></name></attribute></requirements>
    </specification>
  </specifications>
</ids>`;

for (const backend of testBackends()) {
  describe.skipIf(haus === null)(`results name entities that are not elements (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    let fileUrl: string;
    let report: ReportWithElements;
    let specIds: string[];

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      owner = await signUp(server, 'Nina Namer');
      const projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Names' })).json()
        .project.id;
      const ids = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/idsfiles`,
        'names.ids',
        Buffer.from(IDS),
      );
      expect(ids.statusCode).toBe(201);
      const uploaded = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/bimfiles`,
        'Haus.ifc',
        haus as Buffer,
      );
      const fileId = uploaded.json().bim_file.id;
      const versionId = uploaded.json().version.id;
      fileUrl = `/api/v1/projects/${projectId}/bimfiles/${fileId}/compliance`;
      await eventually(async () => {
        const status = (
          await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${fileId}/status`)
        ).json();
        return status.status === 'completed' && status.version_id === versionId;
      });
      const model = readIfc(new Uint8Array(haus as Buffer));
      report = withElements(checkModel(model, parseIds(Buffer.from(IDS))), model);
      model.dispose();
      specIds = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/ids/specifications`))
        .json()
        .specifications.map((s: { id: string }) => s.id);
    });

    it('names the project row by its class, GlobalId and name in both result lists', async () => {
      const project = report.specifications[0]?.elements[0];
      expect(project?.className.toUpperCase()).toBe('IFCPROJECT');
      expect(project?.globalId).toBeTruthy();

      const results = (
        await call(server, owner, 'GET', `${fileUrl}/results?specificationId=${specIds[0]}&limit=50`)
      ).json().results as Array<{
        viewer_db_id: number;
        global_id: string | null;
        name: string | null;
        ifc_class: string | null;
      }>;
      const row = results.find((r) => r.viewer_db_id === project?.id);
      expect(row).toMatchObject({
        global_id: project?.globalId,
        name: project?.name,
        ifc_class: project?.className,
      });

      const facet = (
        await call(server, owner, 'GET', `${fileUrl}/specifications/${specIds[0]}/results`)
      ).json().results as Array<{
        viewer_db_id: number;
        global_id: string | null;
        name: string | null;
        ifc_class: string | null;
      }>;
      expect(facet).toHaveLength(1);
      expect(facet[0]).toMatchObject({
        global_id: project?.globalId,
        name: project?.name,
        ifc_class: project?.className,
      });
    });

    it('keeps naming stored elements from the elements (walls unchanged, no entity row for them)', async () => {
      const walls = report.specifications[1]?.elements ?? [];
      expect(walls.length).toBeGreaterThan(0);
      const rows = (
        await call(server, owner, 'GET', `${fileUrl}/specifications/${specIds[1]}/results`)
      ).json().results as Array<{ viewer_db_id: number; global_id: string | null }>;
      expect(new Map(rows.map((r) => [r.viewer_db_id, r.global_id]))).toEqual(
        new Map(walls.map((w) => [w.id, w.globalId])),
      );
      // Only the project is named outside the elements: a wall never gets a second row.
      const entities = await rowsOf<{ step_id: number }>(
        server.database.db,
        sql`select step_id from result_entities`,
      );
      expect(entities.map((r) => Number(r.step_id))).toEqual([report.specifications[0]?.elements[0]?.id]);
    });
  });
}
