import type { StudioLiveCheck, StudioModelFacts, StudioSchema } from '@plumbline/contracts';
import { checkModel, parseIds } from '@plumbline/ids';
import { readIfc } from '@plumbline/ifc';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { uploadIds, uploadProcessed } from './support/processed-model';
import { sharedFile } from './support/samples';
import { call, type Session, signUp, type TestServer, testServerForBlock } from './support/server';

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const haveSamples = windowsIfc !== null && windowsIds !== null;

/** Each specification's counts as the engine's full check (the report path) gives them. */
function reportCounts(ifc: Buffer, ids: string) {
  const model = readIfc(new Uint8Array(ifc));
  try {
    return checkModel(model, parseIds(ids)).specifications.map((s) => ({
      applicable: s.applicableCount,
      passed: s.passedCount,
      failed: s.failedCount,
    }));
  } finally {
    model.dispose();
  }
}

for (const backend of testBackends()) {
  describe(`IDS Studio schema choices (${backend.name})`, () => {
    let server: TestServer;
    testServerForBlock(backend, (started) => {
      server = started;
    });

    it('serves entities, standard property sets and data types per IFC version, to anyone, cached', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/ids-studio/schema/IFC4' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      const schema: StudioSchema = response.json();
      const door = schema.entities.find((e) => e.name === 'IfcDoor');
      expect(door).toMatchObject({ abstract: false, parent: 'IfcBuildingElement', rooted: true });
      expect(door?.predefined_types).toEqual(
        expect.arrayContaining(['DOOR', 'GATE', 'TRAPDOOR', 'USERDEFINED']),
      );
      expect(door?.attributes).toEqual(expect.arrayContaining(['GlobalId', 'Name', 'OverallHeight']));
      expect(schema.entities.find((e) => e.name === 'IfcBuildingElement')?.abstract).toBe(true);
      expect(schema.entities.find((e) => e.name === 'IfcCartesianPoint')?.rooted).toBe(false);
      const doorCommon = schema.property_sets.find((s) => s.name === 'Pset_DoorCommon');
      expect(doorCommon?.classes).toContain('IFCDOOR');
      expect(doorCommon?.properties.find((p) => p.name === 'FireRating')).toMatchObject({
        data_type: 'IFCLABEL',
        kind: 'single',
      });
      expect(schema.data_types.find((t) => t.name === 'IFCLENGTHMEASURE')).toEqual({
        name: 'IFCLENGTHMEASURE',
        base: 'double',
        unit_type: 'LENGTHUNIT',
        unit: 'm',
      });
      const ifc2x3: StudioSchema = (
        await server.app.inject({ method: 'GET', url: '/api/v1/ids-studio/schema/IFC2X3' })
      ).json();
      expect(ifc2x3.entities.some((e) => e.name === 'IfcWallStandardCase')).toBe(true);
      expect(ifc2x3.property_sets).toEqual([]);
      const unknown = await server.app.inject({ method: 'GET', url: '/api/v1/ids-studio/schema/IFC5' });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe.skipIf(!haveSamples)(`IDS Studio model facts and live check (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    let projectId: string;
    let fileId: string;
    let versionId: string;
    const ids = (windowsIds ?? Buffer.from('')).toString('utf8');

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      owner = await signUp(server, 'Stella Studio');
      projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Studio' })).json().project
        .id;
      await uploadIds(server, owner, projectId, 'windows.ids', windowsIds as Buffer);
      ({ fileId, versionId } = await uploadProcessed(
        server,
        owner,
        projectId,
        'Windows.ifc',
        windowsIfc as Buffer,
      ));
    });

    const query = () => `file_id=${fileId}&version_id=${versionId}`;

    it("lists the model's classes and property sets with the engine's counts, most frequent first", async () => {
      const response = await call(
        server,
        owner,
        'GET',
        `/api/v1/projects/${projectId}/ids-studio/model?${query()}`,
      );
      expect(response.statusCode).toBe(200);
      const facts: StudioModelFacts = response.json();
      const model = readIfc(new Uint8Array(windowsIfc as Buffer));
      const byClass = new Map<string, number>();
      const sets = new Set<string>();
      for (const id of model.products()) {
        const cls = model.classOf(id) ?? 'UNKNOWN';
        byClass.set(cls, (byClass.get(cls) ?? 0) + 1);
        // A set is stored through its properties: one without any has no rows.
        for (const set of model.propertySets(id)) if (set.properties.length > 0) sets.add(set.name);
      }
      model.dispose();
      expect(Object.fromEntries(facts.classes.map((c) => [c.ifc_class, c.count]))).toEqual(
        Object.fromEntries(byClass),
      );
      const counts = facts.classes.map((c) => c.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(new Set(facts.property_sets.map((s) => s.name))).toEqual(sets);
      expect(facts.ifc_schema).toBe('IFC2X3');
    });

    it("lists a property's distinct values with how many elements have each", async () => {
      const model = readIfc(new Uint8Array(windowsIfc as Buffer));
      // The first property with several values, and its values counted through the engine's model.
      const expected = new Map<string, Map<string, number>>();
      for (const id of model.products())
        for (const set of model.propertySets(id))
          for (const p of set.properties) {
            if (p.kind === 'complex' || p.values.length === 0) continue;
            const value = p.values.map((v) => String(v.value)).join('; ');
            if (value.trim() === '') continue;
            const key = `${set.name}\u0000${p.name}`;
            const values = expected.get(key) ?? new Map<string, number>();
            values.set(value, (values.get(value) ?? 0) + 1);
            expected.set(key, values);
          }
      model.dispose();
      const [key, values] = [...expected].find(([, v]) => v.size > 1) ?? [];
      expect(key).toBeDefined();
      const [set, name] = (key as string).split('\u0000') as [string, string];
      const response = await call(
        server,
        owner,
        'GET',
        `/api/v1/projects/${projectId}/ids-studio/values?${query()}&property_set=${encodeURIComponent(set)}&name=${encodeURIComponent(name)}`,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.truncated).toBe(false);
      expect(
        Object.fromEntries(body.values.map((v: { value: string; count: number }) => [v.value, v.count])),
      ).toEqual(Object.fromEntries(values as Map<string, number>));
      const listed = body.values.map((v: { count: number }) => v.count);
      expect(listed).toEqual([...listed].sort((a: number, b: number) => b - a));
    });

    it("counts each specification as the engine's full check does, and again after an edit", async () => {
      const live = async (text: string) => {
        const response = await call(
          server,
          owner,
          'POST',
          `/api/v1/projects/${projectId}/ids-studio/live-check`,
          {
            file_id: fileId,
            version_id: versionId,
            ids: text,
          },
        );
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as StudioLiveCheck;
      };
      const counts = (answer: StudioLiveCheck) =>
        answer.specifications.map((s) => ({ applicable: s.applicable, passed: s.passed, failed: s.failed }));
      const first = await live(ids);
      expect(first.readable).toBe(true);
      expect(counts(first)).toEqual(reportCounts(windowsIfc as Buffer, ids));
      // An edit: the first specification applies to windows instead of members.
      const edited = ids.replace(
        '<ids:simpleValue>IFCMEMBER</ids:simpleValue>',
        '<ids:simpleValue>IFCWINDOW</ids:simpleValue>',
      );
      expect(edited).not.toBe(ids);
      const second = await live(edited);
      expect(second.model_read).toBe(false);
      expect(counts(second)).toEqual(reportCounts(windowsIfc as Buffer, edited));
      expect(counts(second)).not.toEqual(counts(first));
      const unreadable = await live('<ids');
      expect(unreadable).toMatchObject({ readable: false, specifications: [] });
    });

    it('refuses a live check of a version of another project, a body over the Studio limit and missing fields', async () => {
      const other = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Other' })).json().project
        .id;
      const foreign = await call(server, owner, 'POST', `/api/v1/projects/${other}/ids-studio/live-check`, {
        file_id: fileId,
        version_id: versionId,
        ids,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('file_not_found');
      const huge = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/ids-studio/live-check`, {
        file_id: fileId,
        version_id: versionId,
        ids: 'x'.repeat(9 * 1024 * 1024),
      });
      expect(huge.statusCode).toBe(413);
      const empty = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/ids-studio/live-check`, {
        file_id: fileId,
        version_id: versionId,
        ids: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.code).toBe('validation_failed');
      const noName = await call(
        server,
        owner,
        'GET',
        `/api/v1/projects/${projectId}/ids-studio/values?${query()}&property_set=Pset_DoorCommon`,
      );
      expect(noName.statusCode).toBe(400);
      expect(noName.json().error.code).toBe('validation_failed');
    });
  });
}
