import type { FacetComplianceResult, IdsSpecification } from '@plumbline/contracts';
import type { FacetFailure, SpecificationResult } from '@plumbline/ids';
import { checkModel, parseIds } from '@plumbline/ids';
import { failureText, idsWords } from '@plumbline/ids/report/words';
import { readIfc } from '@plumbline/ifc';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ReportWithElements, withElements } from './support/applicable-elements';
import { testBackends } from './support/backends';
import { uploadIds, uploadProcessed } from './support/processed-model';
import { sharedFile } from './support/samples';
import {
  call,
  eventually,
  type Session,
  signUp,
  type TestServer,
  testServerForBlock,
} from './support/server';

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const haveSamples = windowsIfc !== null && windowsIds !== null;

const rank = { not_applicable: 0, passed: 1, warning: 2, failed: 3 } as const;
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
/** A specification's state (decision 0173): nothing applicable, else the 80 / 50 bands of its rate. */
const stateOf = (passed: number, applicable: number) =>
  applicable === 0
    ? 'not_applicable'
    : pct(passed, applicable) >= 80
      ? 'passed'
      : pct(passed, applicable) >= 50
        ? 'warning'
        : 'failed';

/** Spec 2 §4 read independently of the server (which asks its SQL function): a passing element
 * passes, or is not applicable when nothing is required; a failing one is a warning while it still
 * meets half of its requirements or more, else failed. */
function statusBySpec(passed: boolean, failed: number, required: number): keyof typeof rank {
  if (passed) return required === 0 ? 'not_applicable' : 'passed';
  return failed > 0 && required > 0 && required - failed >= required / 2 ? 'warning' : 'failed';
}

/** A failure in the engine's words, from the engine's own facet. */
function reasonOf(spec: SpecificationResult, failure: FacetFailure): string {
  return failureText(idsWords(), failure, spec.requirements[failure.facetIndex]!.facet);
}

/** What the compliance reads must say, worked out from the engine's own report. */
function expectationsOf(report: ReportWithElements, productCount: number) {
  const specs = report.specifications.map((s) => {
    const requirementCount = s.requirements.length;
    const statuses = s.elements.map((e) => statusBySpec(e.passed, e.failures.length, requirementCount));
    const failedFacets = new Set(s.elements.flatMap((e) => e.failures.map((f) => f.facetIndex))).size;
    const unpopulated = s.elements.filter((e) => e.failures.some((f) => f.actualValue === undefined)).length;
    return {
      spec: s,
      statuses,
      failedFacets,
      populated: s.applicableCount - unpopulated,
      count: (status: keyof typeof rank) => statuses.filter((x) => x === status).length,
    };
  });
  const worst = new Map<number, number>();
  for (const { spec, statuses } of specs) {
    spec.elements.forEach((e, i) => {
      worst.set(e.id, Math.max(worst.get(e.id) ?? 0, rank[statuses[i] as keyof typeof rank]));
    });
  }
  const withStatus = [...worst].filter(([, r]) => r > 0).sort((a, b) => a[0] - b[0]);
  const counts = {
    passed: withStatus.filter(([, r]) => r === 1).length,
    // No waiver in this test (issue 32): nothing is waived.
    waived: 0,
    warning: withStatus.filter(([, r]) => r === 2).length,
    failed: withStatus.filter(([, r]) => r === 3).length,
    not_applicable: productCount - withStatus.length,
  };
  return { specs, withStatus, counts };
}

