import {
  documentKeys,
  type Specification,
  type SpecificationKeys,
  type ValidationProblem,
  validateAndParseIds,
} from '@plumbline/ids';
import type { idsSpecifications } from '../../schema';
import { toStoredFacet } from './facets';

export type StoredSpecification = Omit<typeof idsSpecifications.$inferInsert, 'idsFileId'>;

export type IdsReading =
  | { kind: 'invalid'; problems: ValidationProblem[] }
  | { kind: 'valid'; title: string | null; specifications: StoredSpecification[] };

/**
 * An uploaded IDS as the database stores it: validated (XSD and semantic audit), parsed, and its
 * specifications and facets turned into rows. Pure, so it runs on a worker thread (a 31 MB pack of
 * 34,000 specifications held the event loop 4 s).
 */
export async function readIdsUpload(input: {
  bytes: Uint8Array;
  fileName: string;
  /** The lineage the file joins (its own id when new): part of every requirement key. */
  lineageId: string;
}): Promise<IdsReading> {
  // One read serves the audit and the rows (a national pack can be tens of MiB).
  const { problems, document } = await validateAndParseIds(input.bytes, { fileName: input.fileName });
  if (problems.length > 0 || document === null) return { kind: 'invalid', problems };
  const keys = documentKeys(input.lineageId, document);
  return {
    kind: 'valid',
    title: document.info.title,
    specifications: document.specifications.map((spec, position) =>
      toSpecificationRow(spec, position, keys[position]),
    ),
  };
}

/**
 * One parsed specification as its stored row: the one mapping from the engine's IDS to the database's.
 * `keys` are its stable keys (`documentKeys` of its document and lineage).
 */
export function toSpecificationRow(
  spec: Specification,
  position: number,
  keys: SpecificationKeys | undefined,
): StoredSpecification {
  return {
    key: keys?.key ?? null,
    requirementKeys: [...(keys?.requirementKeys ?? [])],
    position,
    name: spec.name,
    description: spec.description,
    identifier: spec.identifier,
    instructions: spec.instructions,
    ifcVersions: [...spec.ifcVersions],
    minOccurs: spec.minOccurs,
    maxOccurs: spec.maxOccurs,
    cardinality: spec.cardinality,
    applicabilityFacets: spec.applicability.map((f, i) => toStoredFacet(f, `${position}.a${i}`)),
    requirementFacets: spec.requirements.map((f, i) => toStoredFacet(f, `${position}.r${i}`)),
  };
}
