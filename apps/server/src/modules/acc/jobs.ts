import { z } from 'zod';
import type { JobSpec } from '../../platform/queue';

const fetchAccVersionPayload = z.object({ fileVersionId: z.string().uuid() });

export type FetchAccVersionPayload = z.infer<typeof fetchAccVersionPayload>;

/**
 * Brings one Autodesk version into storage (an RVT through Model Derivative's IFC translation), then
 * queues its processing in the same transaction that records its size and hash. A version already
 * fetched is left alone, so a retry or a duplicate job does nothing twice. Autodesk's refusal or a
 * failed translation marks the version failed with the provider's message.
 */
export const fetchAccVersionJob: JobSpec<FetchAccVersionPayload> = {
  name: 'acc.fetch-version',
  payload: fetchAccVersionPayload,
  queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 * 60 },
};

const sessionCleanupPayload = z.object({
  sessionId: z.string().min(1).max(200),
  createdAt: z.string().datetime(),
});

export type AccSessionCleanupPayload = z.infer<typeof sessionCleanupPayload>;

/** Spec 1 §4 'scheduled timer (default 1 hour)': how long after a sign-in starts its session row is deleted. */
export const SESSION_CLEANUP_SECONDS = 60 * 60;

/**
 * Spec 1 §4's one-hour clean-up timer of one Autodesk session: sent when the sign-in starts, held by
 * pg-boss until an hour later (its row in the job table is the timer, so a restart keeps it), then
 * deletes the session row if it is still the sign-in the timer was set for (a restarted sign-in has a
 * newer `createdAt` and a timer of its own).
 */
export const accSessionCleanupJob: JobSpec<AccSessionCleanupPayload> = {
  name: 'acc.session-cleanup',
  payload: sessionCleanupPayload,
  queue: { retryLimit: 3, retryDelay: 30, expireInSeconds: 300 },
};

const projectPayload = z.object({ projectId: z.string().uuid() });
export type AccProjectPayload = z.infer<typeof projectPayload>;

/**
 * Autodesk said a version was added in a folder of this project (a verified APS webhook callback):
 * asks Autodesk for the tips of the project's linked items and imports what is new (each version then
 * fetched by {@link fetchAccVersionJob} and checked). Doing it as a job keeps the callback's answer fast
 * and survives a restart; a duplicate finds nothing new.
 */
export const accVersionEventJob: JobSpec<AccProjectPayload> = {
  name: 'acc.version-event',
  payload: projectPayload,
  queue: { retryLimit: 5, retryDelay: 15, retryBackoff: true, expireInSeconds: 15 * 60 },
};

const registerPayload = z.object({ projectId: z.string().uuid().optional() }).strict();

/**
 * Creates and renews the Autodesk webhooks of linked projects (decision 0360): on schedule for all,
 * and once for a project right after it is linked or its files change. Without PUBLIC_URL it does nothing.
 */
export const registerAccHooksJob: JobSpec<{ projectId?: string }> = {
  name: 'acc.register-hooks',
  payload: registerPayload,
  queue: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
};
