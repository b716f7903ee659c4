import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIfc } from './index';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ifc-gen-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('generateIfc options for the demo office', () => {
  it('fixes the storeys and names the project, keeping the size', async () => {
    const out = join(dir, 'demo.ifc');
    // The demo's options: the budget fills four storeys of one block (a smaller budget fills fewer).
    const options = { targetBytes: 3_000_000, storeys: 4, projectName: 'Demo Office', out };
    const summary = await generateIfc(options);
    expect(summary.buildings).toBe(1);
    expect(summary.storeys).toBe(4);
    expect(summary.bytes).toBeGreaterThan(2_850_000);
    expect(summary.bytes).toBeLessThan(3_150_000);
    const text = await readFile(out, 'utf8');
    expect(text).toMatch(/IFCPROJECT\('[^']+',#\d+,'Demo Office'/);
    expect(text.match(/IFCBUILDINGSTOREY\(/g)).toHaveLength(4);
  });

  it('leaves the default plan alone when the options are not given', async () => {
    const plain = await generateIfc({ targetBytes: 3_000_000, out: join(dir, 'plain.ifc') });
    expect(plain.storeys).toBe(7); // the cube-root rule for about 180 bays
    expect(await readFile(join(dir, 'plain.ifc'), 'utf8')).toContain("'Riverside Campus (seed 1)'");
  });

  it('refuses a storey count outside 1 to 12', async () => {
    await expect(generateIfc({ targetBytes: 100_000, storeys: 0, out: join(dir, 'x.ifc') })).rejects.toThrow(
      'storeys must be a whole number from 1 to 12',
    );
  });
});
