import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_IDS_MB, maxIdsBytes, maxIdsElements, setMaxIdsMb } from './ids-size-limit';
import { parseIds } from './parse-ids';
import { validateIdsSchema } from './validate-ids';

const MiB = 1024 * 1024;

afterEach(() => setMaxIdsMb(DEFAULT_MAX_IDS_MB));

describe('IDS size limit', () => {
  it('defaults to 128 MiB, which holds a 1,000-specification pack with 1,500-value code lists (77.2 MiB)', () => {
    expect(maxIdsBytes()).toBe(128 * MiB);
    expect(maxIdsBytes()).toBeGreaterThan(77.2 * MiB);
  });

  it('is set per process in whole MiB from 1 to 1024, and refuses anything else', () => {
    setMaxIdsMb(16);
    expect(maxIdsBytes()).toBe(16 * MiB);
    setMaxIdsMb(1024);
    expect(maxIdsBytes()).toBe(1024 * MiB);
    for (const mb of [0, 1025, -5, 12.5, Number.NaN]) expect(() => setMaxIdsMb(mb)).toThrow(RangeError);
    expect(maxIdsBytes()).toBe(1024 * MiB);
  });

  it('is what the XML reader and the XSD validation refuse by', async () => {
    setMaxIdsMb(1);
    const big = `<?xml version="1.0"?><ids xmlns="http://standards.buildingsmart.org/IDS"><!--${'x'.repeat(MiB)}--></ids>`;
    expect(() => parseIds(big)).toThrow(/limit for an IDS file is 1048576 bytes/);
    expect(await validateIdsSchema(big)).toEqual([
      { line: null, column: null, message: 'The file is larger than 1048576 bytes.' },
    ]);
  });

  it("bounds the XML elements by the file's own size: one per 32 bytes, 100,000 in any case", () => {
    expect(maxIdsElements(1_000)).toBe(100_000);
    expect(maxIdsElements(3_200_000)).toBe(100_000);
    expect(maxIdsElements(8_000_000)).toBe(250_000);
    expect(maxIdsElements(128 * MiB)).toBe(4_194_304);
  });
});
