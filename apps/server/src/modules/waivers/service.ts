import {
  type CreateWaiverBody,
  type DecideWaiverBody,
  WAIVER_EXPIRING_DAYS,
  WAIVER_MAX_DAYS,
  type Waiver,
  type WaiverList,
  type WaiverListQuery,
  type WaiverSettings,
} from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { AuditRecorder } from '../audit';
import { requireCheckedVersion } from '../bimfiles';
import { requireProjectPermission, requireProjectReader } from '../projects';
import { completedVersions, coverageOn, reapplyToFile } from './apply';
import { WaiverError } from './errors';
import { exportWaiversXlsx } from './export-run';
import * as repo from './repo';

const DAY_MS = 86_400_000;

export function toWaiverDto(listed: repo.ListedWaiver): Waiver {
  const w = listed.waiver;
  const person = (p: repo.ListedWaiver['requester']) => ({ id: p.id, email: p.email, full_name: p.fullName });
  return {
    id: w.id,
    scope: w.scope,
    state: w.state,
    file: { id: w.bimFileId, name: listed.fileName },
    specification: { key: w.specificationKey, name: w.specificationName },
    facet_index: w.facetIndex,
    subject: w.subject,
    subject_label: w.subjectLabel,
    reason: w.reason,
    reference: w.reference,
    expires_at: w.expiresAt.toISOString(),
    requested_by: person(listed.requester),
    requested_at: w.requestedAt.toISOString(),
    decided_by: listed.decider ? person(listed.decider) : null,
    decided_at: w.decidedAt?.toISOString() ?? null,
    decision_note: w.decisionNote,
    waived_findings: listed.waivedFindings,
  };
}

/**
 * The expiry a request names (its last day, UTC): the waiver lapses at the end of that day. Refused
 * unless it lies after now and at most WAIVER_MAX_DAYS ahead.
 */
export function expiryOf(lastDay: string, now: Date): Date {
  const day = new Date(`${lastDay}T00:00:00.000Z`);
  const end = new Date(day.getTime() + DAY_MS);
  if (
    Number.isNaN(day.getTime()) ||
    end.getTime() <= now.getTime() ||
    end.getTime() > now.getTime() + (WAIVER_MAX_DAYS + 1) * DAY_MS
  )
    throw new WaiverError('waiver_expiry_invalid', { params: { days: WAIVER_MAX_DAYS } });
  return end;
}

/** What a waiver is about, for the audit trail (data, never a sentence). */
function auditSubject(w: repo.WaiverRow) {
  return {
    scope: w.scope,
    fileId: w.bimFileId,
    specificationKey: w.specificationKey,
    specification: w.specificationName,
    requirementKey: w.requirementKey,
    subject: w.subject,
    reason: w.reason,
    expiresAt: w.expiresAt.toISOString(),
  };
}

/**
 * Waivers (issue 32, decision 0268): Editors request, project Admins approve or reject (not their own
 * unless the project allows it); every step is in the audit trail, and every approval or rejection
 * re-applies the file's waivers so each figure reads the new statuses.
 */
