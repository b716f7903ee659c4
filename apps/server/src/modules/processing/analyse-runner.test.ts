import { readFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { analyseRows } from './analyse';
import { AnalysisTimeLimitError, runAnalysis } from './analyse-runner';

const SAMPLES = new URL('../../../../../../shared/ifc-samples/', import.meta.url);
const IDS = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<ids:ids xmlns:ids="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <ids:info><ids:title>Walls named</ids:title></ids:info>
  <ids:specifications>
    <ids:specification ifcVersion="IFC2X3" name="Walls have a name">
      <ids:applicability minOccurs="1" maxOccurs="unbounded">
        <ids:entity><ids:name><ids:simpleValue>IFCWALLSTANDARDCASE</ids:simpleValue></ids:name></ids:entity>
      </ids:applicability>
      <ids:requirements>
        <ids:attribute><ids:name><ids:simpleValue>Name</ids:simpleValue></ids:name></ids:attribute>
      </ids:requirements>
    </ids:specification>
  </ids:specifications>
</ids:ids>`);

const VERSION = '0c5a7d3e-2b1f-4c6d-8e9f-0a1b2c3d4e5f';
const wall = () => new Uint8Array(readFileSync(new URL('SimpleWall.ifc', SAMPLES)));
const ids = [{ name: 'walls.ids', xml: IDS, specificationIds: ['spec-1'], lineageId: 'lineage-1' }];
const history = { own: null };

describe('analysis on a worker thread (issue 15)', () => {
  it('reads, checks and extracts on another thread than the one the API answers on', async () => {
    const output = await runAnalysis(
      { versionId: VERSION, bytes: wall(), fileName: 'SimpleWall.ifc', ids, mode: 'full', history },
      60_000,
    );
    expect(output.kind).toBe('done');
    if (output.kind !== 'done') return;
    expect(output.threadId).toBeGreaterThan(0);
    expect(output.threadId).not.toBe(threadId);
    expect(output.results.specifications).toHaveLength(1);
    expect(output.results.specifications[0]?.applicableCount).toBeGreaterThan(0);
    // The rows come back encoded for COPY, each line carrying the version, as many as the engine's.
    const direct = analyseRows({ bytes: wall(), fileName: 'SimpleWall.ifc', ids, mode: 'full' });
    if (direct.kind !== 'done' || !direct.extracted) throw new Error('expected the wall to be read');
    expect(output.extracted?.elements.count).toBe(direct.extracted.elements.stepId.length);
    expect(output.extracted?.elements.count).toBeGreaterThan(0);
    const lines = new TextDecoder()
      .decode(output.extracted?.properties.copy.batches[0])
      .split('\n')
      .filter((line) => line !== '');
    expect(lines).toHaveLength(direct.extracted.properties.name.length);
    expect(lines.every((line) => line.startsWith(`${VERSION}\t`))).toBe(true);
  });

  // Decision 0157, kept by 0467: a thread runs one task and ends, so nothing of one project's task
  // (module state, memory) is left for the next. A thread reused for a second task would answer with
  // the same id (ids are never reused within a process).
  it('runs each analysis on a thread of its own, ended after it', async () => {
    const run = () =>
      runAnalysis(
        { versionId: VERSION, bytes: wall(), fileName: 'SimpleWall.ifc', ids, mode: 'full', history },
        60_000,
      );
    const [first, second] = await Promise.all([run(), run()]);
    const third = await run();
    const threads = [first, second, third].map((output) => (output.kind === 'done' ? output.threadId : null));
    expect(threads.every((id) => typeof id === 'number' && id > 0 && id !== threadId)).toBe(true);
    expect(new Set(threads).size).toBe(3);
  });

  it("answers an unreadable file with the reader's finding, not an error", async () => {
    const output = await runAnalysis(
      {
        versionId: VERSION,
        bytes: new TextEncoder().encode('not a STEP file'),
        fileName: 'x.ifc',
        ids,
        mode: 'full',
        history,
      },
      60_000,
    );
    expect(output.kind).toBe('unreadable');
  });

  it('ends the thread at the time limit and says which limit', async () => {
    const run = runAnalysis(
      { versionId: VERSION, bytes: wall(), fileName: 'SimpleWall.ifc', ids, mode: 'full', history },
      1,
    );
    await expect(run).rejects.toBeInstanceOf(AnalysisTimeLimitError);
    await expect(run).rejects.toThrow('PROCESSING_TIME_LIMIT_SECONDS');
  });
});
