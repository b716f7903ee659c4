/**
 * A part's results in a compact form for postMessage (check/parallel-check.ts): passing and failing
 * ids as the typed arrays they already are (transferred, not copied); each failing element's
 * identity once (ids in a typed array, class names as indexes); failure lists as they are, so the
 * structured clone writes each shared list and failure once (part-results.ts). Cloning hundreds of
 * thousands of result objects one by one would cost the thread that receives them more than the
 * check it was spared.
 */
import type { FacetFailure } from '../results';
import type { Identity, PartResults } from './part-results';

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
  readonly failingIds: Uint32Array;
  /** The failing elements' failures, in the same order. */
  readonly failures: readonly (readonly FacetFailure[])[];
}

export function encodeParts(parts: PartResults): EncodedParts {
  const elementIds = new Uint32Array(parts.identities.size);
  const globalIds: (string | null)[] = [];
  const names: (string | null)[] = [];
  const classIndex = new Uint16Array(parts.identities.size);
  const classNames: string[] = [];
  const classPosition = new Map<string, number>();
  let k = 0;
  for (const [id, who] of parts.identities) {
    elementIds[k] = id;
    globalIds.push(who.globalId);
    names.push(who.name);
    let c = classPosition.get(who.className);
    if (c === undefined) {
      c = classNames.length;
      classPosition.set(who.className, c);
      classNames.push(who.className);
    }
    classIndex[k++] = c;
  }
  return {
    elementIds,
    globalIds,
    names,
    classIndex,
    classNames,
    specifications: parts.specifications.map((s) => ({
      passingIds: s.passingIds,
      failingIds: s.failing.ids,
      failures: s.failing.failures,
    })),
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
    out.add(s.failingIds.buffer as ArrayBuffer);
  }
  return [...out];
}

/** The part results again. */
export function decodeParts(encoded: EncodedParts): PartResults {
  const { elementIds, globalIds, names, classIndex, classNames } = encoded;
  const identities = new Map<number, Identity>();
  for (let i = 0; i < elementIds.length; i++)
    identities.set(elementIds[i] as number, {
      globalId: globalIds[i] ?? null,
      className: classNames[classIndex[i] as number] as string,
      name: names[i] ?? null,
    });
  return {
    identities,
    specifications: encoded.specifications.map((s) => ({
      passingIds: s.passingIds,
      failing: { ids: s.failingIds, failures: s.failures },
    })),
  };
}
