import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { fileVersions, versionValidityFindings, versionValidityRules } from '../../schema';

/** The schema the version's model was read with, or null. */
export async function schemaOf(db: Database, versionId: string): Promise<string | null> {
  const [row] = await db
    .select({ schema: fileVersions.ifcSchema })
    .from(fileVersions)
    .where(eq(fileVersions.id, versionId));
  return row?.schema ?? null;
}

export interface ValidityRuleRow {
  rule: string;
  severity: string;
  outcome: string;
  findingCount: number;
}

export function listRules(db: Database, versionId: string): Promise<ValidityRuleRow[]> {
  return db
    .select({
      rule: versionValidityRules.rule,
      severity: versionValidityRules.severity,
      outcome: versionValidityRules.outcome,
      findingCount: versionValidityRules.findingCount,
    })
    .from(versionValidityRules)
    .where(eq(versionValidityRules.fileVersionId, versionId));
}

export interface ValidityFindingRow {
  rule: string;
  stepId: number | null;
  globalId: string | null;
  ifcClass: string | null;
  messageId: string;
  messageValues: unknown;
}

/** The first `perRule` findings of each rule (in the order processing wrote them). */
export function listFindings(
  db: Database,
  versionId: string,
  perRule: number,
): Promise<ValidityFindingRow[]> {
  if (perRule === 0) return Promise.resolve([]);
  const f = versionValidityFindings;
  const ranked = db
    .select({
      rule: f.rule,
      stepId: f.stepId,
      globalId: f.globalId,
      ifcClass: f.ifcClass,
      messageId: f.messageId,
      messageValues: f.messageValues,
      n: sql<number>`row_number() over (partition by ${f.rule} order by ${f.stepId} nulls first)`.as('n'),
    })
    .from(f)
    .where(eq(f.fileVersionId, versionId))
    .as('ranked');
  return db
    .select({
      rule: ranked.rule,
      stepId: ranked.stepId,
      globalId: ranked.globalId,
      ifcClass: ranked.ifcClass,
      messageId: ranked.messageId,
      messageValues: ranked.messageValues,
    })
    .from(ranked)
    .where(sql`${ranked.n} <= ${perRule}`)
    .orderBy(asc(ranked.rule), asc(ranked.n));
}
