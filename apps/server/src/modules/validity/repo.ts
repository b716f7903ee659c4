import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
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

/**
 * The first `perRule` findings of each rule, in STEP id order (file-level findings last): one
 * bounded index read per rule, whatever the rule's stored findings number (the marking rules keep
 * all of theirs, decision 0330).
 */
export async function listFindings(
  db: Database,
  versionId: string,
  perRule: number,
): Promise<ValidityFindingRow[]> {
  if (perRule === 0) return [];
  const result = await db.execute(sql`
    select f.rule, f.step_id as "stepId", f.global_id as "globalId", f.ifc_class as "ifcClass",
      f.message_id as "messageId", f.message_values as "messageValues"
    from ${versionValidityRules} r
    cross join lateral (
      select * from ${versionValidityFindings} x
      where x.file_version_id = r.file_version_id and x.rule = r.rule
      order by x.step_id limit ${perRule}
    ) f
    where r.file_version_id = ${versionId}
    order by f.rule, f.step_id`);
  return (result as unknown as { rows: ValidityFindingRow[] }).rows;
}

/**
 * The findings of the rules that mark IDS verdicts (decision 0249) that concern the given elements:
 * the file's IFC101 finding, SCH001 on their GlobalIds and SCH002 on their STEP ids.
 */
export function listMarkingFindings(
  db: Database,
  versionId: string,
  elements: { stepIds: readonly number[]; globalIds: readonly string[] },
): Promise<ValidityFindingRow[]> {
  const f = versionValidityFindings;
  const concerning = [eq(f.rule, 'IFC101')];
  if (elements.globalIds.length > 0)
    concerning.push(and(eq(f.rule, 'SCH001'), inArray(f.globalId, [...elements.globalIds])) as SQL);
  if (elements.stepIds.length > 0)
    concerning.push(and(eq(f.rule, 'SCH002'), inArray(f.stepId, [...elements.stepIds])) as SQL);
  return db
    .select({
      rule: f.rule,
      stepId: f.stepId,
      globalId: f.globalId,
      ifcClass: f.ifcClass,
      messageId: f.messageId,
      messageValues: f.messageValues,
    })
    .from(f)
    .where(and(eq(f.fileVersionId, versionId), or(...concerning)));
}

/** Every stored finding naming one element, with its rule's severity (by index: rule list × STEP id). */
export function listElementFindings(
  db: Database,
  versionId: string,
  stepId: number,
  rules: readonly string[],
): Promise<Array<ValidityFindingRow & { severity: string }>> {
  const f = versionValidityFindings;
  const r = versionValidityRules;
  return db
    .select({
      rule: f.rule,
      stepId: f.stepId,
      globalId: f.globalId,
      ifcClass: f.ifcClass,
      messageId: f.messageId,
      messageValues: f.messageValues,
      severity: r.severity,
    })
    .from(f)
    .innerJoin(r, and(eq(r.fileVersionId, f.fileVersionId), eq(r.rule, f.rule)))
    .where(and(eq(f.fileVersionId, versionId), inArray(f.rule, [...rules]), eq(f.stepId, stepId)))
    .orderBy(asc(f.rule));
}
