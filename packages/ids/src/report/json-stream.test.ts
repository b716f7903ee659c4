import { describe, expect, it } from 'vitest';
import { type Identity, keepCompact } from '../check/part-results';
import { checkFiles } from '../check-files';
import type { CheckReport, ElementResult, FacetFailure, FacetSummary, SpecificationResult } from '../results';
import { haveCorpus, samplePairs } from '../testing/bcf-corpus';
import {
  failingReport,
  invalidReport,
  manyFailuresReport,
  passingReport,
  prohibitedFailingReport,
  propertyFacet,
} from './fixtures';
import { formatJsonReport } from './json';
import { handOver, JSON_CHUNK_BYTES, writeJsonReport } from './json-stream';

/** The chunks written, copied (a writer may not keep a chunk it was handed), and their text. */
async function streamed(
  report: CheckReport,
  chunkBytes?: number,
): Promise<{ text: string; writes: Uint8Array[] }> {
  const writes: Uint8Array[] = [];
  await writeJsonReport(report, (chunk) => void writes.push(chunk.slice()), chunkBytes);
  return { text: Buffer.concat(writes).toString('utf8'), writes };
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
    expect((await streamed(report, 7)).text).toBe(formatJsonReport(report));
  });

  it('writes names outside ASCII, and characters JSON escapes, as the one-string reporter does', async () => {
    // Multi-byte characters cut by the chunk boundaries (1-byte and 5-byte chunks), and the same
    // elements (same ids) failing four specifications, in two with another name or no globalId:
    // their text is not the one written for them before.
    const report = manyFailuresReport(40);
    const odd = (name: string) =>
      report.specifications[0]!.failingElements.map((element, i) => ({
        ...element,
        name: i % 2 === 0 ? `${name} ${i}` : element.name,
        globalId: i % 5 === 0 ? null : element.globalId,
      }));
    const twice: CheckReport = {
      ...report,
      specifications: [
        { ...report.specifications[0]!, failingElements: odd('Tür "Süd"\\ 北 \u{1F6AA}\t\ud800') },
        {
          ...report.specifications[0]!,
          identifier: 'B',
          failingElements: odd('Tür "Süd"\\ 北 \u{1F6AA}\t\ud800'),
        },
        { ...report.specifications[0]!, identifier: 'C', failingElements: odd('Fenêtre') },
        { ...report.specifications[0]!, identifier: 'D' },
      ],
    };
    for (const chunk of [undefined, 1, 5])
      expect((await streamed(twice, chunk)).text).toBe(formatJsonReport(twice));
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
    const sizes = new Set<number>();
    await writeJsonReport(report, (chunk) => {
      writes++;
      total += chunk.length;
      largest = Math.max(largest, chunk.length);
      sizes.add(chunk.length);
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk[i];
        if (c === 123 || c === 91) open++;
        else if (c === 125 || c === 93) open--;
      }
    });
    // Every write is one chunk, the last one shorter.
    expect(largest).toBe(JSON_CHUNK_BYTES);
    expect(sizes.size).toBeLessThanOrEqual(2);
    expect(writes).toBe(Math.ceil(total / JSON_CHUNK_BYTES));
    expect(total).toBeGreaterThan(50 * 1024 * 1024);
    expect(open).toBe(0); // brackets balance (the fixture's strings hold none)
  }, 120_000);

  it('lets go of each specification of a handed-over report once it is written, and of nothing before', async () => {
    const handed = handOver(failingReport);
    const seenWhileWriting: number[] = [];
    const writes: Uint8Array[] = [];
    await writeJsonReport(
      handed,
      (chunk) => {
        writes.push(chunk.slice());
        seenWhileWriting.push(handed.specifications[0]!.failingElements.length);
      },
      1,
    );
    expect(Buffer.concat(writes).toString('utf8')).toBe(formatJsonReport(failingReport));
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

  it("writes a check's compact results without making an object per failing element, handed over or not", async () => {
    // A specification kept as the check keeps it (ids, failure lists, identities; part-results.ts),
    // whose failingElements getter counts its reads: the writer must never read it.
    const elements = manyFailuresReport(300).specifications[0]!.failingElements;
    const identities = new Map<number, Identity>(elements.map((e) => [e.id, e]));
    let reads = 0;
    const compactSpecification = (identifier: string, from: number): SpecificationResult => {
      const some = elements.slice(from, from + 200);
      const base = manyFailuresReport(0).specifications[0]!;
      const failing = {
        ids: Uint32Array.from(some.map((e) => e.id)),
        failures: some.map((e) => e.failures as readonly FacetFailure[]),
      };
      const specification = {
        ...base,
        identifier,
        status: 'fail' as const,
        failedCount: some.length,
        applicableCount: some.length,
        get failingElements(): readonly ElementResult[] {
          reads++;
          return some;
        },
      };
      return keepCompact(specification, failing, identities);
    };
    const report = (): CheckReport => ({
      ...manyFailuresReport(0),
      status: 'fail',
      specifications: [compactSpecification('A', 0), compactSpecification('B', 100)],
    });
    const plain = await streamed(report(), 5);
    const handed = handOver(report());
    const released = await streamed(handed, 5);
    expect(reads).toBe(0);
    // Written from the compact lists, the same bytes as the one-string reporter writes from the elements.
    expect(plain.text).toBe(formatJsonReport(report()));
    expect(released.text).toBe(plain.text);
    expect(handed.specifications.map((s) => [s.identifier, s.failedCount, s.failingElements.length])).toEqual(
      [
        ['A', 200, 0],
        ['B', 200, 0],
      ],
    );
  });

  it("writes a failure shared between specifications with the reason of each one's own facet", async () => {
    // The check shares one failure object between the specifications holding the same requirement
    // use; the writer keeps a failure's text across specifications whose facet at that index has the
    // same canonical key. A and B hold the same facet (separate objects), C another property, D
    // FireRating with another data type: each reads its own reason, as the one-string reporter writes.
    const base = manyFailuresReport(6).specifications[0]!;
    const alone: FacetFailure = {
      facetIndex: 0,
      type: 'property',
      outcome: 'absent',
      kind: 'propertyMissing',
    };
    const second: FacetFailure = {
      facetIndex: 1,
      type: 'property',
      outcome: 'mismatch',
      kind: 'propertyMismatch',
      actualValue: 'EI 30',
    };
    const specification = (identifier: string, first: FacetSummary, failures: readonly FacetFailure[][]) => ({
      ...base,
      identifier,
      requirements: [first, propertyFacet('Pset_DoorCommon', 'AcousticRating', 'IFCLABEL')],
      failingElements: base.failingElements.map((e, i) => ({
        ...e,
        failures: failures[i % failures.length]!,
      })),
    });
    const lists = [[alone], [alone, second], [second]];
    const report: CheckReport = {
      ...manyFailuresReport(6),
      specifications: [
        specification('A', propertyFacet('Pset_DoorCommon', 'FireRating', 'IFCLABEL'), lists),
        specification('B', propertyFacet('Pset_DoorCommon', 'FireRating', 'IFCLABEL'), lists),
        specification('C', propertyFacet('Pset_DoorCommon', 'IsExternal', 'IFCBOOLEAN'), lists),
        specification('D', propertyFacet('Pset_DoorCommon', 'FireRating', 'IFCTEXT'), [
          [alone],
          [second, alone],
        ]),
      ],
    };
    const text = (await streamed(report, 7)).text;
    expect(text).toBe(formatJsonReport(report));
    // Each specification's reason names its own property: the shared failure's text was not reused.
    expect(text).toContain('IsExternal');
    expect(text).toContain('IFCTEXT');
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
