import { parseIds } from '@plumbline/ids';
import { type PropertyView, readIfc } from '@plumbline/ifc';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { uploadIds, uploadProcessed } from './support/processed-model';
import { sharedFile } from './support/samples';
import { call, type Session, signUp, type TestServer, testServerForBlock } from './support/server';

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const haveSamples = windowsIfc !== null && windowsIds !== null;

interface Expected {
  elements: Set<number>;
  populated: Set<number>;
  values: Set<string>;
}

const trim = (v: string) => v.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');

/** Every property of the model counted straight from the IFC reader, without the database. */
function expectedFromModel(bytes: Buffer) {
  const model = readIfc(new Uint8Array(bytes));
  const byKey = new Map<string, Expected>();
  let total = 0;
  const visit = (id: number, set: string, p: PropertyView, prefix: string) => {
    const name = prefix + p.name;
    if (p.kind === 'complex' && p.properties) {
      for (const nested of p.properties) visit(id, set, nested, `${name}.`);
      return;
    }
    const key = `${set}.${name}`;
    const e = byKey.get(key) ?? { elements: new Set(), populated: new Set(), values: new Set() };
    byKey.set(key, e);
    e.elements.add(id);
    const text = p.values.length === 0 ? '' : trim(p.values.map((v) => String(v.value)).join('; '));
    if (text !== '') {
      e.populated.add(id);
      e.values.add(text);
    }
  };
  for (const id of model.products()) {
    total += 1;
    for (const set of model.propertySets(id)) for (const p of set.properties) visit(id, set.name, p, '');
  }
  model.dispose();
  return { byKey, total };
}

/** Spec 2 §5, written out again here so the test does not trust the code under test. */
function covers(attribute: string, facet: string) {
  const a = attribute.trim().toLowerCase();
  const b = facet.trim().toLowerCase();
  return a === b || (a.length >= 6 && b.length >= 6 && (a.includes(b) || b.includes(a)));
}

const pct = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