export function createWaiverService(deps: { db: Database; clock: Clock; audit: AuditRecorder }) {
  const { db, clock, audit } = deps;

  async function listed(projectId: string, id: string): Promise<Waiver> {
    const [one] = await repo.listWaivers(db, projectId, { ids: [id] }, clock.now(), WAIVER_EXPIRING_DAYS);
    if (!one) throw new WaiverError('waiver_not_found');
    return toWaiverDto(one);
  }

  async function decide(
    userId: string,
    projectId: string,
    waiverId: string,
    body: DecideWaiverBody,
    outcome: 'approved' | 'rejected',
  ): Promise<Waiver> {
    await requireProjectPermission({ db, userId }, projectId, 'waivers.decide');
    const now = clock.now();
    await db.transaction(async (tx) => {
      const waiver = await repo.lockWaiver(tx, projectId, waiverId);
      if (!waiver) throw new WaiverError('waiver_not_found');
      if (waiver.state !== 'requested' && waiver.state !== 'needs_review')
        throw new WaiverError('waiver_not_pending');
      if (waiver.requestedBy === userId && !(await repo.selfApproval(tx, projectId)))
        throw new WaiverError('waiver_own_request');
      let fingerprint = waiver.fingerprint;
      if (outcome === 'approved') {
        // Granted against the failures as they are now on the file's newest version.
        const [newest] = await completedVersions(tx, waiver.bimFileId);
        const [now_] = newest
          ? await coverageOn(tx, newest, sql`select * from waivers where id = ${waiver.id}`)
          : [];
        if (now_) fingerprint = now_.fingerprint;
      }
      const updated = await repo.updateWaiver(tx, waiver.id, {
        state: outcome,
        fingerprint,
        decidedBy: userId,
        decidedAt: now,
        decisionNote: body.note ?? null,
      });
      await reapplyToFile(tx, waiver.bimFileId, now);
      await audit.record(
        {
          actorId: userId,
          projectId,
          action: outcome === 'approved' ? 'waiver.approved' : 'waiver.rejected',
          targetType: 'waiver',
          targetId: waiver.id,
          details: {
            ...auditSubject(updated),
            note: body.note ?? null,
            before: { state: waiver.state },
            after: { state: outcome },
          },
        },
        tx,
      );
    });
    return listed(projectId, waiverId);
  }

  return {
    async list(userId: string | null, projectId: string, query: WaiverListQuery): Promise<WaiverList> {
      await requireProjectReader({ db, userId }, projectId);
      const rows = await repo.listWaivers(db, projectId, query, clock.now(), WAIVER_EXPIRING_DAYS);
      return { waivers: rows.map(toWaiverDto), self_approval: await repo.selfApproval(db, projectId) };
    },

    async request(userId: string, projectId: string, body: CreateWaiverBody): Promise<Waiver> {
      await requireProjectPermission({ db, userId }, projectId, 'waivers.request');
      const now = clock.now();
      const expiresAt = expiryOf(body.expires_on, now);
      const { version } = await requireCheckedVersion(db, {
        projectId,
        fileId: body.file_id,
        versionId: body.version_id,
      });
      const spec = await repo.specificationOf(db, projectId, body.specification_id);
      if (!spec) throw new WaiverError('waiver_nothing_to_waive');
      const requirementKey = body.facet_index === undefined ? null : spec.requirementKeys[body.facet_index];
      if (requirementKey === undefined) throw new WaiverError('waiver_nothing_to_waive');
      let subject: string | null = null;
      let subjectLabel: string | null = null;
      if (body.scope !== 'specification') {
        if (body.element_id === undefined) throw new WaiverError('waiver_element_needed');
        const element = await repo.elementOf(db, version.id, body.element_id);
        if (!element) throw new WaiverError('waiver_nothing_to_waive');
        subject =
          body.scope === 'element' ? element.key : body.scope === 'type' ? element.typeName : element.level;
        subjectLabel =
          body.scope === 'element'
            ? [element.globalId, element.name].filter(Boolean).join(' · ') || element.ifcClass
            : subject;
        if (!subject) throw new WaiverError('waiver_nothing_to_waive');
      }
      const id = await db.transaction(async (tx) => {
        const row = await repo.insertWaiver(tx, {
          projectId,
          bimFileId: body.file_id,
          scope: body.scope,
          specificationKey: spec.key,
          specificationName: spec.name,
          requirementKey,
          facetIndex: body.facet_index ?? null,
          subject,
          subjectLabel,
          reason: body.reason,
          reference: body.reference || null,
          expiresAt,
          state: 'requested',
          fingerprint: '',
          requestedBy: userId,
          requestedAt: now,
        });
        const [covered] = await coverageOn(tx, version.id, sql`select * from waivers where id = ${row.id}`);
        if (!covered) throw new WaiverError('waiver_nothing_to_waive');
        const updated = await repo.updateWaiver(tx, row.id, { fingerprint: covered.fingerprint });
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: 'waiver.requested',
            targetType: 'waiver',
            targetId: row.id,
            details: {
              ...auditSubject(updated),
              findings: covered.results,
              before: null,
              after: { state: 'requested' },
            },
          },
          tx,
        );
        return row.id;
      });
      return listed(projectId, id);
    },

    approve(userId: string, projectId: string, waiverId: string, body: DecideWaiverBody): Promise<Waiver> {
      return decide(userId, projectId, waiverId, body, 'approved');
    },

    reject(userId: string, projectId: string, waiverId: string, body: DecideWaiverBody): Promise<Waiver> {
      return decide(userId, projectId, waiverId, body, 'rejected');
    },

    async setSettings(userId: string, projectId: string, body: WaiverSettings): Promise<WaiverSettings> {
      await requireProjectPermission({ db, userId }, projectId, 'waivers.decide');
      await db.transaction(async (tx) => {
        const before = await repo.selfApproval(tx, projectId);
        await repo.setSelfApproval(tx, projectId, body.self_approval);
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: 'waiver.settings_changed',
            targetType: 'project',
            targetId: projectId,
            details: { before: { selfApproval: before }, after: { selfApproval: body.self_approval } },
          },
          tx,
        );
      });
      return { self_approval: body.self_approval };
    },

    /** Every waiver matching the filters as XLSX (read access checked; bounded, off the event loop). */
    async exportXlsx(
      userId: string | null,
      projectId: string,
      query: WaiverListQuery,
      locale: Locale,
    ): Promise<Buffer> {
      await requireProjectReader({ db, userId }, projectId);
      return exportWaiversXlsx(db, projectId, query, clock.now(), locale, toWaiverDto);
    },
  };
}

export type WaiverService = ReturnType<typeof createWaiverService>;
