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

/**
 * Issue 37 item 6: an IDS of 8 MB whose description holds two million empty elements. It was refused
 * by libxml2 after reading all of it (7–8 s, 1 GB); the reader now stops at the element limit of a
 * file of that size, and the XSD validation never sees it.
 */
describe('a wide IDS', () => {
  const wide = ids(spec({ applicability: entity('IFCWALL') })).replace(
    '</title>',
    `</title><description>${'<a/>'.repeat(2_000_000)}</description>`,
  );
  const limit = Math.floor(Buffer.byteLength(wide) / 32);

  it('is refused at the element limit of its size, with the limit in the message', async () => {
    expect(limit).toBeGreaterThan(100_000);
    expect(limit).toBeLessThan(2_000_000);
    const problems = await validateIds(wide, { fileName: 'wide.ids' });
    expect(problems).toEqual([
      {
        line: expect.any(Number),
        column: expect.any(Number),
        message: `More than ${limit.toLocaleString('en-US')} XML elements, the limit for this file.`,
        // No rule ran: the CLI does not lint it a second time (cli.ts).
        unreadable: true,
      },
    ]);
    // A generous deadline: building the 8 MB text is slow on a loaded machine; speed is not asserted.
  }, 60_000);

  it('is refused by the same limit when only its schema is validated', async () => {
    const problems = await validateIdsSchema(wide);
    expect(problems.map((p) => p.message)).toEqual([
      `More than ${limit.toLocaleString('en-US')} XML elements, the limit for this file.`,
    ]);
  }, 60_000);
});
