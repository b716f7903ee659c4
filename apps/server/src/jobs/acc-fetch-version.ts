import { pipeline, Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApsError } from '../modules/acc/aps-client';
import { type FetchAccVersionPayload, fetchAccVersionJob } from '../modules/acc/jobs';
import { completeFetch, failVersion, findFetchTarget, findLink } from '../modules/acc/repo';
import { ifcHeaderGuard } from '../modules/bimfiles/ifc-header-guard';
import { queueProcessing } from '../modules/bimfiles/jobs';
import { adoptModel, discardStaged, releaseModels, type StagedModel, stageModel } from '../modules/storage';
import { AppError } from '../platform/errors';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

const RETRY_LIMIT = fetchAccVersionJob.queue.retryLimit ?? 0;
/** Model Derivative is polled with back-off: 2 s doubling to 30 s, for at most 30 minutes. */
const POLL_FIRST_MS = 2_000;
const POLL_MAX_MS = 30_000;
const TRANSLATION_LIMIT_MS = 30 * 60_000;

class TranslationFailed extends Error {}

/** Counts bytes on the way to storage and stops past the upload limit. */
function sizeLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes)
        done(new ApsError(413, `The file is larger than the upload limit of ${maxBytes} bytes.`));
      else done(null, chunk);
    },
  });
}

/** Runs {@link fetchAccVersionJob} (declared, with its payload and retry policy, in modules/acc/jobs.ts). */
export const fetchAccVersionHandler: JobDefinition<FetchAccVersionPayload, JobDeps> = {
  ...fetchAccVersionJob,
  async handle(deps, { fileVersionId }, job) {
    const { db, clock, storage, jobs, acc, logger } = deps;
    const target = await findFetchTarget(db, fileVersionId);
    if (target?.status !== 'pending') return;
    // Stored already (a retry after the fetch committed): its key is the shared model, never deleted here.
    if (target.sha256 !== '') return;
    // A version fetched before decision 0424 kept its bytes under its own key; a retry after a crash
    // may find a half-kept one there: start clean (deleting nothing is no error).
    await storage.delete(target.storageKey);
    if (!acc) {
      await failVersion(db, fileVersionId, 'The ACC import is not set up on this installation.', clock.now());
      return;
    }
    const link = await findLink(db, target.projectId);
    if (!link) {
      await failVersion(db, fileVersionId, 'The project is no longer connected to ACC.', clock.now());
      return;
    }
    const rvt = target.fileName.toLowerCase().endsWith('.rvt');
    let staged: StagedModel | null = null;
    try {
      const source = await acc.connector.withProjectToken(target.projectId, async (token) => {
        if (!rvt) return acc.connector.client.download(token, link.accProjectId, target.accVersionId);
        await acc.connector.client.startIfcTranslation(token, target.accVersionId);
        const started = Date.now();
        for (let wait = POLL_FIRST_MS; ; wait = Math.min(POLL_MAX_MS, wait * 2)) {
          const status = await acc.connector.client.translationStatus(token, target.accVersionId);
          if (status.state === 'failed')
            throw new TranslationFailed(status.message ?? 'The translation failed.');
          if (status.state === 'success' && status.ifcUrn)
            return acc.connector.client.downloadDerivative(token, target.accVersionId, status.ifcUrn);
          if (Date.now() - started > TRANSLATION_LIMIT_MS)
            throw new TranslationFailed('The RVT to IFC translation took longer than 30 minutes.');
          await sleep(wait);
        }
      });
      const guarded = pipeline(source, sizeLimit(acc.maxBytes), ifcHeaderGuard(), () => {});
      // Stored once under its SHA-256: another version or project with the same bytes shares the object.
      const stored = await stageModel(storage, guarded);
      staged = stored;
      const completed = await db.transaction(async (tx) => {
        const key = await adoptModel(tx, storage, stored);
        if (!(await completeFetch(tx, fileVersionId, { ...stored, key }))) return false;
        await queueProcessing(jobs, fileVersionId, tx);
        return true;
      });
      // The version was deleted (or fetched by another run) meanwhile: the object may be nobody's.
      if (!completed) await releaseModels(db, storage, [stored.key]);
      logger.info({ fileVersionId, sizeBytes: stored.size, translated: rvt }, 'ACC version fetched');
    } catch (error) {
      if (staged) await discardStaged(db, storage, staged).catch(() => {});
      const final =
        error instanceof TranslationFailed ||
        (error instanceof ApsError && error.status >= 400 && error.status < 500 && error.status !== 429) ||
        job.retryCount >= RETRY_LIMIT ||
        error instanceof AppError;
      if (!final) throw error;
      const message = error instanceof Error ? error.message : 'The file could not be fetched from ACC.';
      await failVersion(db, fileVersionId, message, clock.now());
      logger.warn({ fileVersionId, reason: message }, 'ACC version failed');
    }
  },
};
