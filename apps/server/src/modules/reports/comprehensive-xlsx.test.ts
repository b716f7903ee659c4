import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWorkerTask } from '../../platform/worker-task';
import { writeComprehensiveXlsx, type XlsxRows, xlsxFeed } from './comprehensive-xlsx';
import type { ComprehensiveData } from './data';
import type { FailureExample } from './repo';

const FAILURES = 30_000;
const ELEMENTS = 12_000;

/** What the writer reads of the gathered data: two files, one with many rows, one with a few. */
function gathered(): ComprehensiveData {
  const file = (versionId: string, fileName: string, elementsCount: number) => ({
    version: { versionId, fileName, versionTag: 'V1', elementsCount, sha256: `sha-${versionId}` },
    compliance: {
      total_specifications: 2,
      applicable_pairs: 10,
      compliant_pairs: 7,
      compliance_rate: 70,
      ids_compliance: {
        compliant_elements: 3,
        applicable_elements: 5,
        total_elements: 9,
        compliance_rate: 60,
      },
    },
    failureRows: 0,
    validity: { checked: true, schema: 'IFC4X3_ADD2', passed: 30, notApplicable: 8, failing: [] },
    specifications: [
      {
        id: 'spec-a',
        name: 'Walls are rated',
        idsFileName: 'rules.ids',
        applicable: 5,
        compliant: 3,
        rate: 60,
        requirements: [{ facetIndex: 0, requirement: 'must have Pset_WallCommon.FireRating' }],
      },
      {
        id: 'spec-b',
        name: 'Doors are named',
        idsFileName: 'rules.ids',
        applicable: 5,
        compliant: 4,
        rate: 80,
        requirements: [{ facetIndex: 1, requirement: 'must have attribute Name' }],
      },
    ],
  });
  return {
    locale: 'en',
    generatedAt: new Date('2026-11-26T12:00:00Z'),
    files: [file('v-big', 'big.ifc', ELEMENTS), file('v-small', 'small.ifc', 3)],
    idsFiles: [{ name: 'rules.ids', sha256: 'sha-ids' }],
    insights: {
      topRecommendations: [
        {
          name: 'FireRating',
          propertySet: 'Pset_WallCommon',
          occurrence: 42,
          helpfulness: 100,
          priority: 'high',
          reason: 'why',
        },
      ],
    },
    evidence: { engineVersion: '1.0.0', conformance: '236/236' },
  } as unknown as ComprehensiveData;
}

/** Rows as the database would give them, generated: every field varies, some are null. */
function rowsInMemory(): XlsxRows {
  const failures = (versionId: string, n: number): FailureExample[] =>
    Array.from({ length: n }, (_, i) => ({
      specificationId: i % 3 === 0 ? 'spec-b' : 'spec-a',
      facetIndex: i % 3 === 0 ? 1 : 0,
      stepId: i + 1,
      globalId: i % 17 === 0 ? null : `${versionId}-gid-${i}`,
      name: i % 11 === 0 ? null : `Element ${i}`,
      ifcClass: i % 2 ? 'IFCWALL' : 'IFCDOOR',
      level: i % 5 === 0 ? null : `Level ${i % 4}`,
      failure: { facetIndex: i % 3 === 0 ? 1 : 0, type: 'property', outcome: 'empty', kind: 'propertyEmpty' },
      reason: `The property FireRating has no value (${i})`,
      actualValue: i % 7 === 0 ? null : `value ${i}`,
      waived: i % 19 === 0,
    }));
  const elements = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      stepId: i + 1,
      globalId: i % 13 === 0 ? null : `gid-${i}`,
      name: i % 9 === 0 ? null : `Element ${i}`,
      ifcClass: 'IFCWALL',
      level: i % 6 === 0 ? null : 'Level 1',
      status: i % 4 === 0 ? null : i % 4,
    }));
  async function* each<T>(list: T[]): AsyncGenerator<T> {
    yield* list;
  }
  return {
    failures: (v) => each(failures(v, v === 'v-big' ? FAILURES : 4)),
    elements: (v) => each(elements(v === 'v-big' ? ELEMENTS : 3)),
  };
}

async function cellsOf(path: string): Promise<Array<[string, unknown[][]]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => rows.push(row.values as unknown[]));
    return [sheet.name, rows];
  });
}

describe('the comprehensive XLSX on a worker thread (issue 15, decision 0168)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plumbline-xlsx-test-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('writes the same workbook as on the main thread, and the main thread keeps answering', async () => {
    const data = gathered();
    const onMain = join(dir, 'main.xlsx');
    const failureRowsOnMain = await writeComprehensiveXlsx(data, onMain, rowsInMemory());
    expect(failureRowsOnMain).toBe(FAILURES + 4);

    // While the worker writes, a timer on this thread counts its ticks.
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 10);
    const onWorker = join(dir, 'worker.xlsx');
    const output = await runWorkerTask<{ failureRows: number; threadId: number }>(
      'write-comprehensive-xlsx',
      { data, path: onWorker },
      // The time limit only stops a hung worker (below the test's 600 s), never a slow one (decision 0205).
      { timeLimitMs: 500_000, limitMessage: 'hung', feed: xlsxFeed(rowsInMemory(), data) },
    ).finally(() => clearInterval(timer));

    expect(output.threadId).not.toBe(threadId);
    expect(output.failureRows).toBe(FAILURES + 4);
    // The main thread kept ticking while the worker wrote. How long its longest gap was is a figure
    // for `npm run bench:responsiveness` (issue 15 acceptance 3), not an assertion (decision 0205).
    expect(ticks).toBeGreaterThan(10);

    const [main, worker] = await Promise.all([cellsOf(onMain), cellsOf(onWorker)]);
    expect(worker.map(([name]) => name)).toEqual([
      'Summary',
      'Specifications',
      'Failures',
      'Elements',
      'Validity rules',
      'Validity findings',
      'Attributes',
      'Evidence',
    ]);
    expect(worker.find(([name]) => name === 'Failures')?.[1]).toHaveLength(FAILURES + 4 + 1);
    expect(worker.find(([name]) => name === 'Elements')?.[1]).toHaveLength(ELEMENTS + 3 + 1);
    expect(worker).toEqual(main);
  });

  it('fails the task when the feed ends before the writer has its rows', async () => {
    const data = gathered();
    async function* cut() {
      const all = xlsxFeed(rowsInMemory(), data);
      for (let i = 0; i < 3; i++) {
        const next = await all.next();
        if (!next.done) yield next.value;
      }
    }
    await expect(
      runWorkerTask(
        'write-comprehensive-xlsx',
        { data, path: join(dir, 'cut.xlsx') },
        {
          timeLimitMs: 500_000,
          limitMessage: 'hung',
          feed: cut(),
        },
      ),
    ).rejects.toThrow(/never came/);
  });
});
