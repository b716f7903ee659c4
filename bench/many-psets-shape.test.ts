/**
 * The generator's many-property-sets shape (decision 0182): every wall, door and window carries 8
 * further occurrence property sets (10 of its own with Pset_*Common and the base quantities,
 * counted here from the file by an independent STEP reader); the file is deterministic for a seed;
 * and our engine still reports exactly the failures the generator injected.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkModelInParallel, parseIds } from '@plumbline/ids';
import { readIfcFile } from '@plumbline/ifc';
import { type GenerateSummary, generateIfc, MANY_PSETS_EXTRA } from '@plumbline/ifc-gen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareOutcomes, expectedOutcomes } from './lib/expected-results';
import { parseInstances, text } from './lib/step-scan';

let dir: string;
let summary: GenerateSummary;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plumbline-psets-'));
  summary = await generateIfc({
    targetBytes: 1_500_000,
    seed: 4,
    out: join(dir, 'a.ifc'),
    extraPropertySets: MANY_PSETS_EXTRA,
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

describe('many-property-sets shape', () => {
  it('gives every wall, door and window at least 8 property sets of its own, 10 when nothing is missing', async () => {
    const instances = parseInstances(await readFile(summary.path, 'latin1'));
    const setsOf = new Map<number, string[]>();
    for (const inst of instances.values()) {
      if (inst.cls !== 'IFCRELDEFINESBYPROPERTIES') continue;
      const related = inst.params[4]!;
      const set = inst.params[5]!;
      if (related.kind !== 'list' || set.kind !== 'ref') continue;
      const name = text(instances.get(set.id)!.params[2]) ?? '';
      for (const item of related.items) {
        if (item.kind !== 'ref') continue;
        setsOf.set(item.id, [...(setsOf.get(item.id) ?? []), name]);
      }
    }
    let hosts = 0;
    for (const inst of instances.values()) {
      if (!['IFCWALL', 'IFCDOOR', 'IFCWINDOW'].includes(inst.cls)) continue;
      hosts++;
      const names = setsOf.get(inst.id) ?? [];
      expect(names.length, `${inst.cls} #${inst.id}`).toBeGreaterThanOrEqual(8);
      expect(new Set(names).size).toBe(names.length);
      if (inst.cls !== 'IFCWALL') expect(names.length).toBe(2 + MANY_PSETS_EXTRA);
      expect(names).toContain('Pset_Warranty');
    }
    expect(hosts).toBe(
      (summary.byClass.IFCWALL ?? 0) + (summary.byClass.IFCDOOR ?? 0) + (summary.byClass.IFCWINDOW ?? 0),
    );
    expect(summary.extraPropertySets).toBe(MANY_PSETS_EXTRA);
  });

  it('is the same file for the same seed, and another without the option', async () => {
    const again = await generateIfc({
      targetBytes: 1_500_000,
      seed: 4,
      out: join(dir, 'c.ifc'), // a name as long as the first's: FILE_NAME holds it
      extraPropertySets: MANY_PSETS_EXTRA,
    });
    expect(again.bytes).toBe(summary.bytes);
    // FILE_NAME holds the file's name: compare everything after the header.
    const body = async (path: string) => (await readFile(path, 'latin1')).split('DATA;')[1];
    expect(await body(again.path)).toBe(await body(summary.path));
    const standard = await generateIfc({ targetBytes: 1_500_000, seed: 4, out: join(dir, 'b.ifc') });
    expect(standard.extraPropertySets).toBeUndefined();
    expect(standard.elements).toBeGreaterThan(summary.elements);
    expect(await sha(standard.path)).not.toBe(await sha(summary.path));
  });

  it('is checked with exactly the injected failures', async () => {
    const model = await readIfcFile(summary.path);
    const ids = parseIds(await readFile(join(import.meta.dirname, 'bench.ids'), 'utf8'));
    const report = await checkModelInParallel(model, ids, {}, { minInstances: 0 });
    model.dispose();
    expect(compareOutcomes(expectedOutcomes(summary), report.specifications)).toEqual([]);
    expect(report.specifications.some((s) => s.status === 'fail')).toBe(true);
  });
});
