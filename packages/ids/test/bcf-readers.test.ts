/**
 * What other tools make of our BCF: every IFC + IDS pair at hand (sample models × practitioners'
 * IDS files, and the failing conformance cases; 200 reports, about 10 s) written as BCF 2.1 and 3.0,
 * loaded by @parametricos/bcf-js and That Open's BCFTopics, validated against the official XSDs,
 * and checked for GUID collisions across archives. `npm run bcf:corpus` runs the same from the shell.
 */
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildBcfReport } from '../src/report/bcf';
import { failingReport } from '../src/report/fixtures';
import { haveCorpus } from '../src/testing/bcf-corpus';
import { checkBcfCorpus } from '../src/testing/bcf-corpus-check';
import { topicsReadByBcfJs, topicsReadByThatOpen } from '../src/testing/bcf-readers';
import { BCF_XSD_DIR, haveBcfSchemas } from '../src/testing/bcf-xsd';

const ready = haveCorpus() && haveBcfSchemas();
if (!ready && process.env.CI === 'true')
  throw new Error(`The shared corpus or the BCF XSDs (${BCF_XSD_DIR}) are missing.`);

describe('BCF readers', { timeout: 60_000 }, () => {
  it('load every topic of both versions of the fixture', async () => {
    for (const version of ['2.1', '3.0'] as const) {
      const { bytes, topicCount } = buildBcfReport(failingReport, { version, grouping: 'element' });
      expect(await topicsReadByBcfJs(bytes, version)).toBe(topicCount);
      expect(await topicsReadByThatOpen(bytes)).toBe(topicCount);
    }
  });

  it('load no topic from a 3.0 viewpoint with <Coloring> (why 3.0 archives carry none)', async () => {
    const { bytes } = buildBcfReport(failingReport, { version: '3.0', grouping: 'element' });
    const members = unzipSync(bytes);
    const coloured = Object.fromEntries(
      Object.entries(members).map(([name, data]) => {
        if (!name.endsWith('.bcfv')) return [name, data];
        const text = new TextDecoder().decode(data);
        const guid = /IfcGuid="([^"]+)"/.exec(text)![1];
        const coloring = `<Coloring><Color Color="E5484D"><Components><Component IfcGuid="${guid}"/></Components></Color></Coloring>`;
        return [name, new TextEncoder().encode(text.replace('</Components>', `${coloring}</Components>`))];
      }),
    );
    const broken = zipSync(coloured);
    expect(await topicsReadByBcfJs(broken, '3.0')).toBe(0);
    await expect(topicsReadByThatOpen(broken)).rejects.toThrow();
  });
});

describe.skipIf(!ready)('BCF corpus: readers, XSDs and GUIDs', () => {
  it('every archive loads whole in both readers, validates against its version, and shares no GUID with another model or IDS', async () => {
    const outcome = await checkBcfCorpus({});
    expect(outcome.reports).toBeGreaterThan(100);
    expect(outcome.readerShortfalls).toEqual([]);
    expect(outcome.schemaErrors).toEqual([]);
    expect(outcome.guidCollisions).toEqual([]);
  }, 180_000);
});
