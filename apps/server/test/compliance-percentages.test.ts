import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkModel, parseIds } from '@plumbline/ids';
import { readIfc } from '@plumbline/ifc';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { withElements } from './support/applicable-elements';
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

/**
 * Issue 35 (figures): every compliance percentage shown for a version (the Overview card, the trend,
 * the File Inspector's version figure, the PDF and the XLSX) is the one server definition, IDS
 * compliance = elements meeting every requirement of the elements applicable to at least one
 * specification. The expected percentages are counted here from the engine's raw reports (each
 * element's worst status over both IDS files), not read back from the server; and the AI Insights
 * report for "All files" answers about every file, with the NL-SfB enumeration folded.
 */
const duplexIfc = sharedFile('ifc-samples/Duplex_A_20110907.ifc');
const wallIfc = sharedFile('ifc-samples/SimpleWall.ifc');
const ilsIds = sharedFile('ids-examples/IDS_demo_BIM-basis-ILS.ids');
const demoIds = readFileSync(fileURLToPath(new URL('../src/modules/demo/demo.ids', import.meta.url)));
const haveSamples = duplexIfc !== null && wallIfc !== null && ilsIds !== null;

/** Spec 2 §4: all requirements met passes (1); at least half met warns (2); else fails (3). */
function engineRank(passed: boolean, failures: number, requirements: number): number {
  if (passed) return requirements === 0 ? 0 : 1;
  if (requirements > 0 && failures > 0 && (requirements - failures) * 2 >= requirements) return 2;
  return 3;
}

/** Compliant (worst status passed) and applicable (any status) elements of one IFC over the IDS files. */
function countElements(ifc: Buffer, idsFiles: Buffer[]): { compliant: number; applicable: number } {
  const model = readIfc(new Uint8Array(ifc));
  const worst = new Map<number, number>();
  for (const ids of idsFiles) {
    const report = withElements(checkModel(model, parseIds(ids)), model);
    for (const spec of report.specifications)
      for (const e of spec.elements) {
        const rank = engineRank(e.passed, e.failures.length, spec.requirements.length);
        worst.set(e.id, Math.max(worst.get(e.id) ?? 0, rank));
      }
  }
  model.dispose();
  const ranks = [...worst.values()].filter((r) => r > 0);
  return { compliant: ranks.filter((r) => r === 1).length, applicable: ranks.length };
}

/** Percent with one decimal, as the product prints it (written out here, not imported). */
const rate = (c: { compliant: number; applicable: number }) =>
  c.applicable === 0 ? 0 : Math.round((c.compliant / c.applicable) * 1000) / 10;
