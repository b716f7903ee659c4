/**
 * A stored version as the comparison reads it (issue 30): its elements' signatures, its applicable
 * non-element entities, its failing results and the specifications it was checked against, read by
 * `load.ts` as PostgreSQL COPY text (the main thread only moves the bytes) and turned into the
 * engine's `VersionFindings` here, on a worker thread. Pure.
 */
import {
  type ElementSignatures,
  emptySignatures,
  FindingsBuilder,
  ownRequirementKey,
  type StoredFailure,
  type VersionFindings,
} from '@plumbline/ids';

/** A specification a stored version was checked against, with its keys (ids_specifications). */
export interface StoredSpecification {
  id: string;
  key: string | null;
  name: string;
  identifier: string | null;
  requirementKeys: string[];
  /** Whether the specification is prohibited (its elements fail it by existing). */
  prohibited: boolean;
}

/** One version's rows, as COPY text (UTF-8), columns in the order of `load.ts`'s queries. */
export interface StoredVersionData {
  versionId: string;
  /** step_id, global_id, element_key, ifc_class, name, type_name, predefined_type, level, x, y, z, property_hash */
  elements: Uint8Array;
  /** step_id, global_id, ifc_class, name */
  entities: Uint8Array;
  /** specification_id, element_step_id, failures (json) */
  failing: Uint8Array;
  specifications: StoredSpecification[];
  /**
   * The failing results an approved waiver covers on the version (issue 32), as
   * `${specificationId}:${stepId}`; absent when the comparison is the engine's alone (the stored history).
   */
  waived?: string[];
}

/** The buffers of a version's data, to transfer to a thread without a copy. */
export function transfersOfData(...data: (StoredVersionData | null)[]): ArrayBuffer[] {
  return data.flatMap((d) =>
    d ? [d.elements.buffer, d.entities.buffer, d.failing.buffer].map((b) => b as ArrayBuffer) : [],
  );
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** One COPY text field: null for \N, escapes undone. */
function field(text: string): string | null {
  if (text === '\\N') return null;
  if (!text.includes('\\')) return text;
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return ESCAPES[e] ?? e;
  });
}

/** The rows of COPY text, each as its fields. */
export function* copyRows(bytes: Uint8Array): Generator<(string | null)[]> {
  const text = new TextDecoder().decode(bytes);
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end > start) yield text.slice(start, end).split('\t').map(field);
    start = end + 1;
  }
}

const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

/** The elements of a stored version as signatures, with their stored keys. */
export function storedSignatures(bytes: Uint8Array): {
  signatures: ElementSignatures;
  keys: (string | null)[];
} {
  const s = emptySignatures();
  const keys: (string | null)[] = [];
  for (const r of copyRows(bytes)) {
    s.stepId.push(Number(r[0]));
    s.globalId.push(r[1] ?? null);
    keys.push(r[2] ?? null);
    s.ifcClass.push(r[3] ?? 'UNKNOWN');
    s.name.push(r[4] ?? null);
    s.typeName.push(r[5] ?? null);
    s.predefinedType.push(r[6] ?? null);
    s.predefinedTypeUserDefined.push(false);
    s.level.push(r[7] ?? null);
    s.x.push(numberOrNull(r[8] ?? null));
    s.y.push(numberOrNull(r[9] ?? null));
    s.z.push(numberOrNull(r[10] ?? null));
    s.propertyHash.push(r[11] ?? null);
  }
  return { signatures: s, keys };
}

/**
 * The findings of a stored version. Specifications stored before keys existed (no key) are left out:
 * the comparison then treats them as not checked before. A result `data.waived` lists is not a
 * failure (issue 32, decision 0370): its findings are left out and counted per specification key in
 * `waivedOut`, one per element and requirement key as the engine counts findings.
 */
export function storedFindings(
  data: StoredVersionData,
  waivedOut?: Map<string, number>,
  options: { storedKeys?: boolean } = {},
): VersionFindings {
  const { signatures, keys } = storedSignatures(data.elements);
  // Without stored keys each element has its own (a version whose rows were copied from another's
  // is keyed by its own history, processing/reuse-compare.ts).
  const builder = new FindingsBuilder(signatures, options.storedKeys === false ? undefined : keys);
  for (const r of copyRows(data.entities))
    builder.addEntity(Number(r[0]), {
      globalId: r[1] ?? null,
      ifcClass: r[2] ?? 'UNKNOWN',
      name: r[3] ?? null,
    });
  const indexOf = new Map<string, number>();
  for (const spec of data.specifications) {
    if (spec.key === null) continue;
    indexOf.set(
      spec.id,
      builder.addSpecification({
        key: spec.key,
        name: spec.name,
        identifier: spec.identifier,
        requirementKeys: spec.requirementKeys,
        ownKey: spec.prohibited ? ownRequirementKey(spec.key) : null,
      }),
    );
  }
  const waived = new Set(data.waived ?? []);
  const keyOf = new Map(data.specifications.map((s) => [s.id, s]));
  for (const r of copyRows(data.failing)) {
    const index = indexOf.get(r[0] ?? '');
    const stepId = Number(r[1]);
    if (index === undefined || !builder.has(stepId)) continue;
    const failures = JSON.parse(r[2] ?? '[]') as StoredFailure[];
    if (waived.has(`${r[0]}:${stepId}`)) {
      const spec = keyOf.get(r[0] ?? '');
      if (spec?.key && waivedOut) {
        const keys = new Set(
          failures.length === 0
            ? spec.prohibited
              ? [ownRequirementKey(spec.key)]
              : []
            : failures.flatMap((f) => spec.requirementKeys[f.facetIndex] ?? []),
        );
        waivedOut.set(spec.key, (waivedOut.get(spec.key) ?? 0) + keys.size);
      }
      continue;
    }
    builder.addFailures(index, stepId, failures);
  }
  return builder.build();
}
