import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditVerifyCommand } from '../src/audit-verify';
import { appendAuditEntry } from '../src/modules/audit/repo';
import { rowsOf } from '../src/platform/db';
import { testBackend } from './support/backends';
import { GOOD_CARD } from './support/cards';
import { upload } from './support/multipart';
import {
  call,
  eventually,
  type Session,
  serverWithAccountsForBlock,
  signUp,
  type TestServer,
} from './support/server';

/**
 * Issue 32 item 2: the audit trail. Every change of a verdict, a rule or an access lands in one hash
 * chain; the chain verifies after a session of every recorded action, and a row edited in the
 * database (past the append-only trigger, as someone with the database's keys could) makes the check
 * fail at exactly that row. The hashes are recomputed here from the stored columns with
 * node:crypto, not with the code under test.
 */

const backend = testBackend();

const demoIds = readFileSync(fileURLToPath(new URL('../src/modules/demo/demo.ids', import.meta.url)));
const DAY = 24 * 60 * 60 * 1000;

interface Row {
  id: string;
  seq: string;
  /** Milliseconds since the epoch (the raw query returns timestamps as text). */
  at_ms: number;
  actor_id: string | null;
  project_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

/** The chain's rule written out independently: sorted-key JSON of the fields, SHA-256. */
function sortedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${sortedJson(object[key])}`)
    .join(',')}}`;
}

function expectedHash(row: Row): string {
  return createHash('sha256')
    .update(
      sortedJson({
        action: row.action,
        actorId: row.actor_id,
        at: new Date(Math.round(Number(row.at_ms))).toISOString(),
        details: row.details,
        id: row.id,
        prevHash: row.prev_hash,
        projectId: row.project_id,
        seq: Number(row.seq),
        targetId: row.target_id,
        targetType: row.target_type,
      }),
    )
    .digest('hex');
}

