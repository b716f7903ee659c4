import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { serverVersion } from '../../platform/version';
import { MARKING_RULES } from '../validity';
import { VALIDITY_FINDINGS_PER_RULE } from './validity-rows';

// The engine's package says its version (the reader and the validity rules are its dependencies,
// released with it); reports name it the same way (reports/data.ts).
const idsPackage = createRequire(import.meta.url)('@plumbline/ids/package.json') as { version: string };

/**
 * Raise when what processing stores of a model changes while no package version does (a new column,
 * another rule in the engine, validity findings kept differently): versions checked before then no
 * longer share their results with new ones.
 */
export const RESULTS_FORMAT = 1;

/**
 * Everything besides the model and the IDS revisions that decides what processing stores: the
 * engine's, reader's, validity rules' and server's versions and the validity settings processing
 * applies. Computed once per process.
 */
export const ENGINE_IDENTITY: readonly unknown[] = [
  RESULTS_FORMAT,
  serverVersion,
  idsPackage.version,
  VALIDITY_FINDINGS_PER_RULE,
  [...MARKING_RULES].sort(),
];

/** The IDS side of a result key: the content hashes of the active files that hold specifications. */
export function idsContent(
  files: readonly { sha256: string; specificationIds: readonly string[] }[],
): string[] {
  // Sorted: each specification's results are its own, whatever the order of the files (check.ts).
  return files
    .filter((file) => file.specificationIds.length > 0)
    .map((file) => file.sha256)
    .sort();
}

/**
 * The key of a version's stored results (decisions 0433, 0438): the SHA-256 of the model's bytes, the
 * SHA-256 of each active IDS file's bytes in sorted order (`idsContent`: content, not rows, so the same
 * bytes uploaded again as a new revision or another file give the same key) and the engine's identity.
 * Two versions with one key have the same results, row for row once their specification ids are
 * those of the revisions each was checked against (reuse-map.ts).
 */
export function resultKey(
  modelSha256: string,
  idsSha256: readonly string[],
  engine: readonly unknown[] = ENGINE_IDENTITY,
): string {
  return createHash('sha256')
    .update(JSON.stringify(['content', modelSha256, idsSha256, engine]))
    .digest('hex');
}
