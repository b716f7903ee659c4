/**
 * A part's results in a compact form for postMessage (check/parallel-check.ts): each element's
 * identity once (ids in a typed array, class names as indexes), each specification's elements as
 * positions into that table, failures only for the elements that failed. Cloning hundreds of
 * thousands of result objects one by one would cost the thread that receives them more than the
 * check it was spared.
 */
import type { ElementResult, FacetFailure } from '../results';
import type { PartResult } from './check-model';

export interface EncodedParts {
  readonly elementIds: Uint32Array;
  readonly globalIds: readonly (string | null)[];
  readonly names: readonly (string | null)[];
  readonly classIndex: Uint16Array;
  readonly classNames: readonly string[];
  readonly specifications: readonly EncodedSpecification[];
}

interface EncodedSpecification {
  readonly passedCount: number;
  /** Positions in the element table, in the specification's element order. */
  readonly elements: Uint32Array;
  /** Failures of the elements that failed, by index in `elements`. */
  readonly failedAt: Uint32Array;
  readonly failures: readonly (readonly FacetFailure[])[];
}

const NO_FAILURES: readonly FacetFailure[] = Object.freeze([]);

export function encodeParts(parts: readonly PartResult[]): EncodedParts {
  const positionOf = new Map<number, number>();
  const elementIds: number[] = [];
  const globalIds: (string | null)[] = [];
  const names: (string | null)[] = [];
  const classIndex: number[] = [];
  const classNames: string[] = [];
  const classPosition = new Map<string, number>();
  const specifications = parts.map((part): EncodedSpecification => {
    const elements = new Uint32Array(part.elements.length);
    const failedAt: number[] = [];
    const failures: (readonly FacetFailure[])[] = [];
    part.elements.forEach((e, i) => {
      let at = positionOf.get(e.id);
      if (at === undefined) {
        at = elementIds.length;
        positionOf.set(e.id, at);
        elementIds.push(e.id);
        globalIds.push(e.globalId);
        names.push(e.name);
        let c = classPosition.get(e.className);
        if (c === undefined) {
          c = classNames.length;
          classPosition.set(e.className, c);
          classNames.push(e.className);
        }
        classIndex.push(c);
      }
      elements[i] = at;
      if (!e.passed) {
        failedAt.push(i);
        failures.push(e.failures);
      }
    });
    return { passedCount: part.passedCount, elements, failedAt: Uint32Array.from(failedAt), failures };
  });
  return {
    elementIds: Uint32Array.from(elementIds),
    globalIds,
    names,
    classIndex: Uint16Array.from(classIndex),
    classNames,
    specifications,
  };
}

/** The buffers `encodeParts` made, to transfer rather than copy. */
export function transferablesOf(encoded: EncodedParts): ArrayBuffer[] {
  const out: ArrayBuffer[] = [
    encoded.elementIds.buffer as ArrayBuffer,
    encoded.classIndex.buffer as ArrayBuffer,
  ];
  for (const s of encoded.specifications)
    out.push(s.elements.buffer as ArrayBuffer, s.failedAt.buffer as ArrayBuffer);
  return out;
}

/** The part results again; one passing result per element, shared by the specifications it passes (as the checker does). */
export function decodeParts(encoded: EncodedParts): PartResult[] {
  const { elementIds, globalIds, names, classIndex, classNames } = encoded;
  const passing: (ElementResult | undefined)[] = new Array(elementIds.length);
  const identity = (at: number) => ({
    id: elementIds[at] as number,
    globalId: globalIds[at] ?? null,
    className: classNames[classIndex[at] as number] as string,
    name: names[at] ?? null,
  });
  return encoded.specifications.map((s) => {
    const elements = new Array<ElementResult>(s.elements.length);
    let f = 0;
    for (let i = 0; i < s.elements.length; i++) {
      const at = s.elements[i] as number;
      if (f < s.failedAt.length && s.failedAt[f] === i) {
        elements[i] = { ...identity(at), passed: false, failures: s.failures[f] as readonly FacetFailure[] };
        f++;
        continue;
      }
      let passed = passing[at];
      if (passed === undefined) {
        passed = { ...identity(at), passed: true, failures: NO_FAILURES };
        passing[at] = passed;
      }
      elements[i] = passed;
    }
    return { elements, passedCount: s.passedCount };
  });
}
