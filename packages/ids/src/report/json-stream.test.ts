import { describe, expect, it } from 'vitest';
import { checkFiles } from '../check-files';
import type { CheckReport, SpecificationResult } from '../results';
import { haveCorpus, samplePairs } from '../testing/bcf-corpus';
import {
  failingReport,
  invalidReport,
  manyFailuresReport,
  passingReport,
  prohibitedFailingReport,
} from './fixtures';
import { formatJsonReport } from './json';
import { handOver, JSON_CHUNK_CHARS, writeJsonReport } from './json-stream';

async function streamed(
  report: CheckReport,
  chunkChars?: number,
): Promise<{ text: string; writes: string[] }> {
  const writes: string[] = [];
  await writeJsonReport(report, (chunk) => void writes.push(chunk), chunkChars);
  return { text: writes.join(''), writes };
}

const noFailures: CheckReport = {
  ...failingReport,
  specifications: failingReport.specifications.map(
    (specification): SpecificationResult => ({
      ...specification,
      failingElements: [],
    }),
  ),
};

describe('streamed JSON report', () => {
  it.each([
    ['failing', failingReport],
    ['passing', passingReport],
    ['invalid (no specifications)', invalidReport],
    ['without failing elements', noFailures],
    ['large', manyFailuresReport(2000)],
    ['prohibited', prohibitedFailingReport],
  ])('writes the same bytes as the one-string reporter for a %s report', async (_name, report) => {
    expect((await streamed(report)).text).toBe(formatJsonReport(report));
    expect((await streamed(report, 1)).text).toBe(formatJsonReport(report));
  });

  it.skipIf(!haveCorpus())(
    'writes the same bytes, and the same parsed value, for the sample models',
    async () => {
      const pairs = samplePairs({ models: ['AC20-FZK-Haus.ifc', 'Duplex_A_20110907.ifc'] });
      for (const list of pairs.values()) {
        for (const pair of list.slice(0, 4)) {
          const report = await checkFiles(pair.modelPath, pair.idsPath);
          const { text } = await streamed(report);
          expect(text, pair.name).toBe(formatJsonReport(report));
          expect(JSON.parse(text), pair.name).toEqual(JSON.parse(formatJsonReport(report)));
        }
      }
    },
    120_000,
  );

  it('streams a report of 200,000 failing elements in bounded writes, never one string', async () => {
    const report = manyFailuresReport(200_000);
    let total = 0;
    let largest = 0;
    let writes = 0;
    let open = 0;
    await writeJsonReport(report, (chunk) => {
      writes++;
      total += chunk.length;
      largest = Math.max(largest, chunk.length);
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (c === 123 || c === 91) open++;
        else if (c === 125 || c === 93) open--;
      }
    });
    // One element's text is a few hundred characters: a write is at most a chunk plus one piece.
    expect(largest).toBeLessThan(JSON_CHUNK_CHARS + 2048);
    expect(writes).toBeGreaterThan(total / (JSON_CHUNK_CHARS + 2048));
    expect(total).toBeGreaterThan(50 * 1024 * 1024);
    expect(open).toBe(0); // brackets balance (the fixture's strings hold none)
  }, 120_000);

  it('lets go of each specification of a handed-over report once it is written, and of nothing before', async () => {
    const handed = handOver(failingReport);
    const seenWhileWriting: number[] = [];
    const writes: string[] = [];
    await writeJsonReport(
      handed,
      (chunk) => {
        writes.push(chunk);
        seenWhileWriting.push(handed.specifications[0]!.failingElements.length);
      },
      1,
    );
    expect(writes.join('')).toBe(formatJsonReport(failingReport));
    // The walls' three failures were still there when the first pieces went out, then let go.
    expect(seenWhileWriting[0]).toBe(3);
    expect(handed.specifications.map((s) => [s.failingElements.length, s.passingIds.length])).toEqual(
      handed.specifications.map(() => [0, 0]),
    );
    expect(handed.specifications.map((s) => [s.status, s.failedCount])).toEqual(
      failingReport.specifications.map((s) => [s.status, s.failedCount]),
    );
    // The report it was handed over from is untouched.
    expect(failingReport.specifications[0]!.failingElements).toHaveLength(3);
  });

  it('waits for each write before producing the next (back-pressure)', async () => {
    const order: string[] = [];
    await writeJsonReport(
      manyFailuresReport(2000),
      async () => {
        order.push('write');
        await new Promise((resolve) => setTimeout(resolve, 1));
        order.push('done');
      },
      1024,
    );
    for (let i = 0; i < order.length; i += 2) expect(order.slice(i, i + 2)).toEqual(['write', 'done']);
  });
});