describe('audit trail', () => {
  let server: TestServer;
  let operator: Session;
  let owner: Session;
  let colleague: Session;
  let projectId: string;

  // The installation's first account (the operator) is its admin.
  serverWithAccountsForBlock(backend, ['Operator', 'Owner', 'Colleague'], (started, accounts) => {
    server = started;
    [operator, owner, colleague] = accounts;
  });

  const chain = () =>
    rowsOf<Row>(
      server.database.db,
      sql`select id, seq, extract(epoch from at) * 1000 as at_ms, actor_id, project_id, action, target_type,
          target_id, details, prev_hash, hash from audit_log where seq is not null order by seq`,
    );

  /** Waits until every queued audit.write job has been appended. */
  async function settled(): Promise<Row[]> {
    return eventually(async () => {
      const [pending] = await rowsOf<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from pgboss.job where name = 'audit.write' and state < 'completed'`,
      );
      return pending?.n === 0 ? chain() : null;
    });
  }

  async function verify(): Promise<Record<string, unknown>> {
    const res = await call(server, operator, 'GET', '/api/v1/admin/audit/verify');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function runScript(): Promise<{ code: number; out: string }> {
    let out = '';
    const code = await auditVerifyCommand(
      { DATABASE_URL: server.database.url, DATA_DIR: '/nonexistent-plumbline-data' },
      { write: (text: string) => (out += text) },
    );
    return { code, out };
  }

  it('records a session of every recorded action in one chain that verifies', async () => {
    const paid = await call(server, owner, 'POST', '/api/v1/billing/subscription-payments', {
      customerName: 'Olivia Owner',
      billingEmail: 'olivia@example.com',
      tierId: 'blueprint',
      card: GOOD_CARD,
      projectName: 'Chain Court',
      idempotencyKey: `audit-${randomUUID()}`,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    projectId = paid.json().project_id;
    const subscriptionId: string = paid.json().subscription.id;
    const base = `/api/v1/projects/${projectId}`;
    const expectOk = (res: { statusCode: number; body: string }) =>
      expect(res.statusCode, res.body).toBeLessThan(300);

    const ids = await upload(server, owner, `${base}/idsfiles`, 'rules.ids', demoIds);
    expectOk(ids);
    const idsFileId: string = ids.json().ids_file.id;
    expectOk(await call(server, owner, 'PATCH', `${base}/idsfiles/${idsFileId}`, { is_active: false }));
    expectOk(await call(server, owner, 'PATCH', `${base}/idsfiles/${idsFileId}`, { is_active: true }));
    const specs = (await call(server, owner, 'GET', `${base}/ids/specifications`)).json().specifications;
    expectOk(
      await call(server, owner, 'POST', '/api/v1/attributes/add-to-specification', {
        specification_id: specs[0].id,
        property_set_name: 'Pset_WallCommon',
        property_name: 'AcousticRating',
        usage_type: 'requirement',
        data_type: 'IFCLABEL',
        cardinality: 'required',
      }),
    );
    // A corrected file as the next revision of the same lineage (issue 30): content differs by a comment.
    const revisedIds = Buffer.concat([demoIds, Buffer.from('\n<!-- revision 2 -->\n')]);
    const revised = await upload(
      server,
      owner,
      `${base}/idsfiles/${idsFileId}/revisions`,
      'rules.ids',
      revisedIds,
    );
    expectOk(revised);
    const revisionId: string = revised.json().ids_file.id;
    expectOk(
      await call(server, owner, 'POST', `${base}/members`, { email: colleague.email, role: 'Viewer' }),
    );
    expectOk(await call(server, owner, 'PATCH', `${base}/members/${colleague.userId}`, { role: 'Editor' }));
    const invitee = `invitee.${randomUUID()}@example.com`;
    expectOk(await call(server, owner, 'POST', `${base}/members`, { email: invitee, role: 'Viewer' }));
    const invitation = (await call(server, owner, 'GET', `${base}/members`))
      .json()
      .invitations.find((i: { email: string }) => i.email === invitee);
    expectOk(await call(server, owner, 'DELETE', `${base}/invitations/${invitation.id}`));
    expectOk(await call(server, owner, 'DELETE', `${base}/members/${colleague.userId}`));
    expectOk(
      await call(server, owner, 'POST', `/api/v1/billing/subscriptions/${subscriptionId}/upgrade`, {
        newTierId: 'cornerstone',
        confirmProjectName: 'Chain Court',
      }),
    );
    const personal = await call(server, owner, 'POST', '/api/v1/tokens', {
      name: 'CI',
      scope: 'read',
      expires_in_days: 30,
    });
    expectOk(personal);
    expectOk(await call(server, owner, 'DELETE', `/api/v1/tokens/${personal.json().token.id}`));
    const project = await call(server, owner, 'POST', `${base}/tokens`, {
      name: 'Pipeline',
      scope: 'write',
      expires_in_days: 7,
    });
    expectOk(project);
    expectOk(await call(server, owner, 'DELETE', `${base}/tokens/${project.json().token.id}`));
    expectOk(await call(server, owner, 'DELETE', `${base}/idsfiles/${revisionId}`));

    const rows = await settled();
    const actions = rows.filter((r) => r.project_id === projectId).map((r) => r.action);
    for (const action of [
      'project.created',
      'idsfile.uploaded',
      'idsfile.deactivated',
      'idsfile.activated',
      'idsfile.requirement_added',
      'idsfile.replaced',
      'member.added',
      'member.role_changed',
      'member.invited',
      'member.invitation_revoked',
      'member.removed',
      'plan.changed',
      'token.created',
      'token.revoked',
      'idsfile.deleted',
    ])
      expect(actions, action).toContain(action);
    expect(rows.filter((r) => r.action === 'token.created' && r.project_id === null)).toHaveLength(1);

    // Before and after, as recorded.
    const byAction = (action: string) => rows.find((r) => r.project_id === projectId && r.action === action);
    expect(byAction('member.role_changed')?.details).toMatchObject({
      before: { role: 'Viewer' },
      after: { role: 'Editor' },
    });
    expect(byAction('plan.changed')?.details).toMatchObject({
      before: { tierId: 'blueprint' },
      after: { tierId: 'cornerstone' },
    });
    expect(byAction('idsfile.deactivated')?.details).toMatchObject({
      before: { active: true },
      after: { active: false },
    });
    const revisedSha = createHash('sha256').update(revisedIds).digest('hex');
    const rewritten = byAction('idsfile.requirement_added')?.details as { after: { sha256: string } };
    expect(byAction('idsfile.replaced')?.details).toMatchObject({
      idsFileId: revisionId,
      replaces: idsFileId,
      before: { sha256: rewritten.after.sha256, active: true },
      after: { sha256: revisedSha, active: true },
    });
    expect(byAction('idsfile.deleted')?.details).toMatchObject({
      idsFileId: revisionId,
      before: { sha256: revisedSha, active: true },
      after: null,
    });
    expect(byAction('token.revoked')?.details).toMatchObject({ after: { state: 'revoked' } });
    expect(JSON.stringify(rows)).not.toContain(personal.json().secret);

    // The chain: 1, 2, 3…, each following the hash before it and hashing to what it stores.
    rows.forEach((row, index) => {
      expect(Number(row.seq)).toBe(index + 1);
      expect(row.prev_hash).toBe(index === 0 ? '0'.repeat(64) : rows[index - 1]?.hash);
      expect(row.hash).toBe(expectedHash(row));
    });
    expect(await verify()).toMatchObject({ ok: true, checked: rows.length, unchained: 0, first_bad: null });
    const script = await runScript();
    expect(script.code, script.out).toBe(0);
    expect(script.out).toContain(`audit chain holds: ${rows.length} entries checked`);
  }, 180_000);

  it('refuses to delete or change a recorded entry', async () => {
    const [row] = await chain();
    await expect(
      server.database.db.execute(sql`update audit_log set action = 'nothing' where id = ${row?.id}`),
    ).rejects.toThrow();
    await expect(
      server.database.db.execute(sql`delete from audit_log where id = ${row?.id}`),
    ).rejects.toThrow();
    await expect(server.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });

  it('keeps one chain when many writers append at once', async () => {
    const appends = Array.from({ length: 40 }, (_, i) =>
      server.database.db.transaction((tx) =>
        appendAuditEntry(
          tx,
          {
            actorId: owner.userId,
            projectId,
            action: 'test.concurrent',
            targetType: 'project',
            targetId: String(i),
            details: { i },
            at: new Date(),
          },
          `concurrent-${randomUUID()}`,
        ),
      ),
    );
    await Promise.all(appends);
    const rows = await chain();
    expect(rows.filter((r) => r.action === 'test.concurrent')).toHaveLength(40);
    rows.forEach((row, index) => {
      expect(Number(row.seq)).toBe(index + 1);
      if (index > 0) expect(row.prev_hash).toBe(rows[index - 1]?.hash);
    });
    expect(await verify()).toMatchObject({ ok: true, checked: rows.length });
  });

  it('lists, filters and exports entries for project Admins and installation admins only', async () => {
    const base = `/api/v1/projects/${projectId}/audit`;
    const all = await call(server, owner, 'GET', `${base}?limit=200`);
    expect(all.statusCode, all.body).toBe(200);
    const entries = all.json().entries as Array<{
      action: string;
      at: string;
      actor: { email: string } | null;
    }>;
    expect(entries.length).toBeGreaterThan(14);
    // Newest first.
    expect([...entries].sort((a, b) => b.at.localeCompare(a.at)).map((e) => e.at)).toEqual(
      entries.map((e) => e.at),
    );
    const roles = (await call(server, owner, 'GET', `${base}?action=member.role_changed`)).json().entries;
    expect(roles.map((e: { action: string }) => e.action)).toEqual(['member.role_changed']);
    expect(roles[0].actor.email).toBe(owner.email);
    const byOperator = (
      await call(server, owner, 'GET', `${base}?actor=${encodeURIComponent('operator.')}`)
    ).json();
    expect(byOperator.entries).toEqual([]);
    // Paging: two entries a page, the cursor continues where the last page ended.
    const first = (await call(server, owner, 'GET', `${base}?limit=2`)).json();
    const second = (await call(server, owner, 'GET', `${base}?limit=2&cursor=${first.next_cursor}`)).json();
    expect([...first.entries, ...second.entries].map((e: { id: string }) => e.id)).toEqual(
      entries.slice(0, 4).map((e) => (e as unknown as { id: string }).id),
    );
    // A day range: an entry three days on is outside the range of today.
    server.clock.advance(3 * DAY);
    expect(
      (await call(server, owner, 'PATCH', `/api/v1/projects/${projectId}`, { name: 'Chain Court' }))
        .statusCode,
    ).toBe(200);
    await settled();
    const today = new Date(server.clock.now().getTime() - 3 * DAY).toISOString().slice(0, 10);
    const later = server.clock.now().toISOString().slice(0, 10);
    const inRange = (await call(server, owner, 'GET', `${base}?from=${today}&to=${today}&limit=200`)).json();
    expect(inRange.entries.some((e: { action: string }) => e.action === 'project.updated')).toBe(false);
    const onLater = (await call(server, owner, 'GET', `${base}?from=${later}&to=${later}`)).json();
    expect(onLater.entries.map((e: { action: string }) => e.action)).toEqual(['project.updated']);

    // Not an Admin of the project: refused; the installation's trail is for installation admins.
    const editor = await signUp(server, 'Editor');
    await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
      email: editor.email,
      role: 'Editor',
    });
    expect((await call(server, editor, 'GET', base)).statusCode).toBe(403);
    expect((await call(server, editor, 'GET', '/api/v1/admin/audit')).statusCode).toBe(403);
    const installation = (
      await call(server, operator, 'GET', '/api/v1/admin/audit?action=session.created')
    ).json();
    expect(installation.entries.length).toBeGreaterThan(0);

    // CSV: one row per entry, text a spreadsheet could run as a formula neutralised.
    await call(server, owner, 'PATCH', `/api/v1/projects/${projectId}`, { name: '=HYPERLINK("http://x")' });
    await settled();
    const csv = await call(server, owner, 'GET', `${base}/export?action=project.updated`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'SEQ,AT (UTC),ACTION,ACTOR E-MAIL,ACTOR NAME,PROJECT,TARGET TYPE,TARGET ID,BEFORE,AFTER,DETAILS,HASH',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.body).not.toMatch(/,=HYPERLINK/);
  }, 120_000);

  it('names the first altered row when a row is changed in the database', async () => {
    const rows = await settled();
    const victim = rows[Math.floor(rows.length / 2)] as Row;
    const db = server.database.db;
    // Past the trigger, as someone with the database owner's rights could.
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await db.execute(
        sql`update audit_log set details = jsonb_set(details, '{forged}', 'true') where id = ${victim.id}`,
      );
    } finally {
      await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
    expect(await verify()).toMatchObject({
      ok: false,
      checked: Number(victim.seq) - 1,
      first_bad: { seq: Number(victim.seq), id: victim.id, reason: 'entry_changed' },
    });
    const script = await runScript();
    expect(script.code).toBe(1);
    expect(script.out).toContain(`audit chain BROKEN at entry #${victim.seq} (id ${victim.id}`);

    // Re-hashing the altered row moves the break to the next one, which no longer follows it.
    const [forged] = await rowsOf<Row>(
      db,
      sql`select id, seq, extract(epoch from at) * 1000 as at_ms, actor_id, project_id, action, target_type,
          target_id, details, prev_hash, hash from audit_log where id = ${victim.id}`,
    );
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await db.execute(
        sql`update audit_log set hash = ${expectedHash(forged as Row)} where id = ${victim.id}`,
      );
    } finally {
      await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
    const next = rows[Math.floor(rows.length / 2) + 1] as Row;
    expect(await verify()).toMatchObject({
      ok: false,
      first_bad: { seq: Number(next.seq), id: next.id, reason: 'link_broken' },
    });
  });
});
