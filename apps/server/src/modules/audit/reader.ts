import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import type { AuditChainVerdict, AuditEntry, AuditListResponse, AuditQuery } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import { HttpError } from '../../platform/errors';
import { csvField } from '../metadata';
import { requireProjectPermission } from '../projects';
import { type AuditFilter, type AuditListRow, listAuditEntries } from './repo';
import { verifyAuditChain } from './verify';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPORT_PAGE = 1000;

function toDto({ entry, actorEmail, actorName, projectName }: AuditListRow): AuditEntry {
  return {
    id: entry.id,
    seq: entry.seq,
    at: entry.at.toISOString(),
    action: entry.action,
    actor: entry.actorId ? { id: entry.actorId, email: actorEmail, full_name: actorName } : null,
    project: entry.projectId ? { id: entry.projectId, name: projectName } : null,
    target_type: entry.targetType,
    target_id: entry.targetId,
    details: entry.details,
    hash: entry.hash,
  };
}

function encodeCursor(entry: AuditEntry): string {
  return Buffer.from(`${entry.at}|${entry.id}`).toString('base64url');
}

function decodeCursor(cursor: string): AuditFilter['before'] {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime())) {
    throw new HttpError('validation_failed', { fields: { cursor: { id: 'validation.cursor.invalid' } } });
  }
  return { at: date, id };
}

function filterOf(projectId: string | null, query: AuditQuery): AuditFilter {
  const from = query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined;
  const until = query.to ? new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + DAY_MS) : undefined;
  for (const [field, date] of [
    ['from', from],
    ['to', until],
  ] as const) {
    if (date && Number.isNaN(date.getTime()))
      throw new HttpError('validation_failed', { fields: { [field]: { id: 'validation.date.invalid' } } });
  }
  return {
    projectId,
    action: query.action || undefined,
    actor: query.actor || undefined,
    from,
    until,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
  };
}

const CSV_COLUMNS: Array<{ header: string; value: (e: AuditEntry) => string | number | null }> = [
  { header: 'SEQ', value: (e) => e.seq },
  { header: 'AT (UTC)', value: (e) => e.at },
  { header: 'ACTION', value: (e) => e.action },
  { header: 'ACTOR E-MAIL', value: (e) => e.actor?.email ?? null },
  { header: 'ACTOR NAME', value: (e) => e.actor?.full_name ?? null },
  { header: 'PROJECT', value: (e) => e.project?.name ?? null },
  { header: 'TARGET TYPE', value: (e) => e.target_type },
  { header: 'TARGET ID', value: (e) => e.target_id },
  { header: 'BEFORE', value: (e) => jsonOrNull(e.details.before) },
  { header: 'AFTER', value: (e) => jsonOrNull(e.details.after) },
  { header: 'DETAILS', value: (e) => JSON.stringify(e.details) },
  { header: 'HASH', value: (e) => e.hash },
];

function jsonOrNull(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/**
 * Reading the trail: a project's Admins read their project's entries, installation admins every
 * entry (the installation's own too), and check the chain.
 */
export function createAuditReader(deps: { db: Database }) {
  const { db } = deps;

  async function page(filter: AuditFilter, limit: number): Promise<AuditListResponse> {
    const rows = await listAuditEntries(db, filter, limit + 1);
    const entries = rows.slice(0, limit).map(toDto);
    const last = entries.at(-1);
    return { entries, next_cursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  function csv(filter: AuditFilter): Readable {
    return ReadableStream.from(
      (async function* () {
        yield `\ufeff${CSV_COLUMNS.map((c) => c.header).join(',')}\r\n`;
        let before = filter.before;
        for (;;) {
          const rows = (await listAuditEntries(db, { ...filter, before }, EXPORT_PAGE)).map(toDto);
          let text = '';
          for (const entry of rows)
            text += `${CSV_COLUMNS.map((c) => csvField(c.value(entry))).join(',')}\r\n`;
          if (text) yield text;
          const last = rows.at(-1);
          if (rows.length < EXPORT_PAGE || !last) return;
          before = { at: new Date(last.at), id: last.id };
        }
      })(),
    );
  }

  async function requireReader(userId: string, projectId: string) {
    await requireProjectPermission({ db, userId }, projectId, 'audit.read');
  }

  return {
    async listProject(userId: string, projectId: string, query: AuditQuery): Promise<AuditListResponse> {
      await requireReader(userId, projectId);
      return page(filterOf(projectId, query), query.limit);
    },
    async exportProject(userId: string, projectId: string, query: AuditQuery): Promise<Readable> {
      await requireReader(userId, projectId);
      return csv({ ...filterOf(projectId, query), before: undefined });
    },
    async listAll(isInstallationAdmin: boolean, query: AuditQuery): Promise<AuditListResponse> {
      if (!isInstallationAdmin) throw new HttpError('admin_required');
      return page(filterOf(null, query), query.limit);
    },
    async exportAll(isInstallationAdmin: boolean, query: AuditQuery): Promise<Readable> {
      if (!isInstallationAdmin) throw new HttpError('admin_required');
      return csv({ ...filterOf(null, query), before: undefined });
    },
    async verify(isInstallationAdmin: boolean): Promise<AuditChainVerdict> {
      if (!isInstallationAdmin) throw new HttpError('admin_required');
      return verifyAuditChain(db);
    },
  };
}

export type AuditReader = ReturnType<typeof createAuditReader>;
