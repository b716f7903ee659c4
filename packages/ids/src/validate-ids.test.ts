import { describe, expect, it } from 'vitest';
import { entity, ids, spec } from './testing/ids-xml';
import { validateIds, validateIdsSchema } from './validate-ids';

const valid = ids(spec({ applicability: entity('IFCWALL') }));

describe('validateIds', () => {
  it('accepts a valid IDS', async () => {
    expect(await validateIds(valid)).toEqual([]);
  });

  it('reports XSD errors with their line', async () => {
    const bad = valid.replace('ifcVersion="IFC4"', 'ifcVersion="IFC5"');
    const problems = await validateIdsSchema(bad);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]?.line).toBe(bad.split('\n').findIndex((l) => l.includes('IFC5')) + 1);
    expect(problems[0]?.message).toMatch(/IFC5/);
  });

  it('reports misplaced elements', async () => {
    const problems = await validateIdsSchema(valid.replace('<info>', '<info><rabbit/>'));
    expect(problems[0]?.message).toMatch(/rabbit/);
  });

  it('keeps concurrent validations apart (they share one xmllint run)', async () => {
    const bad = valid.replace('name="Spec"', '');
    const results = await Promise.all([
      validateIdsSchema(valid),
      validateIdsSchema(bad),
      validateIdsSchema(valid),
    ]);
    expect(results.map((r) => r.length > 0)).toEqual([false, true, false]);
    expect(results[1]?.[0]?.message).toMatch(/name/);
  });

  it('refuses DTDs, malformed XML and semantic problems', async () => {
    expect((await validateIds(`<!DOCTYPE x [<!ENTITY a "b">]>${valid}`))[0]?.message).toMatch(/DOCTYPE/);
    expect((await validateIds('<ids><info>'))[0]?.line).toBe(1);
    expect((await validateIds(ids(spec({ applicability: entity('IFCRABBIT') }))))[0]?.message).toMatch(
      /IFCRABBIT/,
    );
  });
});
