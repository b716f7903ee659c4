import { describe, expect, it } from 'vitest';
import { compareVersions } from './compare';
import { emptySignatures } from './element-signature';
import { type CheckedSpecification, FindingsBuilder, type VersionFindings } from './findings';

const SPEC: CheckedSpecification = {
  key: 's1',
  name: 'Fire',
  identifier: 'F',
  requirementKeys: ['r1', 'r2'],
  ownKey: null,
};

/** A version with walls of these GlobalIds, failing the requirements listed per wall. */
function version(walls: Record<string, number[]>, spec: CheckedSpecification = SPEC): VersionFindings {
  const s = emptySignatures();
  const builder = new FindingsBuilder(s);
  for (const [i, gid] of Object.keys(walls).entries())
    builder.addEntity(i + 1, { globalId: gid, ifcClass: 'IFCWALL', name: gid });
  const index = builder.addSpecification(spec);
  Object.entries(walls).forEach(([, facets], i) => {
    if (facets.length > 0)
      builder.addFailures(
        index,
        i + 1,
        facets.map((facetIndex) => ({ facetIndex, type: 'property', outcome: 'absent' })),
      );
  });
  return builder.build();
}

describe('comparing two checked versions', () => {
  it('sorts findings into new, resolved, removed and persisting, per requirement', () => {
    const old = version({ A: [0], B: [0, 1], C: [1], D: [] });
    const next = version({ A: [0, 1], B: [], D: [0], E: [0] });
    const [spec] = compareVersions(old, next).specifications;
    const list = (kind: string) =>
      spec?.changes.filter((c) => c.kind === kind).map((c) => `${c.elementKey}:${c.requirementKey}`);
    expect(list('new')).toEqual(['A:r2', 'D:r1', 'E:r1']);
    expect(list('resolved')).toEqual(['B:r1', 'B:r2']);
    expect(list('removed')).toEqual(['C:r2']);
    expect(spec?.counts).toEqual({ new: 3, resolved: 2, removed: 1, persisting: 1 });
  });

  it('compares only requirements both versions were checked against', () => {
    const old = version({ A: [0] }, { ...SPEC, requirementKeys: ['r1', 'old'] });
    const next = version({ A: [0, 1] }, { ...SPEC, requirementKeys: ['r1', 'added'] });
    const [spec] = compareVersions(old, next).specifications;
    expect(spec?.counts).toEqual({ new: 0, resolved: 0, removed: 0, persisting: 1 });
    expect(spec?.uncompared).toBe(1);
    const fresh = compareVersions(version({}, { ...SPEC, key: 'other' }), next).specifications[0];
    expect(fresh?.compared).toBe(false);
    expect(fresh?.changes).toEqual([]);
  });

  it('keys a prohibited specification’s findings on the specification itself', () => {
    const prohibited = { ...SPEC, requirementKeys: [], ownKey: 'own' };
    const s = emptySignatures();
    const b = new FindingsBuilder(s);
    b.addEntity(1, { globalId: 'P', ifcClass: 'IFCBUILDINGELEMENTPROXY', name: null });
    b.addFailures(b.addSpecification(prohibited), 1, []);
    const [spec] = compareVersions(version({ P: [] }, prohibited), b.build()).specifications;
    expect(spec?.changes.map((c) => [c.kind, c.requirementKey, c.failure.facetIndex])).toEqual([
      ['new', 'own', null],
    ]);
  });
});
