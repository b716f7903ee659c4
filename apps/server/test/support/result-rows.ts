// What the tests of checking a model once (decisions 0433, 0438) read: each processing job's logged
// outcome, and a version's stored rows in a form two versions (or two runs) can be compared by.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/platform/db';
import type { TestServer } from './server';

/** A processing job's outcome as jobs/process-bimfile.ts logs it ('file version processed'). */
export interface LoggedOutcome {
  msg?: string;
  fileVersionId?: string;
  mode?: string;
  status?: string;
  /** The version whose results were copied; absent when the engine ran. */
  reusedFrom?: string;
}

/**
 * The processing outcomes a server logged, from its log lines (startTestServer's `logs`). A module
 * mock of the engine's entry would not hold: the server project shares one module graph per worker
 * (decision 0419), so the tests read what each job says it did.
 */
export function loggedOutcomes(lines: readonly string[], versionId: string, mode: string): LoggedOutcome[] {
  return lines
    .map((line) => JSON.parse(line) as LoggedOutcome)
    .filter(
      (entry) =>
        entry.msg === 'file version processed' && entry.fileVersionId === versionId && entry.mode === mode,
    );
}

/** The engine ran for an outcome: it completed without copying another version's results. */
export const ranTheEngine = (outcome: LoggedOutcome) => outcome.status === 'completed' && !outcome.reusedFrom;

/** Every table a version's results are stored in (a re-check replaces these), compliance and totals included. */
export const RESULT_TABLES = [
  'element_results',
  'specification_results',
  'result_entities',
  'specification_facet_failures',
  'specification_compliance',
  'element_compliance',
  'version_result_totals',
];

/** The tables a full run writes besides the results: the model's own rows. */
export const MODEL_TABLES = [
  'elements',
  'element_properties',
  'version_attribute_stats',
  'metadata_facets',
  'version_validity_rules',
  'version_validity_findings',
];

/** The version's comparison with its previous one (issue 30): header and changed findings. */
export const HISTORY_TABLES = ['version_comparisons', 'finding_changes'];

/** A version's rows of a table, every column but the version's id and `except`, in a stable order. */
export async function rowsOfVersion(
  server: TestServer,
  table: string,
  versionId: string,
  except: string[] = [],
): Promise<string[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    server.database.db,
    sql`select * from ${sql.identifier(table)} where file_version_id = ${versionId}`,
  );
  return rows
    .map((row) => {
      const copy = { ...row };
      for (const column of ['file_version_id', ...except]) delete copy[column];
      return JSON.stringify(copy, Object.keys(copy).sort());
    })
    .sort();
}
