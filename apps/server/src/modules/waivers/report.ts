// The Comprehensive PDF's evidence lists the waivers in force (issue 32): what was accepted, why, by whom.
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';

export interface ReportWaiver {
  fileName: string;
  specification: string;
  scope: 'element' | 'type' | 'storey' | 'specification';
  subject: string | null;
  reason: string;
  reference: string | null;
  expiresAt: Date;
  requestedBy: string;
  approvedBy: string | null;
}

/** The project's approved, unexpired waivers at `now`, by file and specification. */
export async function activeWaiversForReport(
  db: Database,
  projectId: string,
  now: Date,
): Promise<ReportWaiver[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select bf.name as file_name, w.specification_name, w.scope, coalesce(w.subject_label, w.subject) as subject,
          w.reason, w.reference, w.expires_at, ru.full_name as requester, du.full_name as approver
        from waivers w join bim_files bf on bf.id = w.bim_file_id
          join users ru on ru.id = w.requested_by left join users du on du.id = w.decided_by
        where w.project_id = ${projectId} and w.state = 'approved' and w.expires_at > ${now.toISOString()}::timestamptz
        order by bf.name, w.specification_name, w.expires_at`,
  );
  return rows.map((r) => ({
    fileName: String(r.file_name),
    specification: String(r.specification_name),
    scope: r.scope as ReportWaiver['scope'],
    subject: (r.subject as string | null) ?? null,
    reason: String(r.reason),
    reference: (r.reference as string | null) ?? null,
    expiresAt: r.expires_at instanceof Date ? r.expires_at : new Date(String(r.expires_at)),
    requestedBy: String(r.requester ?? ''),
    approvedBy: (r.approver as string | null) ?? null,
  }));
}
