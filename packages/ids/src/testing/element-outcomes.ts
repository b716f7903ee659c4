/**
 * A specification's applicable elements read back for tests: each id with whether it passed, in id
 * order, from the ids of the passes and the failing elements the result keeps.
 */
import type { SpecificationResult } from '../results';

export function passedById(specification: SpecificationResult): Map<number, boolean> {
  const all: [number, boolean][] = [
    ...Array.from(specification.passingIds, (id): [number, boolean] => [id, true]),
    ...specification.failingElements.map((e): [number, boolean] => [e.id, false]),
  ];
  return new Map(all.sort((a, b) => a[0] - b[0]));
}

/** The applicable elements' ids, ascending. */
export function applicableIds(specification: SpecificationResult): number[] {
  return [...passedById(specification).keys()];
}