for (const backend of testBackends()) {
  describe.skipIf(!haveSamples)(`IDS compliance reads (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    let stranger: Session;
    let projectId: string;
    let fileId: string;
    let versionId: string;
    let expected: ReturnType<typeof expectationsOf>;
    let report: ReportWithElements;
    let specIds: string[];

    const fileUrl = () => `/api/v1/projects/${projectId}/bimfiles/${fileId}/compliance`;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      owner = await signUp(server, 'Olivia Owner');
      stranger = await signUp(server, 'Stan Stranger');
      projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Windows' })).json().project
        .id;
      await uploadIds(server, owner, projectId, 'IDS_wooden-windows.ids', windowsIds as Buffer);
      ({ fileId, versionId } = await uploadProcessed(
        server,
        owner,
        projectId,
        'Windows.ifc',
        windowsIfc as Buffer,
      ));
      const model = readIfc(new Uint8Array(windowsIfc as Buffer));
      report = withElements(checkModel(model, parseIds(windowsIds as Buffer)), model);
      expected = expectationsOf(report, [...model.products()].length);
      model.dispose();
      const listed = (
        await call(server, owner, 'GET', `/api/v1/projects/${projectId}/ids/specifications`)
      ).json();
      specIds = listed.specifications.map((s: { id: string }) => s.id);
    });

    it('lists the specifications with facets and, for a version, the engine’s numbers', async () => {
      const response = await call(
        server,
        owner,
        'GET',
        `/api/v1/projects/${projectId}/ids/specifications?fileId=${fileId}`,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.version_id).toBe(versionId);
      expect(body.specifications.map((s: { name: string }) => s.name)).toEqual(
        report.specifications.map((s) => s.name),
      );
      body.specifications.forEach((s: IdsSpecification, position: number) => {
        const e = expected.specs[position] as (typeof expected.specs)[number];
        expect(s.requirement_facets).toHaveLength(e.spec.requirements.length);
        expect(s.applicability_facets.map((f: { id: string }) => f.id)).toEqual(
          e.spec.applicability.map((_, i) => `${position}.a${i}`),
        );
        expect(s.compliance_summary).toEqual({
          compliance_rate: pct(e.spec.passedCount, e.spec.applicableCount),
          total_facets: e.spec.requirements.length,
          passed_facets: e.spec.applicableCount > 0 ? e.spec.requirements.length - e.failedFacets : 0,
          failed_facets: e.failedFacets,
          compliant_elements: e.spec.passedCount,
          total_elements:
            expected.counts.passed +
            expected.counts.warning +
            expected.counts.failed +
            expected.counts.not_applicable,
          applicable_elements: e.spec.applicableCount,
          applicability_rate: pct(
            e.spec.applicableCount,
            expected.counts.not_applicable + expected.withStatus.length,
          ),
          cardinality_satisfied: e.spec.cardinality === 'required' ? e.spec.applicableCount > 0 : true,
          state: stateOf(e.spec.passedCount, e.spec.applicableCount),
        });
      });
      // Without a file there is nothing to summarise.
      const plain = (
        await call(server, owner, 'GET', `/api/v1/projects/${projectId}/ids/specifications`)
      ).json();
      expect(
        plain.specifications.every((s: { compliance_summary: unknown }) => s.compliance_summary === null),
      ).toBe(true);
    });

    it('gives the file-level compliance, per-specification counts and chart rows', async () => {
      const response = await call(server, owner, 'GET', `${fileUrl()}?versionId=${versionId}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const passed = report.specifications.reduce((sum, s) => sum + s.passedCount, 0);
      const applicable = report.specifications.reduce((sum, s) => sum + s.applicableCount, 0);
      expect(body).toMatchObject({
        file_id: fileId,
        version_id: versionId,
        version_tag: 'v1',
        compliance_rate: pct(passed, applicable),
        compliant_pairs: passed,
        applicable_pairs: applicable,
        total_specifications: report.specifications.length,
      });
      expect(body.specifications).toEqual(
        expected.specs.map((e, i) => ({
          specification_id: specIds[i],
          name: e.spec.name,
          ids_file_name: 'IDS_wooden-windows.ids',
          applicable_elements: e.spec.applicableCount,
          compliant_elements: e.spec.passedCount,
          passed: e.count('passed'),
          waived: 0,
          warning: e.count('warning'),
          failed: e.count('failed'),
          compliance_rate: pct(e.spec.passedCount, e.spec.applicableCount),
          state: stateOf(e.spec.passedCount, e.spec.applicableCount),
        })),
      );
      // The sample has all three: elements meeting everything, at least half, and less.
      expect(expected.specs.some((e) => e.count('warning') > 0)).toBe(true);
      expect(expected.specs.some((e) => e.count('failed') > 0)).toBe(true);
      expect(body.chart_rows).toEqual(
        expected.specs.map((e) => ({
          category_name: e.spec.name,
          exists: e.spec.applicableCount > 0 ? 100 : 0,
          populated: pct(e.populated, e.spec.applicableCount),
          compliant: pct(e.spec.passedCount, e.spec.applicableCount),
          exists_count: e.spec.applicableCount,
          populated_count: e.populated,
          compliant_count: e.spec.passedCount,
        })),
      );
      // The latest completed version is the default.
      expect((await call(server, owner, 'GET', fileUrl())).json().version_id).toBe(versionId);
    });

    it('pages the facet results of a specification with the engine’s reasons', async () => {
      const position = expected.specs.findIndex((e) => e.spec.failedCount > 1);
      const e = expected.specs[position] as (typeof expected.specs)[number];
      const url = `${fileUrl()}/specifications/${specIds[position]}/results`;
      const all = (await call(server, owner, 'GET', url)).json();
      expect(all).toMatchObject({ total: e.spec.applicableCount, offset: 0, limit: 200 });
      const engine = [...e.spec.elements].sort((a, b) => a.id - b.id);
      expect(
        all.results.map((r: FacetComplianceResult) => ({
          id: r.viewer_db_id,
          globalId: r.global_id,
          passed: r.meets_requirements,
          applicability: r.facet_results.applicability.every((f: { passed: boolean }) => f.passed),
          requirements: r.facet_results.requirements.map((f: { passed: boolean }) => f.passed),
          reasons: r.failures.map((f: { reason: string }) => f.reason),
          details: r.facet_results.requirements.flatMap((f: { details: { reason: string | null } }) =>
            f.details.reason ? [f.details.reason] : [],
          ),
        })),
      ).toEqual(
        engine.map((el) => ({
          id: el.id,
          globalId: el.globalId,
          passed: el.passed,
          applicability: true,
          requirements: e.spec.requirements.map((_, i) => !el.failures.some((f) => f.facetIndex === i)),
          // The engine's own words for its findings (English: the request sends no Accept-Language).
          reasons: el.failures.map((f) => reasonOf(e.spec, f)),
          details: [...el.failures]
            .sort((a, b) => a.facetIndex - b.facetIndex)
            .map((f) => reasonOf(e.spec, f)),
        })),
      );
      const second = (await call(server, owner, 'GET', `${url}?offset=1&limit=1`)).json();
      expect(second.results.map((r: { viewer_db_id: number }) => r.viewer_db_id)).toEqual([engine[1]?.id]);
      expect((await call(server, owner, 'GET', `${url}?limit=201`)).statusCode).toBe(400);
    });

    it('counts elements by status and lists results by specification and status', async () => {
      const response = await call(server, owner, 'GET', `${fileUrl()}/results`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.summary).toEqual(expected.counts);
      const pairs = expected.specs.reduce(
        (sum, e) => sum + e.statuses.filter((s) => s !== 'not_applicable').length,
        0,
      );
      expect(body.total).toBe(pairs);
      expect(body.results.length).toBe(Math.min(20, pairs));

      const position = expected.specs.findIndex((e) => e.count('warning') > 0);
      const e = expected.specs[position] as (typeof expected.specs)[number];
      const warnings = (
        await call(
          server,
          owner,
          'GET',
          `${fileUrl()}/results?specificationId=${specIds[position]}&status=warning`,
        )
      ).json();
      expect(warnings.summary).toEqual({
        passed: e.count('passed'),
        waived: 0,
        warning: e.count('warning'),
        failed: e.count('failed'),
        not_applicable:
          expected.counts.not_applicable +
          expected.withStatus.length -
          e.statuses.filter((s) => s !== 'not_applicable').length,
      });
      // Each row also carries its validity marks (checked against the model in validity-marks.test.ts).
      expect(warnings.results.map(({ validity_marks, ...row }: { validity_marks: unknown }) => row)).toEqual(
        e.spec.elements
          .filter((_, i) => e.statuses[i] === 'warning')
          .sort((a, b) => a.id - b.id)
          .map((el) => ({
            viewer_db_id: el.id,
            global_id: el.globalId,
            name: el.name,
            ifc_class: el.className,
            status: 'warning',
            specification_id: specIds[position],
            specification_name: e.spec.name,
          })),
      );
      const notApplicable = (
        await call(server, owner, 'GET', `${fileUrl()}/results?status=not_applicable&limit=200`)
      ).json();
      expect(notApplicable.total).toBe(expected.counts.not_applicable);
      const applicableIds = new Set(expected.withStatus.map(([id]) => id));
      expect(
        notApplicable.results.every((r: { viewer_db_id: number }) => !applicableIds.has(r.viewer_db_id)),
      ).toBe(true);
    });

    it('maps every element to its status for the 3D viewer', async () => {
      const body = (await call(server, owner, 'GET', `${fileUrl()}/element-statuses`)).json();
      expect(body.viewer_db_ids).toEqual(expected.withStatus.map(([id]) => id));
      expect(body.statuses).toEqual(
        expected.withStatus.map(([, r]) => ['not_applicable', 'passed', 'warning', 'failed'][r]),
      );
      expect(body.summary).toEqual(expected.counts);
    });

    it('answers 404 for an unknown file, version or specification and 401/404 to outsiders', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      const base = `/api/v1/projects/${projectId}/bimfiles`;
      expect((await call(server, owner, 'GET', `${base}/${missing}/compliance`)).statusCode).toBe(404);
      expect((await call(server, owner, 'GET', `${fileUrl()}?versionId=${missing}`)).statusCode).toBe(404);
      expect(
        (await call(server, owner, 'GET', `${fileUrl()}/specifications/${missing}/results`)).statusCode,
      ).toBe(404);
      expect(
        (await call(server, owner, 'GET', `${fileUrl()}/results?specificationId=${missing}`)).statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            server,
            owner,
            'GET',
            `/api/v1/projects/${projectId}/ids/specifications?fileId=${missing}`,
          )
        ).statusCode,
      ).toBe(404);
      for (const url of [
        `/api/v1/projects/${projectId}/ids/specifications`,
        fileUrl(),
        `${fileUrl()}/results`,
        `${fileUrl()}/element-statuses`,
      ]) {
        expect((await call(server, null, 'GET', url)).statusCode).toBe(401);
        expect((await call(server, stranger, 'GET', url)).statusCode).toBe(404);
      }
    });

    it('rewrites the summaries when a re-check replaces the results', async () => {
      const idsFiles = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/idsfiles`)).json()
        .ids_files;
      const idsUrl = `/api/v1/projects/${projectId}/idsfiles/${idsFiles[0].id}`;
      const statuses = async () => (await call(server, owner, 'GET', `${fileUrl()}/element-statuses`)).json();
      expect((await call(server, owner, 'PATCH', idsUrl, { is_active: false })).statusCode).toBe(200);
      const cleared = await eventually(async () => {
        const body = await statuses();
        return body.viewer_db_ids.length === 0 ? body : null;
      });
      expect(cleared.summary.not_applicable).toBe(
        expected.counts.not_applicable + expected.withStatus.length,
      );
      expect((await call(server, owner, 'PATCH', idsUrl, { is_active: true })).statusCode).toBe(200);
      const restored = await eventually(async () => {
        const body = await statuses();
        return body.viewer_db_ids.length > 0 ? body : null;
      });
      expect(restored.summary).toEqual(expected.counts);
      specIds = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/ids/specifications`))
        .json()
        .specifications.map((s: { id: string }) => s.id);
      const rows = (await call(server, owner, 'GET', fileUrl())).json().specifications;
      expect(rows.map((r: { warning: number }) => r.warning)).toEqual(
        expected.specs.map((e) => e.count('warning')),
      );
    });

    it('lets anyone read the demo project’s compliance', async () => {
      await server.database.db.execute(sql`update projects set is_demo = true where id = ${projectId}`);
      try {
        const anonymous = await call(server, null, 'GET', `${fileUrl()}/results`);
        expect(anonymous.statusCode).toBe(200);
        expect(anonymous.json().summary).toEqual(expected.counts);
        expect(
          (await call(server, stranger, 'GET', `/api/v1/projects/${projectId}/ids/specifications`))
            .statusCode,
        ).toBe(200);
      } finally {
        await server.database.db.execute(sql`update projects set is_demo = false where id = ${projectId}`);
      }
    });

    it('describes the compliance routes in the OpenAPI document', async () => {
      const document = (await call(server, null, 'GET', '/api/docs/json')).json();
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          '/api/v1/projects/{projectId}/ids/specifications',
          '/api/v1/projects/{projectId}/bimfiles/{fileId}/compliance',
          '/api/v1/projects/{projectId}/bimfiles/{fileId}/compliance/specifications/{specificationId}/results',
          '/api/v1/projects/{projectId}/bimfiles/{fileId}/compliance/results',
          '/api/v1/projects/{projectId}/bimfiles/{fileId}/compliance/element-statuses',
        ]),
      );
    });
  });
}
