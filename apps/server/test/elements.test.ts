import { checkModel, parseIds } from '@plumbline/ids';
import { type IfcModel, readIfc } from '@plumbline/ifc';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withElements } from './support/applicable-elements';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const haveSamples = windowsIfc !== null && windowsIds !== null;

interface FacetResultBody {
  facet_type: string;
  is_satisfied: boolean | null;
  result: string;
  errors: string[];
  details: Record<string, unknown>;
}
interface SpecBody {
  specification_name: string;
  is_applicable: boolean;
  meets_requirements: boolean | null;
  last_checked_at: string | null;
  applicability_results: FacetResultBody[];
  requirement_results: FacetResultBody[];
  failure_reasons: string[];
}

for (const backend of testBackends()) {
  describe.skipIf(!haveSamples)(`element inspector API (${backend.name})`, () => {
    let server: TestServer;
    let editor: Session;
    let viewer: Session;
    let stranger: Session;
    let projectId: string;
    let fileId: string;
    let versionId: string;
    let model: IfcModel;
    const ifc = windowsIfc as Buffer;
    const ids = windowsIds as Buffer;
    const report = () => withElements(checkModel(model, parseIds(ids)), model);
    const elementUrl = (id: number | string, file = fileId) =>
      `/api/v1/projects/${projectId}/bimfiles/${file}/elements/${id}`;

    beforeAll(async () => {
      server = await startTestServer(backend);
      editor = await signUp(server, 'Eddie Editor');
      viewer = await signUp(server, 'Vera Viewer');
      stranger = await signUp(server, 'Stan Stranger');
      projectId = (await call(server, editor, 'POST', '/api/v1/projects', { name: 'Windows' })).json().project
        .id;
      await call(server, editor, 'POST', `/api/v1/projects/${projectId}/members`, {
        email: viewer.email,
        role: 'Viewer',
      });
      const filesUrl = `/api/v1/projects/${projectId}/bimfiles`;
      expect(
        (await upload(server, editor, `/api/v1/projects/${projectId}/idsfiles`, 'w.ids', ids)).statusCode,
      ).toBe(201);
      const uploaded = (await upload(server, editor, filesUrl, 'Windows.ifc', ifc)).json();
      fileId = uploaded.bim_file.id;
      versionId = uploaded.version.id;
      await eventually(async () => {
        const status = (await call(server, editor, 'GET', `${filesUrl}/${fileId}/status`)).json();
        return status.status === 'completed';
      });
      model = readIfc(new Uint8Array(ifc));
    });
    afterAll(async () => {
      model?.dispose();
      await server?.stop();
    });

    /** An element that fails at least one specification in the engine's own report. */
    function failingElement() {
      for (const spec of report().specifications) {
        const element = spec.elements.find((e) => e.failures.length > 0);
        if (element) return element;
      }
      throw new Error('the sample has no failing element');
    }

    it('returns an element by viewer id and by GlobalId, with its properties as Set:Name', async () => {
      const { id } = failingElement();
      const response = await call(server, viewer, 'GET', elementUrl(id));
      expect(response.statusCode).toBe(200);
      const element = response.json().element;
      expect(element).toMatchObject({
        id: model.globalId(id),
        viewer_db_id: id,
        file_version_id: versionId,
        ifc_class: model.classOf(id),
        source_name: model.name(id),
        persistent_guid: model.globalId(id),
      });
      expect(element.ifc_entity_type.toUpperCase()).toBe(model.classOf(id));
      expect(element.primary_bim_category).not.toBe('');
      const expectedKeys = model
        .propertySets(id)
        .flatMap((set) =>
          set.properties.filter((p) => p.kind !== 'complex').map((p) => `${set.name}:${p.name}`),
        );
      expect(expectedKeys.length).toBeGreaterThan(0);
      expect(Object.keys(element.properties_data).sort()).toEqual([...new Set(expectedKeys)].sort());

      const byGuid = await call(
        server,
        viewer,
        'GET',
        `/api/v1/projects/${projectId}/bimfiles/${fileId}/elements/by-global-id/${model.globalId(id)}?versionId=${versionId}`,
      );
      expect(byGuid.statusCode).toBe(200);
      expect(byGuid.json().element).toEqual(element);
    });

    it("reports the element's compliance per specification with the engine's reasons", async () => {
      const { id } = failingElement();
      const response = await call(server, viewer, 'GET', `${elementUrl(id)}/compliance`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const specs = report().specifications;
      const applicable = specs.filter((s) => s.elements.some((e) => e.id === id));
      const compliant = applicable.filter((s) => s.elements.find((e) => e.id === id)?.passed);
      expect(body).toMatchObject({
        viewer_db_id: id,
        file_version_id: versionId,
        applicable_specifications: applicable.length,
        compliant_specifications: compliant.length,
        overall_compliance_status: compliant.length === applicable.length ? 'compliant' : 'non_compliant',
      });
      expect(body.specifications).toHaveLength(specs.length);
      for (const spec of specs) {
        const got = (body.specifications as SpecBody[]).find((s) => s.specification_name === spec.name);
        expect(got, spec.name).toBeDefined();
        const mine = spec.elements.find((e) => e.id === id);
        expect(got?.is_applicable).toBe(mine !== undefined);
        expect(got?.last_checked_at).toMatch(/^\d{4}-/);
        expect(got?.applicability_results).toHaveLength(spec.applicability.length);
        if (!mine) {
          expect(got?.meets_requirements).toBeNull();
          expect(got?.requirement_results).toHaveLength(spec.requirements.length);
          expect(
            got?.requirement_results.every((f) => f.result === 'not_applicable' && f.errors.length === 0),
          ).toBe(true);
          continue;
        }
        expect(got?.meets_requirements).toBe(mine.passed);
        expect(got?.applicability_results.every((f) => f.result === 'applicable' && f.is_satisfied)).toBe(
          true,
        );
        expect(got?.requirement_results).toHaveLength(spec.requirements.length);
        got?.requirement_results.forEach((facet, index) => {
          const reasons = mine.failures.filter((f) => f.facetIndex === index).map((f) => f.reason);
          expect(facet.errors).toEqual(reasons);
          expect(facet.result).toBe(reasons.length > 0 ? 'failed' : 'passed');
          expect(facet.is_satisfied).toBe(reasons.length === 0);
        });
        expect(got?.failure_reasons).toHaveLength(mine.failures.length);
      }
    });

    it('decides an entity applicability facet of a specification the element is outside of', async () => {
      const specs = report().specifications;
      // An element that is outside a specification whose first applicability facet is an entity.
      const outside = specs.find(
        (s) => s.applicability[0]?.type === 'entity' && s.applicableCount > 0 && s.applicableCount < 1000,
      );
      expect(outside).toBeDefined();
      const inside = new Set(outside?.elements.map((e) => e.id));
      const other = specs
        .flatMap((s) => s.elements)
        .find((e) => !inside.has(e.id) && e.className !== outside?.elements[0]?.className);
      expect(other).toBeDefined();
      const body = (
        await call(server, editor, 'GET', `${elementUrl(other?.id as number)}/compliance`)
      ).json();
      const got = (body.specifications as SpecBody[]).find((s) => s.specification_name === outside?.name);
      expect(got?.is_applicable).toBe(false);
      const entity = got?.applicability_results[0];
      expect(entity).toMatchObject({ facet_type: 'entity', is_satisfied: false, result: 'not_applicable' });
      expect(entity?.details.entity_match).toBe(false);
      expect(entity?.errors[0]).toContain(`is ${other?.className}`);
    });

    it('answers 404 for an unknown element, file or version, and for an element id that is not a number', async () => {
      const unknown = await call(server, viewer, 'GET', elementUrl(2_000_000_000));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('element_not_found');
      expect((await call(server, viewer, 'GET', `${elementUrl(2_000_000_000)}/compliance`)).statusCode).toBe(
        404,
      );
      const guid = await call(
        server,
        viewer,
        'GET',
        `/api/v1/projects/${projectId}/bimfiles/${fileId}/elements/by-global-id/0000000000000000000000`,
      );
      expect(guid.statusCode).toBe(404);
      const otherFile = '00000000-0000-4000-8000-000000000000';
      expect((await call(server, viewer, 'GET', elementUrl(1, otherFile))).json().error.code).toBe(
        'file_not_found',
      );
      const badVersion = await call(server, viewer, 'GET', `${elementUrl(1)}?versionId=${otherFile}`);
      expect(badVersion.json().error.code).toBe('version_not_found');
      expect((await call(server, viewer, 'GET', elementUrl('abc'))).statusCode).toBe(404);
    });

    it('answers 409 for a version still processing and falls back to the latest completed one', async () => {
      const { id } = failingElement();
      await server.database.db.execute(
        sql`update file_versions set status = 'processing' where id = ${versionId}`,
      );
      try {
        const busy = await call(server, viewer, 'GET', `${elementUrl(id)}?versionId=${versionId}`);
        expect(busy.statusCode).toBe(409);
        expect(busy.json().error.code).toBe('version_not_processed');
        const none = await call(server, viewer, 'GET', `${elementUrl(id)}/compliance`);
        expect(none.json().error.code).toBe('no_processed_version');
      } finally {
        await server.database.db.execute(
          sql`update file_versions set status = 'completed' where id = ${versionId}`,
        );
      }
      expect((await call(server, viewer, 'GET', elementUrl(id))).json().element.file_version_id).toBe(
        versionId,
      );
    });

    it('lets members read, hides the project from strangers and asks anonymous callers to sign in', async () => {
      const { id } = failingElement();
      expect((await call(server, stranger, 'GET', elementUrl(id))).statusCode).toBe(404);
      expect((await call(server, stranger, 'GET', `${elementUrl(id)}/compliance`)).statusCode).toBe(404);
      expect((await call(server, null, 'GET', elementUrl(id))).statusCode).toBe(401);
      expect((await call(server, null, 'GET', `${elementUrl(id)}/compliance`)).statusCode).toBe(401);
    });

    it('describes the element routes in the OpenAPI document', async () => {
      const document = (await call(server, null, 'GET', '/api/docs/json')).json();
      const paths = Object.keys(document.paths as Record<string, object>);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/v1/projects/{projectId}/bimfiles/{fileId}/elements/{viewerDbId}',
          '/api/v1/projects/{projectId}/bimfiles/{fileId}/elements/by-global-id/{globalId}',
          '/api/v1/projects/{projectId}/bimfiles/{fileId}/elements/{viewerDbId}/compliance',
        ]),
      );
    });

    it('serves the demo project to anyone', async () => {
      const { id } = failingElement();
      await server.database.db.execute(sql`update projects set is_demo = true where id = ${projectId}`);
      try {
        expect((await call(server, null, 'GET', elementUrl(id))).statusCode).toBe(200);
        expect((await call(server, stranger, 'GET', `${elementUrl(id)}/compliance`)).statusCode).toBe(200);
      } finally {
        await server.database.db.execute(sql`update projects set is_demo = false where id = ${projectId}`);
      }
    });
  });
}
