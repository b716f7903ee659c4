/**
 * The buildingSMART IDS 1.0 conformance suite as a regression test (skipped with a message when
 * ../shared/ids-testcases is not present).
 */
import { describe, expect, it } from 'vitest';
import { formatSummary, loadManifest, runManifest, testcasesDirectory } from './manifest-runner';

const dir = testcasesDirectory();
const cases = loadManifest(dir);

describe.skipIf(!cases)('IDS conformance suite', () => {
  it('passes every case in the manifest', { timeout: 300_000 }, async () => {
    const outcomes = await runManifest(cases ?? [], dir);
    const failed = outcomes.filter((o) => !o.ok);
    expect(
      failed.map((o) => `${o.case.id}: got ${o.got} (${o.detail})`),
      formatSummary(outcomes),
    ).toEqual([]);
    expect(outcomes).toHaveLength(cases?.length ?? 0);
  });
});

if (!cases) console.warn(`IDS conformance suite skipped: no manifest.json in ${dir}`);
