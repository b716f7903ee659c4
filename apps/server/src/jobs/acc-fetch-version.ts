import { pipeline, Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { VersionFailure } from '@plumbline/contracts';
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
/**
 * Model Derivative is polled with back-off: APS_TRANSLATION_POLL_SECONDS (2 s) doubling to 30 s, for
 * at most 30 minutes.
 */
const POLL_MAX_MS = 30_000;
const TRANSLATION_LIMIT_MS = 30 * 60_000;

/** Model Derivative failed the translation (its own words, or null) or took longer than its limit. */
class TranslationFailed extends Error {
  constructor(readonly failure: VersionFailure) {
    super(failure.params.detail ?? `translation: ${failure.code}`);
  }
}

/** Past the upload limit while the file streams to storage. */
class TooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the upload limit of ${maxBytes} bytes.`);
  }
}

/** Why a fetch failed for good, as a code and its values (issue 31): Autodesk's own words are data. */
function fetchFailure(error: unknown): VersionFailure {
  if (error instanceof TranslationFailed) return error.failure;
  if (error instanceof TooLarge) return { code: 'acc_too_large', params: { bytes: error.maxBytes } };
  if (error instanceof AppError && error.code === 'not_ifc') return { code: 'acc_not_ifc', params: {} };
  if (error instanceof Error) return { code: 'acc_fetch_failed', params: { detail: error.message } };
  return { code: 'acc_unavailable', params: {} };
}

/** Counts bytes on the way to storage and stops past the upload limit. */
function sizeLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new TooLarge(maxBytes));
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
      await failVersion(db, fileVersionId, { code: 'acc_not_configured', params: {} }, clock.now());
      return;
    }
    const link = await findLink(db, target.projectId);
    if (!link) {
      await failVersion(db, fileVersionId, { code: 'acc_disconnected', params: {} }, clock.now());
      return;
    }
    const rvt = target.fileName.toLowerCase().endsWith('.rvt');
    let staged: StagedModel | null = null;
    try {
      const source = await acc.connector.withProjectToken(target.projectId, async (token) => {
        if (!rvt) return acc.connector.client.download(token, link.accProjectId, target.accVersionId);
        await acc.connector.client.startIfcTranslation(token, target.accVersionId);
        const started = Date.now();
        for (let wait = acc.translationPollMs; ; wait = Math.min(POLL_MAX_MS, wait * 2)) {
          const status = await acc.connector.client.translationStatus(token, target.accVersionId);
          if (status.state === 'failed')
            throw new TranslationFailed(
              status.message
                ? { code: 'acc_fetch_failed', params: { detail: status.message } }
                : { code: 'acc_unavailable', params: {} },
            );
          if (status.state === 'success' && status.ifcUrn)
            return acc.connector.client.downloadDerivative(token, target.accVersionId, status.ifcUrn);
          if (Date.now() - started > TRANSLATION_LIMIT_MS)
            throw new TranslationFailed({
              code: 'acc_translation_timeout',
              params: { minutes: TRANSLATION_LIMIT_MS / 60_000 },
            });
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
        error instanceof TooLarge ||
        (error instanceof ApsError && error.status >= 400 && error.status < 500 && error.status !== 429) ||
        job.retryCount >= RETRY_LIMIT ||
        error instanceof AppError;
      if (!final) throw error;
      const failure = fetchFailure(error);
      await failVersion(db, fileVersionId, failure, clock.now());
      logger.warn({ fileVersionId, failure }, 'ACC version failed');
    }
  },
};
