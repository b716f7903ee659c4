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

/**
 * The key of a version's stored results (decision 0433): the SHA-256 of the model's bytes, the
 * active IDS revisions it was checked against (repo.idsFingerprint: each file's row, storage key and
 * specification rows, so the results' specification ids hold for any version of the project with
 * the same key) and the engine's identity. Two versions of a project with one key have the same
 * results row for row.
 */
export function resultKey(
  modelSha256: string,
  idsFingerprint: string,
  engine: readonly unknown[] = ENGINE_IDENTITY,
): string {
  return createHash('sha256')
    .update(JSON.stringify([modelSha256, idsFingerprint, engine]))
    .digest('hex');
}
