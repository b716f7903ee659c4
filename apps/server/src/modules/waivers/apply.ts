// Where a waiver applies (issue 32, decision 0268): the failures of a version it covers, found by the
// stable keys of issue 30 (the element's key, the requirement's key), and the waived_results rows that
// feed the one status rule. Only this file decides coverage; everything else reads the status.
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import { writeComplianceSummaries } from '../compliance';
import { refreshVersionTotals } from '../overview';

/**
 * Every failure slot of `versionId` that a waiver of `waivers` (a select of waivers rows) covers: one
 * row per waiver, element result and failure (a result that fails without a facet failure, as in a
 * prohibited specification, has one slot of its own). `part` is what the fingerprint is made of: the
 * facet's kind, why it failed and the value found, never a row id or a position, so a version that
 * fails the same way gives the same fingerprint.
 */
function coveredSlots(versionId: string, waivers: SQL): SQL {
  return sql`
    select w.id as waiver_id, w.fingerprint, er.specification_id, er.element_step_id, slot.ord,
      greatest(jsonb_array_length(er.failures), 1) as slots,
      concat_ws('|', coalesce(slot.fa->>'type', 'specification'), coalesce(slot.fa->>'kind', ''),
        coalesce(slot.fa->>'outcome', ''), coalesce(slot.fa->>'actualValue', '')) as part
    from (${waivers}) w
    join file_versions fv on fv.id = ${versionId} and fv.bim_file_id = w.bim_file_id
    join ids_specifications s on s.key = w.specification_key
    join element_results er on er.file_version_id = ${versionId} and er.specification_id = s.id and not er.passed
    left join elements e on e.file_version_id = ${versionId} and e.step_id = er.element_step_id
    cross join lateral jsonb_array_elements(
      case when jsonb_array_length(er.failures) = 0 then '[{}]'::jsonb else er.failures end
    ) with ordinality as slot(fa, ord)
    where (w.requirement_key is null
        or w.requirement_key = s.requirement_keys[(slot.fa->>'facetIndex')::int + 1])
      and case w.scope
        when 'element' then coalesce(e.element_key, e.global_id) = w.subject
        when 'type' then e.type_name = w.subject
        when 'storey' then e.level = w.subject
        else true end`;
}

export interface Coverage {
  waiverId: string;
  /** Distinct failed results it covers on the version. */
  results: number;
  /** The fingerprint of what it covers now; compared with the one it was granted against. */
  fingerprint: string;
}

/** Each waiver's coverage on the version (waivers covering nothing are absent). */
export async function coverageOn(db: Database, versionId: string, waivers: SQL): Promise<Coverage[]> {
  const rows = await rowsOf<{ waiver_id: string; results: number; fingerprint: string }>(
    db,
    sql`select c.waiver_id,
          count(distinct (c.specification_id, c.element_step_id))::int as results,
          md5(string_agg(distinct c.part, E'\n' order by c.part)) as fingerprint
        from (${coveredSlots(versionId, waivers)}) c group by c.waiver_id`,
  );
  return rows.map((r) => ({
    waiverId: String(r.waiver_id),
    results: Number(r.results),
    fingerprint: r.fingerprint,
  }));
}

/** The waivers that may apply to a version at `now`: approved and not yet expired. */
function liveWaivers(now: Date): SQL {
  return sql`select * from waivers where state = 'approved' and expires_at > ${now.toISOString()}::timestamptz`;
}

export interface ApplyOutcome {
  /** Approved waivers whose failures changed on this version (the caller flags them on the newest). */
  changed: string[];
  waivedResults: number;
}

/**
 * Rewrites the version's waived results from the live waivers of its file, then its compliance
 * summaries and figures, in the caller's transaction. A waiver whose fingerprint differs on this
 * version does not apply to it. Versions of files without waivers cost one lookup.
 */
