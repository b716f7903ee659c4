/**
 * The model and packs whose results bench/many-spec-results.test.ts compares with the results the
 * engine gave before the many-specification optimisations (bench/many-spec-results.expected.json,
 * written by bench/many-spec-expected.ts at commit 1484793, the engine as it was before issue 22).
 */
export const MANY_SPEC_MODEL = { targetBytes: 8_000_000, seed: 5 } as const;

export const MANY_SPEC_CASES = [
  { name: '848 specifications, code lists of 10', specifications: 848, codeListLength: 10, seed: 3 },
  { name: '120 specifications, code lists of 1500', specifications: 120, codeListLength: 1500, seed: 4 },
  {
    name: '400 specifications, entity facets and numeric keys',
    specifications: 400,
    codeListLength: 12,
    seed: 6,
    variety: true,
  },
] as const;

/**
 * The entity-class packs (issue 36, lib/class-pack.ts) whose results bench/many-spec-results.test.ts
 * compares with bench/class-pack-results.expected.json, written by bench/many-spec-expected.ts
 * (`--shape class`) with the engine as it was before issue 36's changes (commit c797470's packages/).
 */
export const CLASS_PACK_CASES = [
  {
    name: 'class shape: 240 specifications, code lists of 10',
    specifications: 240,
    codeListLength: 10,
    seed: 7,
  },
  {
    name: 'class shape: 48 specifications, code lists of 1500',
    specifications: 48,
    codeListLength: 1500,
    seed: 8,
  },
] as const;
