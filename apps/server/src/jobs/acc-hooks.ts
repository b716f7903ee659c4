import { ApsError } from '../modules/acc/aps-client';
import {
  type AccProjectPayload,
  accVersionEventJob,
  registerAccHooksJob as registerSpec,
} from '../modules/acc/jobs';
import { createAccService } from '../modules/acc/service';
import { createVersionHooks } from '../modules/acc/version-hooks';
import { createAuditRecorder } from '../modules/audit/service';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

function statusOf(error: unknown): number | undefined {
  return error instanceof ApsError ? error.status : (error as { status?: number }).status;
}

/** Runs {@link registerSpec} (declared in modules/acc/jobs.ts): hourly for all linked projects. */
export const registerAccHooksJob: JobDefinition<{ projectId?: string }, JobDeps> = {
  ...registerSpec,
  schedule: '37 * * * *',
  async handle(deps, { projectId }) {
    const hooks = deps.acc?.hooks;
    if (!deps.acc || !hooks) return;
    const { db, clock, jobs, logger } = deps;
    const service = createVersionHooks({ db, clock, jobs, connector: deps.acc.connector, hooks });
    if (projectId) {
      const count = await service.register(projectId);
      logger.info({ projectId, hooks: count }, 'Autodesk webhooks registered');
      return;
    }
    await service.registerAll((id, error) =>
      logger.warn({ projectId: id, status: statusOf(error) }, 'Autodesk webhook registration failed'),
    );
  },
};

/** Runs {@link accVersionEventJob}: the project's new Autodesk versions, imported and queued for checking. */
export const accVersionEventHandler: JobDefinition<AccProjectPayload, JobDeps> = {
  ...accVersionEventJob,
  async handle(deps, { projectId }) {
    if (!deps.acc) return;
    const { db, clock, jobs, logger } = deps;
    const service = createAccService({
      db,
      clock,
      jobs,
      audit: createAuditRecorder(jobs, clock),
      connector: deps.acc.connector,
    });
    const found = (await service.newVersions(projectId)) ?? [];
    const queued = await db.transaction((tx) => service.addNewVersions(tx, projectId, found, null));
    logger.info({ projectId, queued }, 'ACC versions imported after an Autodesk webhook');
  },
};
