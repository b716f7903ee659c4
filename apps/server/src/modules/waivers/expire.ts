// Expiry (issue 32): on the app's clock, a waiver whose last day has passed lapses; its failures
// count as failures again, the audit trail records it and the requester and approver are told.
import type { Locale } from '@plumbline/i18n';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { render } from '../../platform/i18n';
import type { JobSender } from '../../platform/queue';
import { bimFiles, projects } from '../../schema';
import type { AuditRecorder } from '../audit';
import { type Notification, notifyUser } from '../notifications';
import { reapplyToFile } from './apply';
import * as repo from './repo';

function waiverExpiredMail(
  locale: Locale,
  values: { projectName: string; fileName: string; specification: string; subject: string; reason: string },
): Notification {
  return {
    kind: 'waiver.expired',
    subject: render(locale, 'mail.waiverExpired.subject', values),
    text: render(locale, 'mail.waiverExpired.text', values),
  };
}

/** Lapses every waiver due at the clock's now; returns how many. Each in a transaction of its own. */
export async function expireDueWaivers(deps: {
  db: Database;
  clock: Clock;
  jobs: JobSender;
  audit: AuditRecorder;
}): Promise<number> {
  const { db, clock, jobs, audit } = deps;
  const now = clock.now();
  const due = await repo.dueForExpiry(db, now);
  for (const waiver of due) {
    await db.transaction(async (tx) => {
      const locked = await repo.lockWaiver(tx, waiver.projectId, waiver.id);
      if (!locked || !['approved', 'needs_review', 'requested'].includes(locked.state)) return;
      await repo.updateWaiver(tx, locked.id, { state: 'expired' });
      if (locked.state !== 'requested') await reapplyToFile(tx, locked.bimFileId, now);
      await audit.record(
        {
          actorId: null,
          projectId: locked.projectId,
          action: 'waiver.expired',
          targetType: 'waiver',
          targetId: locked.id,
          details: {
            scope: locked.scope,
            specificationKey: locked.specificationKey,
            subject: locked.subject,
            expiresAt: locked.expiresAt.toISOString(),
            before: { state: locked.state },
            after: { state: 'expired' },
          },
        },
        tx,
      );
      const [names] = await tx
        .select({ projectName: projects.name, fileName: bimFiles.name })
        .from(bimFiles)
        .innerJoin(projects, eq(projects.id, bimFiles.projectId))
        .where(eq(bimFiles.id, locked.bimFileId));
      const values = {
        projectName: names?.projectName ?? '',
        fileName: names?.fileName ?? '',
        specification: locked.specificationName,
        subject: locked.subjectLabel ?? locked.specificationName,
        reason: locked.reason,
      };
      const told = new Set([locked.requestedBy, locked.decidedBy].filter((id): id is string => Boolean(id)));
      for (const userId of told)
        await notifyUser(
          tx,
          jobs,
          userId,
          (locale) => waiverExpiredMail(locale, values),
          now,
          locked.projectId,
        );
    });
  }
  return due.length;
}
