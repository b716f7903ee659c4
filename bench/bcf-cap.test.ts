/**
 * A capped BCF of a generated model against the demo IDS: every failing specification keeps at
 * least one topic, and a summary topic says what was left out (issue 20). The expected figures come
 * from the engine's report, not from the BCF writer.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkModel, parseIds } from '@plumbline/ids';
import { buildBcfReport } from '@plumbline/ids/report/bcf';
import { readIfc } from '@plumbline/ifc';
import { generateIfc } from '@plumbline/ifc-gen';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const demoIds = join(import.meta.dirname, '../apps/server/src/modules/demo/demo.ids');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plumbline-bcf-cap-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('capped BCF of a generated model with the demo IDS', () => {
  // The cap: a topic per failing specification plus the summary (the least that holds them), + extra.
  it.each([
    ['element', 2],
    ['element', 0],
  ] as const)(
    'per %s, cap of failing specifications + 1 + %i: a topic for every failing specification plus the summary',
    async (grouping, extra) => {
      const summary = await generateIfc({
        targetBytes: 1_200_000,
        seed: 7,
        versionTag: 1,
        out: join(dir, 'model.ifc'),
      });
      const bytes = await readFile(summary.path);
      const model = readIfc(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      const report = checkModel(model, parseIds(await readFile(demoIds, 'utf8')));
      model.dispose();
      const failing = report.specifications.filter((s) => s.status === 'fail');
      const failingElements = failing.reduce((sum, s) => sum + s.failingElements.length, 0);
      expect(failing.length).toBeGreaterThan(1);
      const maxTopics = failing.length + 1 + extra;

      for (const version of ['2.1', '3.0'] as const) {
        const files = unzipSync(buildBcfReport(report, { version, grouping, maxTopics }).bytes);
        const markups = Object.entries(files)
          .filter(([name]) => name.endsWith('/markup.bcf'))
          .map(([, data]) => new TextDecoder().decode(data));
        expect(markups.length).toBeLessThanOrEqual(maxTopics);
        for (const spec of failing)
          expect(
            markups.some((m) => m.includes(`<Title>${escapeXml(spec.name)}: `)),
            spec.name,
          ).toBe(true);
        const summaries = markups.filter((m) => m.includes('TopicType="Info"'));
        expect(summaries).toHaveLength(1);
        // What the summary counts left out, plus the elements the kept topics hold, is every failure.
        const omitted = Number(
          /<Title>([\d,]+) failing elements not in this BCF/.exec(summaries[0]!)![1]!.replace(/,/g, ''),
        );
        const kept = Object.entries(files)
          .filter(([name]) => name.endsWith('.bcfv'))
          .reduce(
            (sum, [, data]) =>
              sum +
              (new TextDecoder()
                .decode(data)
                .split('<Selection>')[1]!
                .split('</Selection>')[0]!
                .match(/<Component /g)?.length ?? 0),
            0,
          );
        expect(kept + omitted).toBe(failingElements);
      }
    },
    120_000,
  );
});

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