for (const backend of testBackends()) {
  describe.skipIf(!haveSamples)(`attribute analysis (${backend.name})`, () => {
    let server: TestServer;
    let editor: Session;
    let viewer: Session;
    let stranger: Session;
    let projectId: string;
    let fileId: string;
    let idsFileId: string;
    const expected = haveSamples ? expectedFromModel(windowsIfc as Buffer) : null;
    const facetNames = haveSamples
      ? parseIds(windowsIds as Buffer).specifications.flatMap((s) =>
          [...s.applicability, ...s.requirements].flatMap((f) =>
            f.type === 'property' && f.baseName.kind === 'simple' ? [f.baseName.value] : [],
          ),
        )
      : [];

    const base = () => `/api/v1/projects/${projectId}`;

    testServerForBlock(
      backend,
      (started) => {
        server = started;
      },
      { MAX_UPLOAD_BYTES: '2000000' },
    );
    beforeAll(async () => {
      editor = await signUp(server, 'Ed Editor');
      viewer = await signUp(server, 'Vi Viewer');
      stranger = await signUp(server, 'St Stranger');
      projectId = (await call(server, editor, 'POST', '/api/v1/projects', { name: 'Windows' })).json().project
        .id;
      await call(server, editor, 'POST', `${base()}/members`, { email: viewer.email, role: 'Viewer' });
      idsFileId = await uploadIds(server, editor, projectId, 'windows.ids', windowsIds as Buffer);
      ({ fileId } = await uploadProcessed(server, editor, projectId, 'Windows.ifc', windowsIfc as Buffer));
    });

    it('lists every property with counts, samples and coverage computed from the model itself', async () => {
      const response = await call(server, viewer, 'GET', `${base()}/bimfiles/${fileId}/extra-attributes`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const exp = expected as NonNullable<typeof expected>;
      expect(body.total_elements).toBe(exp.total);
      expect(body.attributes).toHaveLength(exp.byKey.size);
      let covered = 0;
      for (const attribute of body.attributes) {
        const e = exp.byKey.get(attribute.full_name);
        expect(e, attribute.full_name).toBeDefined();
        if (!e) continue;
        const isCovered = facetNames.some((f) => covers(attribute.name, f));
        if (isCovered) covered += 1;
        const occurrence = pct(e.elements.size, exp.total);
        expect(attribute).toMatchObject({
          element_count: e.elements.size,
          populated_count: e.populated.size,
          distinct_values: e.values.size,
          occurrence,
          ids_coverage: isCovered ? 'covered' : 'not_covered',
          suggestion_priority: isCovered
            ? 'low'
            : occurrence > 80
              ? 'high'
              : occurrence > 50
                ? 'medium'
                : 'low',
          recommendation_status: 'pending_review',
          values: [...e.values].sort().slice(0, 10),
        });
      }
      expect(covered).toBeGreaterThan(0);
      expect(covered).toBeLessThan(exp.byKey.size);
      expect(body.summary).toEqual({
        total_attributes: exp.byKey.size,
        covered,
        not_covered: exp.byKey.size - covered,
        coverage_rate: pct(covered, exp.byKey.size),
      });
      const summary = (await call(server, viewer, 'GET', `${base()}/schema-summary`)).json();
      expect(summary).toMatchObject({
        totalSpecifications: parseIds(windowsIds as Buffer).specifications.length,
        totalAttributes: exp.byKey.size,
        coveredAttributes: covered,
        notCoveredAttributes: exp.byKey.size - covered,
      });
    });

    it('shows each requirement with a compliance that matches the stored element results', async () => {
      const body = (
        await call(server, viewer, 'GET', `${base()}/bimfiles/${fileId}/schema-attributes`)
      ).json();
      const doc = parseIds(windowsIds as Buffer);
      expect(body.statistics.total_specifications).toBe(doc.specifications.length);
      expect(body.statistics.total_facets).toBe(
        doc.specifications.reduce((n, s) => n + s.requirements.length, 0),
      );
      const failedFacets = await server.database.db.execute<{ spec: string; idx: number }>(sql`
        select distinct er.specification_id as spec, (f->>'facetIndex')::int as idx
        from element_results er, jsonb_array_elements(er.failures) f where not er.passed`);
      const failed = new Set(
        (failedFacets as unknown as { rows: { spec: string; idx: number }[] }).rows.map(
          (r) => `${r.spec}:${r.idx}`,
        ),
      );
      for (const spec of body.specifications) {
        spec.requirement_facets.forEach((facet: { compliance: string }, i: number) => {
          const want =
            spec.applicable_elements === 0 ? 'no-data' : failed.has(`${spec.id}:${i}`) ? 'failed' : 'passed';
          expect(facet.compliance).toBe(want);
        });
      }
    });

    it('keeps a recommendation status per project; a Viewer, a stranger and anonymous callers cannot set it', async () => {
      const attribute = (
        await call(server, viewer, 'GET', `${base()}/bimfiles/${fileId}/extra-attributes`)
      ).json().attributes[0];
      const body = {
        property_set_name: attribute.property_set_name,
        attribute_name: attribute.name,
        status: 'highly_recommended',
      };
      const url = `${base()}/attributes/recommendation`;
      expect((await call(server, null, 'PATCH', url, body)).statusCode).toBe(401);
      expect((await call(server, stranger, 'PATCH', url, body)).statusCode).toBe(404);
      expect((await call(server, viewer, 'PATCH', url, body)).statusCode).toBe(403);
      expect((await call(server, editor, 'PATCH', url, { ...body, status: 'maybe' })).statusCode).toBe(400);
      const ok = await call(server, editor, 'PATCH', url, body);
      expect(ok.statusCode).toBe(200);
      const after = (
        await call(server, viewer, 'GET', `${base()}/bimfiles/${fileId}/extra-attributes`)
      ).json();
      expect(after.attributes.find((a: { id: string }) => a.id === attribute.id).recommendation_status).toBe(
        'highly_recommended',
      );
      expect(
        (await call(server, stranger, 'GET', `${base()}/bimfiles/${fileId}/extra-attributes`)).statusCode,
      ).toBe(404);
      expect((await call(server, null, 'GET', `${base()}/schema-summary`)).statusCode).toBe(401);
    });

    it('analyzes an attribute and adds it to a specification: valid IDS stored, re-checked, status added_to_schema', async () => {
      const list = (
        await call(server, editor, 'GET', `${base()}/bimfiles/${fileId}/extra-attributes`)
      ).json();
      const gap = list.attributes
        .filter((a: { ids_coverage: string }) => a.ids_coverage === 'not_covered')
        .sort((a: { occurrence: number }, b: { occurrence: number }) => b.occurrence - a.occurrence)[0];
      const analysis = await call(server, viewer, 'POST', '/api/v1/attributes/analyze', {
        project_id: projectId,
        property_set_name: gap.property_set_name,
        attribute_name: gap.name,
      });
      expect(analysis.statusCode).toBe(200);
      const suggested = analysis.json();
      expect(suggested.element_count).toBe(gap.element_count);
      expect(suggested.data_type_suggestions.at(-1).data_type).toBe('IFCTEXT');
      if (gap.data_type)
        expect(suggested.data_type_suggestions[0].data_type).toBe(gap.data_type.toUpperCase());
      expect(suggested.cardinality_suggestion).toBe(gap.occurrence >= 80 ? 'required' : 'optional');

      const specs = (
        await call(server, editor, 'GET', `${base()}/bimfiles/${fileId}/schema-attributes`)
      ).json().specifications;
      const spec = specs[0];
      const add = {
        specification_id: spec.id,
        property_set_name: gap.property_set_name,
        property_name: gap.name,
        usage_type: 'requirement',
        data_type: suggested.data_type_suggestions[0].data_type,
        cardinality: 'optional',
        value_constraints: [],
        instructions: `Found on ${gap.occurrence.toFixed(1)}% of elements`,
        create_new_version: false,
      };
      const addUrl = '/api/v1/attributes/add-to-specification';
      expect((await call(server, null, 'POST', addUrl, add)).statusCode).toBe(401);
      expect((await call(server, stranger, 'POST', addUrl, add)).statusCode).toBe(404);
      expect((await call(server, viewer, 'POST', addUrl, add)).statusCode).toBe(403);
      const added = await call(server, editor, 'POST', addUrl, add);
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({
        outcome: 'added',
        ids_written: 'edited_in_place',
        specification_id: spec.id,
        facet: { facet_type: 'property', property_set: gap.property_set_name, property_name: gap.name },
      });
      expect(added.json().rechecks).toBe(1);
      expect((await call(server, editor, 'POST', addUrl, add)).statusCode).toBe(409);

      const download = await call(server, editor, 'GET', `${base()}/idsfiles/${idsFileId}/download`);
      expect(download.statusCode).toBe(200);
      const doc = parseIds(download.rawPayload);
      expect(doc.problems).toEqual([]);
      const last = doc.specifications[0]?.requirements.at(-1);
      expect(last).toMatchObject({
        type: 'property',
        propertySet: { kind: 'simple', value: gap.property_set_name },
        baseName: { kind: 'simple', value: gap.name },
        cardinality: 'optional',
      });
      const after = (
        await call(server, editor, 'GET', `${base()}/bimfiles/${fileId}/extra-attributes`)
      ).json();
      const now = after.attributes.find((a: { id: string }) => a.id === gap.id);
      expect(now).toMatchObject({ recommendation_status: 'added_to_schema', ids_coverage: 'covered' });
      const facets = (
        await call(server, editor, 'GET', `${base()}/bimfiles/${fileId}/schema-attributes`)
      ).json().specifications[0].requirement_facets;
      expect(facets.at(-1)).toMatchObject({ property_name: gap.name });
    });

    it('lets anyone read the demo project but refuses its changes', async () => {
      await server.database.db.execute(sql`update projects set is_demo = true where id = ${projectId}`);
      try {
        const read = await call(server, null, 'GET', `${base()}/bimfiles/${fileId}/extra-attributes`);
        expect(read.statusCode).toBe(200);
        expect((await call(server, null, 'GET', `${base()}/attribute-insights`)).statusCode).toBe(200);
        const write = await call(server, editor, 'PATCH', `${base()}/attributes/recommendation`, {
          property_set_name: 'Pset',
          attribute_name: 'X',
          status: 'optional',
        });
        expect(write.statusCode).toBe(403);
        expect(write.json().error).toEqual({
          code: 'demo_read_only',
          message: 'Demo data cannot be modified.',
          messageId: 'error.demo_read_only',
        });
      } finally {
        await server.database.db.execute(sql`update projects set is_demo = false where id = ${projectId}`);
      }
    });

    /** An IDS file whose comments, annotation and requirements description a rewrite would drop. */
    const annotatedIds = (name: string, encoding: string) => `<?xml version="1.0" encoding="${encoding}"?>
<!-- Issued by the client: keep this header -->
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <info><title>${name}</title></info>
  <specifications>
    <!-- One specification per element class -->
    <specification name="${name}" ifcVersion="IFC2X3 IFC4">
      <applicability><entity><name><simpleValue>IFCWINDOW</simpleValue></name></entity></applicability>
      <requirements description="Client rules, section 4.2">
        <attribute>
          <name><simpleValue>Name</simpleValue></name>
          <value>
            <xs:restriction base="xs:string">
              <xs:annotation><xs:documentation>Any name but an empty one</xs:documentation></xs:annotation>
              <xs:minLength value="1"/>
            </xs:restriction>
          </value>
        </attribute>
      </requirements>
    </specification>
  </specifications>
</ids>
`;

    /** Uploads an IDS file and answers the id of its specification and the file's id. */
    async function uploadIdsWithSpec(fileName: string, xml: string | Buffer, specName: string) {
      const uploaded = await upload(server, editor, `${base()}/idsfiles`, fileName, xml);
      expect(uploaded.statusCode).toBe(201);
      const specs = (
        await call(server, editor, 'GET', `${base()}/bimfiles/${fileId}/schema-attributes`)
      ).json().specifications as Array<{ id: string; name: string }>;
      const spec = specs.find((s) => s.name === specName);
      return { idsId: uploaded.json().ids_file.id as string, specId: spec?.id as string };
    }

    const addRequest = (specificationId: string, name: string) => ({
      specification_id: specificationId,
      property_set_name: 'Pset_WindowCommon',
      property_name: name,
      usage_type: 'requirement',
      data_type: 'IFCLABEL',
      cardinality: 'required',
      value_constraints: [{ type: 'enumeration', values: ['EI30', 'EI60'] }],
      instructions: null,
      create_new_version: false,
    });

    /** How many bytes at the start and end of `after` equal those of `before` (not overlapping). */
    function sharedEnds(before: Buffer, after: Buffer): number {
      const limit = Math.min(before.length, after.length);
      let head = 0;
      while (head < limit && before[head] === after[head]) head++;
      let tail = 0;
      while (tail < limit - head && before[before.length - 1 - tail] === after[after.length - 1 - tail])
        tail++;
      return head + tail;
    }

    it('adds a requirement into the IDS text: comments, annotation and description stay, every other byte too', async () => {
      const original = Buffer.from(annotatedIds('Annotated windows', 'UTF-8'), 'utf8');
      const { idsId, specId } = await uploadIdsWithSpec('annotated.ids', original, 'Annotated windows');
      const added = await call(
        server,
        editor,
        'POST',
        '/api/v1/attributes/add-to-specification',
        addRequest(specId, 'FireRating'),
      );
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({ outcome: 'added', ids_written: 'edited_in_place' });

      const stored = (await call(server, editor, 'GET', `${base()}/idsfiles/${idsId}/download`)).rawPayload;
      const text = stored.toString('utf8');
      for (const kept of [
        '<!-- Issued by the client: keep this header -->',
        '<!-- One specification per element class -->',
        '<xs:annotation><xs:documentation>Any name but an empty one</xs:documentation></xs:annotation>',
        'description="Client rules, section 4.2"',
      ])
        expect(text).toContain(kept);
      expect(sharedEnds(original, stored)).toBe(original.length);
      const requirements = parseIds(stored).specifications[0]?.requirements;
      expect(requirements?.map((f) => f.type)).toEqual(['attribute', 'property']);
      expect(requirements?.[1]).toMatchObject({
        propertySet: { kind: 'simple', value: 'Pset_WindowCommon' },
        baseName: { kind: 'simple', value: 'FireRating' },
        value: { kind: 'restriction', enumeration: ['EI30', 'EI60'] },
      });
    });

    it('asks before rewriting a file it cannot edit in place, and rewrites it whole only when confirmed', async () => {
      const original = Buffer.from(annotatedIds('Latin windows', 'ISO-8859-1'), 'latin1');
      const { idsId, specId } = await uploadIdsWithSpec('latin.ids', original, 'Latin windows');
      const url = '/api/v1/attributes/add-to-specification';
      const asked = await call(server, editor, 'POST', url, addRequest(specId, 'AcousticRating'));
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({
        outcome: 'confirmation_required',
        specification_id: specId,
        ids_file_id: idsId,
        warnings: [{ code: 'encoding_not_utf8', declared_encoding: 'ISO-8859-1' }],
      });
      const unchanged = (await call(server, editor, 'GET', `${base()}/idsfiles/${idsId}/download`))
        .rawPayload;
      expect(unchanged.equals(original)).toBe(true);

      const confirmed = await call(server, editor, 'POST', url, {
        ...addRequest(specId, 'AcousticRating'),
        accept_whole_file_rewrite: true,
      });
      expect(confirmed.statusCode).toBe(201);
      expect(confirmed.json()).toMatchObject({ outcome: 'added', ids_written: 'rewritten_whole' });
      const rewritten = (await call(server, editor, 'GET', `${base()}/idsfiles/${idsId}/download`))
        .rawPayload;
      // What the user accepted to lose: the rewrite has the requirement but not the comments.
      expect(rewritten.toString('utf8')).not.toContain('<!--');
      expect(parseIds(rewritten).specifications[0]?.requirements.at(-1)).toMatchObject({
        baseName: { kind: 'simple', value: 'AcousticRating' },
      });
    });
  });
}
