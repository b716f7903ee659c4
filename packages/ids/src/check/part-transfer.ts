/**
 * A part's results in a compact form for postMessage (check/parallel-check.ts): passing ids as the
 * typed arrays they already are (transferred, not copied); each failing element's identity once
 * (ids in a typed array, class names as indexes), each specification's failing elements as
 * positions into that table, with their failures. Cloning hundreds of thousands of result objects
 * one by one would cost the thread that receives them more than the check it was spared.
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
  readonly passingIds: Uint32Array;
  /** Positions of the failing elements in the element table, ascending by id. */
  readonly failing: Uint32Array;
  /** Their failures, in the same order. */
  readonly failures: readonly (readonly FacetFailure[])[];
}

export function encodeParts(parts: readonly PartResult[]): EncodedParts {
  const positionOf = new Map<number, number>();
  const elementIds: number[] = [];
  const globalIds: (string | null)[] = [];
  const names: (string | null)[] = [];
  const classIndex: number[] = [];
  const classNames: string[] = [];
  const classPosition = new Map<string, number>();
  const specifications = parts.map((part): EncodedSpecification => {
    const failing = new Uint32Array(part.failingElements.length);
    part.failingElements.forEach((e, i) => {
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
      failing[i] = at;
    });
    return {
      passingIds: part.passingIds,
      failing,
      failures: part.failingElements.map((e) => e.failures),
    };
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

/** The buffers `encodeParts` made, to transfer rather than copy (each once: a buffer may back two views). */
export function transferablesOf(encoded: EncodedParts): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>([
    encoded.elementIds.buffer as ArrayBuffer,
    encoded.classIndex.buffer as ArrayBuffer,
  ]);
  for (const s of encoded.specifications) {
    out.add(s.passingIds.buffer as ArrayBuffer);
    out.add(s.failing.buffer as ArrayBuffer);
  }
  return [...out];
}

/** The part results again. */
export function decodeParts(encoded: EncodedParts): PartResult[] {
  const { elementIds, globalIds, names, classIndex, classNames } = encoded;
  return encoded.specifications.map((s) => {
    const failingElements = new Array<ElementResult>(s.failing.length);
    for (let i = 0; i < s.failing.length; i++) {
      const at = s.failing[i] as number;
      failingElements[i] = {
        id: elementIds[at] as number,
        globalId: globalIds[at] ?? null,
        className: classNames[classIndex[at] as number] as string,
        name: names[at] ?? null,
        failures: s.failures[i] as readonly FacetFailure[],
      };
    }
    return { passingIds: s.passingIds, failingElements };
  });
}
