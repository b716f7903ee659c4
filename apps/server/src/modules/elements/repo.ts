import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { elementResults, elements, waivedResults } from '../../schema';
import type { StoredElementResult } from './compliance';
import type { StoredFailure } from './facet-results';

export interface ElementRow {
  stepId: number;
  globalId: string | null;
  ifcClass: string;
  name: string | null;
  typeName: string | null;
  predefinedType: string | null;
  predefinedTypeUserDefined: boolean;
  level: string | null;
}

const elementColumns = {
  stepId: elements.stepId,
  globalId: elements.globalId,
  ifcClass: elements.ifcClass,
  name: elements.name,
  typeName: elements.typeName,
  predefinedType: elements.predefinedType,
  predefinedTypeUserDefined: elements.predefinedTypeUserDefined,
  level: elements.level,
};

export async function findElement(
  db: Database,
  versionId: string,
  stepId: number,
): Promise<ElementRow | null> {
  const [row] = await db
    .select(elementColumns)
    .from(elements)
    .where(and(eq(elements.fileVersionId, versionId), eq(elements.stepId, stepId)));
  return row ?? null;
}

export async function findElementByGlobalId(
  db: Database,
  versionId: string,
  globalId: string,
): Promise<ElementRow | null> {
  const [row] = await db
    .select(elementColumns)
    .from(elements)
    .where(and(eq(elements.fileVersionId, versionId), eq(elements.globalId, globalId)))
    .orderBy(asc(elements.stepId))
    .limit(1);
  return row ?? null;
}

/**
 * The element's stored outcomes, each with whether an approved waiver covers it (waived_results, written
 * by waivers/apply.ts: the status rule's waiver input). The specification ids let the primary keys
 * (version, specification, element) answer with point look-ups instead of scanning the version.
 */
export async function elementResultsOf(
  db: Database,
  versionId: string,
  specificationIds: readonly string[],
  stepId: number,
): Promise<StoredElementResult[]> {
  if (specificationIds.length === 0) return [];
  const rows = await db
    .select({
      specificationId: elementResults.specificationId,
      passed: elementResults.passed,
      failures: elementResults.failures,
      waived: sql<boolean>`${waivedResults.waiverId} is not null`,
    })
    .from(elementResults)
    .leftJoin(
      waivedResults,
      and(
        eq(waivedResults.fileVersionId, elementResults.fileVersionId),
        eq(waivedResults.specificationId, elementResults.specificationId),
        eq(waivedResults.elementStepId, elementResults.elementStepId),
      ),
    )
    .where(
      and(
        eq(elementResults.fileVersionId, versionId),
        inArray(elementResults.specificationId, [...specificationIds]),
        eq(elementResults.elementStepId, stepId),
      ),
    );
  return rows.map((row) => ({
    ...row,
    failures: row.failures as StoredFailure[],
    waived: !row.passed && Boolean(row.waived),
  }));
}