const shown = (n: number) => `${n.toFixed(1)}%`;

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-pdf-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), bytes);
    // Poppler's pdftotext: the words a reader sees, in reading order.
    return execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const backend of testBackends()) {
  describe.skipIf(!haveSamples)(`one compliance percentage everywhere (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    let projectId: string;
    const fileIds: Record<string, string> = {};
    let duplex: { compliant: number; applicable: number };
    let wall: { compliant: number; applicable: number };
    let project: { compliant: number; applicable: number };
    /** A project of its own for the NL-SfB test: the ILS IDS and SimpleWall.ifc. */
    let nlSfbProject: string;
    const get = async (url: string) => {
      const response = await call(server, owner, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };

    async function report(body: Record<string, unknown>, project = projectId): Promise<Buffer> {
      const res = await call(server, owner, 'POST', `/api/v1/projects/${project}/reports`, body);
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().report_id as string;
      await eventually(async () => {
        const r = (await call(server, owner, 'GET', `/api/v1/reports/${id}`)).json().report;
        if (r.status === 'failed') throw new Error(`report failed: ${r.error_message}`);
        return r.status === 'completed';
      });
      const link = await call(server, owner, 'POST', `/api/v1/projects/${project}/reports/${id}/download`);
      expect(link.statusCode, link.body).toBe(200);
      const file = await server.app.inject({
        method: 'GET',
        url: link.json().download_url,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(file.statusCode).toBe(200);
      if (process.env.REPORT_OUTPUT_DIR)
        writeFileSync(join(process.env.REPORT_OUTPUT_DIR, `${body.name}.${body.format}`), file.rawPayload);
      return file.rawPayload;
    }

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      owner = await signUp(server, 'Petra Percent');
      projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Percentages' })).json()
        .project.id;
      const ids = await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'demo.ids', demoIds);
      expect(ids.statusCode, ids.body).toBe(201);
      // In this order: the trend's first point is the duplex alone, its second the two files.
      const counted: Record<string, { compliant: number; applicable: number }> = {};
      for (const [name, bytes] of [
        ['Duplex_A.ifc', duplexIfc as Buffer],
        ['SimpleWall.ifc', wallIfc as Buffer],
      ] as const) {
        const res = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, name, bytes);
        expect(res.statusCode, res.body).toBe(201);
        fileIds[name] = res.json().bim_file.id;
        // The expected figures, counted here while the server's thread processes the same file.
        counted[name] = countElements(bytes, [demoIds]);
        await eventually(async () => {
          const status = await get(`/api/v1/projects/${projectId}/bimfiles/${fileIds[name]}/status`);
          return status.status === 'completed';
        });
      }
      await eventually(async () => {
        const files = (await get(`/api/v1/projects/${projectId}/bimfiles`)).bim_files;
        return files.every(
          (f: { status: string; rechecking?: boolean }) => f.status === 'completed' && !f.rechecking,
        );
      });
      duplex = counted['Duplex_A.ifc']!;
      wall = counted['SimpleWall.ifc']!;
      project = {
        compliant: duplex.compliant + wall.compliant,
        applicable: duplex.applicable + wall.applicable,
      };
      // The last test's project, uploaded now: its processing runs while the reports below generate.
      nlSfbProject = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'NL-SfB' })).json()
        .project.id as string;
      const ils = await upload(
        server,
        owner,
        `/api/v1/projects/${nlSfbProject}/idsfiles`,
        'ils.ids',
        ilsIds as Buffer,
      );
      expect(ils.statusCode, ils.body).toBe(201);
      const ifc = await upload(
        server,
        owner,
        `/api/v1/projects/${nlSfbProject}/bimfiles`,
        'SimpleWall.ifc',
        wallIfc as Buffer,
      );
      expect(ifc.statusCode, ifc.body).toBe(201);
    });

    it('the samples make the figures differ: neither file is all or nothing, and they differ', () => {
      expect(duplex.applicable).toBeGreaterThan(0);
      expect(wall.applicable).toBeGreaterThan(0);
      expect(rate(duplex)).not.toBe(rate(project));
      expect(rate(duplex)).toBeGreaterThan(0);
      expect(rate(duplex)).toBeLessThan(100);
    });

    it('the Overview card, its trend and the File Inspector print the engine’s IDS compliance', async () => {
      const overview = await get(`/api/v1/projects/${projectId}/overview`);
      expect(overview.cards.ids_compliance).toMatchObject({
        compliant_elements: project.compliant,
        applicable_elements: project.applicable,
        compliance_rate: rate(project),
      });
      expect(overview.trend.map((p: { compliance_score: number }) => p.compliance_score)).toEqual([
        rate(duplex),
        rate(project),
      ]);
      for (const [name, expected] of [
        ['Duplex_A.ifc', duplex],
        ['SimpleWall.ifc', wall],
      ] as const) {
        const inspector = await get(`/api/v1/projects/${projectId}/bimfiles/${fileIds[name]}/compliance`);
        expect(inspector.ids_compliance, name).toMatchObject({
          compliant_elements: expected.compliant,
          applicable_elements: expected.applicable,
          compliance_rate: rate(expected),
        });
      }
      // The Schema Analysis summary no longer has a compliance average of its own.
      const summary = await get(`/api/v1/projects/${projectId}/schema-summary`);
      expect(summary).not.toHaveProperty('averageCompliance');
    });

    it('the comprehensive PDF prints the same percentages, each saying what it is a share of', async () => {
      const text = pdfText(await report({ reportType: 'comprehensive', format: 'pdf', name: 'Figures' }));
      const flat = text.replace(/\s+/g, ' ');
      // Executive summary: the Overview card.
      expect(flat).toContain(`IDS compliance ${shown(rate(project))} of applicable elements`);
      // Per file: the File Inspector's figure for that version.
      expect(flat).toContain(`Duplex_A.ifc v1: IDS compliance ${shown(rate(duplex))} of applicable elements`);
      expect(flat).toContain(`SimpleWall.ifc v1: IDS compliance ${shown(rate(wall))} of applicable elements`);
      // Change since the previous version: the trend's last two points.
      expect(flat).toContain(`IDS compliance ${shown(rate(project))} of applicable elements, `);
      expect(flat).toContain(`(${shown(rate(duplex))})`);
      // Every "IDS compliance N%" in the report is one of the three expected figures.
      const figures = new Set([...flat.matchAll(/IDS compliance (\d+\.\d)%/g)].map((m) => `${m[1]}%`));
      expect(
        [...figures].every((f) => [rate(project), rate(duplex), rate(wall)].map(shown).includes(f)),
      ).toBe(true);
    });

    it('the XLSX summary row of each version holds the same IDS compliance', async () => {
      const bytes = await report({ reportType: 'comprehensive', format: 'xlsx', name: 'Figures sheet' });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Summary') as ExcelJS.Worksheet;
      const header = Array.from(sheet.getRow(1).values as unknown[], (v) =>
        v === undefined ? '' : String(v),
      );
      const col = (title: string) => header.findIndex((h) => typeof h === 'string' && h.startsWith(title));
      const rows = new Map<string, unknown[]>();
      sheet.eachRow((row, n) => {
        if (n > 1) rows.set(String(row.getCell(1).value), row.values as unknown[]);
      });
      for (const [name, expected] of [
        ['Duplex_A.ifc', duplex],
        ['SimpleWall.ifc', wall],
      ] as const) {
        const row = rows.get(name) as unknown[];
        expect(row[col('IDS compliance %')], name).toBe(rate(expected));
        expect(row[col('Applicable elements')], name).toBe(expected.applicable);
        expect(row[col('Compliant elements')], name).toBe(expected.compliant);
      }
    });

    it('AI Insights for All files answers about every file, not the first only', async () => {
      const text = pdfText(
        await report({ reportType: 'ai_insights', format: 'pdf', name: 'Insights', fileId: 'all' }),
      );
      const flat = text.replace(/\s+/g, ' ');
      for (const name of ['Duplex_A.ifc v1', 'SimpleWall.ifc v1']) expect(flat).toContain(name);
      // The eight questions once per file.
      expect(flat.match(/Give me an overview of this model\./g)).toHaveLength(2);
      expect(flat.match(/Which doors and windows fail their requirements\?/g)).toHaveLength(2);
    });

    it('AI Insights folds the ~660 NL-SfB codes of a classification requirement', async () => {
      const other = nlSfbProject;
      await eventually(async () => {
        const files = (await get(`/api/v1/projects/${other}/bimfiles`)).bim_files;
        return files[0]?.status === 'completed' && !files[0]?.rechecking;
      });
      const flat = pdfText(
        await report({ reportType: 'ai_insights', format: 'pdf', name: 'NL-SfB' }, other),
      ).replace(/\s+/g, ' ');
      // The requirement is named, folded as the screens fold it, and no run of codes is printed whole.
      expect(flat).toMatch(/NL-SfB tabel 1" with reference one of "11\.10", "11\.11", "11\.12" \+\d{3} more/);
      const runs = [...flat.matchAll(/(?:"?\d{2}\.\d{2}"?, ){4,}/g)];
      expect(runs).toEqual([]);
    });
  });
}