export async function applyWaivers(tx: Database, versionId: string, now: Date): Promise<ApplyOutcome> {
  const [present] = await rowsOf<{ live: boolean; stored: boolean }>(
    tx,
    sql`select exists (select 1 from waivers w join file_versions fv on fv.bim_file_id = w.bim_file_id
          where fv.id = ${versionId} and w.state = 'approved') as live,
        exists (select 1 from waived_results where file_version_id = ${versionId}) as stored`,
  );
  if (!present?.live && !present?.stored) return { changed: [], waivedResults: 0 };
  await tx.execute(sql`delete from waived_results where file_version_id = ${versionId}`);
  const coverage = await coverageOn(tx, versionId, liveWaivers(now));
  const rows = await rowsOf<{ id: string; fingerprint: string }>(
    tx,
    sql`select id, fingerprint from waivers where id = any(${sql.param(coverage.map((c) => c.waiverId))}::uuid[])`,
  );
  const granted = new Map(rows.map((r) => [String(r.id), r.fingerprint]));
  const valid = coverage.filter((c) => granted.get(c.waiverId) === c.fingerprint).map((c) => c.waiverId);
  const changed = coverage.filter((c) => granted.get(c.waiverId) !== c.fingerprint).map((c) => c.waiverId);
  let waivedResults = 0;
  if (valid.length > 0) {
    const validWaivers = sql`select * from waivers where id = any(${sql.param(valid)}::uuid[])`;
    const inserted = await rowsOf<{ n: number }>(
      tx,
      sql`with covered as (${coveredSlots(versionId, validWaivers)}),
          whole as (
            select c.specification_id, c.element_step_id, min(c.waiver_id::text)::uuid as waiver_id
            from covered c group by c.specification_id, c.element_step_id
            having count(distinct c.ord) = max(c.slots))
          , ins as (insert into waived_results (file_version_id, specification_id, element_step_id, waiver_id)
            select ${versionId}, w.specification_id, w.element_step_id, w.waiver_id from whole w returning 1)
          select count(*)::int as n from ins`,
    );
    waivedResults = Number(inserted[0]?.n ?? 0);
  }
  await writeComplianceSummaries(tx, versionId);
  await refreshVersionTotals(tx, [versionId]);
  return { changed, waivedResults };
}

/** The completed versions of a file, newest first. */
export async function completedVersions(db: Database, fileId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from file_versions where bim_file_id = ${fileId} and status = 'completed'
        order by version_number desc, created_at desc`,
  );
  return rows.map((r) => String(r.id));
}

/**
 * Re-applies the file's waivers to each of its completed versions, and flags as needing review the
 * approved waivers whose failures changed on the newest one. Returns the flagged waivers.
 */
export async function reapplyToFile(tx: Database, fileId: string, now: Date): Promise<string[]> {
  const versions = await completedVersions(tx, fileId);
  let flagged: string[] = [];
  for (const [i, versionId] of versions.entries()) {
    const outcome = await applyWaivers(tx, versionId, now);
    if (i === 0) flagged = outcome.changed;
  }
  if (flagged.length > 0) {
    await tx.execute(
      sql`update waivers set state = 'needs_review' where id = any(${sql.param(flagged)}::uuid[]) and state = 'approved'`,
    );
    // A waiver needing review applies nowhere until an Admin approves it again.
    for (const versionId of versions) await applyWaivers(tx, versionId, now);
  }
  return flagged;
}

/**
 * After processing wrote a version's results (its elements attached): applies the file's waivers to
 * it and, when it is the file's newest version, flags the waivers whose failures changed there.
 */
export async function applyToProcessedVersion(tx: Database, versionId: string, now: Date): Promise<string[]> {
  const outcome = await applyWaivers(tx, versionId, now);
  if (outcome.changed.length === 0) return [];
  const [newer] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from file_versions fv join file_versions me on me.id = ${versionId}
        where fv.bim_file_id = me.bim_file_id and fv.status = 'completed' and fv.version_number > me.version_number`,
  );
  if (Number(newer?.n ?? 0) > 0) return [];
  await tx.execute(
    sql`update waivers set state = 'needs_review' where id = any(${sql.param(outcome.changed)}::uuid[]) and state = 'approved'`,
  );
  // A waiver needing review applies nowhere: this version and the file's earlier ones lose it.
  const [file] = await rowsOf<{ id: string }>(
    tx,
    sql`select bim_file_id as id from file_versions where id = ${versionId}`,
  );
  const others = file ? (await completedVersions(tx, file.id)).filter((id) => id !== versionId) : [];
  for (const id of [versionId, ...others]) await applyWaivers(tx, id, now);
  return outcome.changed;
}
