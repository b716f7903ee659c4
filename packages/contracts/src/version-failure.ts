import { z } from 'zod';

/**
 * Why a file version failed, as stored and sent (issue 31, like a report's failure, decision 0418): a
 * code and its values. `detail` is a text from outside (the IFC reader's diagnostic, Autodesk's answer,
 * an exception's own text): data, not translated. Rendered at display from the `version.failure` message
 * of the shared errors catalogue (`versionFailureMessage`), in the reader's language.
 *
 * - unreadable: the IFC reader refused the file (`detail`: its diagnostic, with the line when known)
 * - time_limit: the analysis ran past PROCESSING_TIME_LIMIT_SECONDS (`seconds`)
 * - model_file_unreadable: the stored model file could not be read (a system error; no server path shown)
 * - processing_failed: the last retry of processing failed (`detail`)
 * - interrupted: every attempt's worker stopped (killed, out of memory, its machine lost) before it
 *   finished, so the queue gave the job up by its heartbeat or expiry (decision 0434)
 * - acc_not_configured, acc_disconnected: the ACC import is not set up here / the project left ACC
 * - acc_translation_timeout: Model Derivative's RVT → IFC translation ran past `minutes`
 * - acc_too_large: the fetched file is larger than the upload limit (`bytes`)
 * - acc_not_ifc: the fetched file is not an IFC (STEP) file
 * - acc_fetch_failed: Autodesk refused or failed (`detail`: its answer)
 * - acc_unavailable: the file could not be fetched from ACC (no cause known)
 * - unknown: a reason stored before failures were codes that no code matched (`detail`: that text,
 *   shown as it was)
 */
export const versionFailureCodeSchema = z.enum([
  'unreadable',
  'time_limit',
  'model_file_unreadable',
  'processing_failed',
  'interrupted',
  'acc_not_configured',
  'acc_disconnected',
  'acc_translation_timeout',
  'acc_too_large',
  'acc_not_ifc',
  'acc_fetch_failed',
  'acc_unavailable',
  'unknown',
]);
export type VersionFailureCode = z.infer<typeof versionFailureCodeSchema>;

export const versionFailureParamsSchema = z.object({
  detail: z.string().optional(),
  seconds: z.number().int().optional(),
  minutes: z.number().int().optional(),
  bytes: z.number().int().optional(),
});
export type VersionFailureParams = z.infer<typeof versionFailureParamsSchema>;

export const versionFailureSchema = z.object({
  code: versionFailureCodeSchema,
  params: versionFailureParamsSchema,
});
export type VersionFailure = z.infer<typeof versionFailureSchema>;

/** The message id and values a version's failure is rendered from (every value given: ICU needs them). */
export function versionFailureMessage(failure: VersionFailure): {
  id: 'version.failure';
  params: { code: VersionFailureCode; detail: string; seconds: number; minutes: number; bytes: number };
} {
  const { detail = '', seconds = 0, minutes = 0, bytes = 0 } = failure.params;
  return { id: 'version.failure', params: { code: failure.code, detail, seconds, minutes, bytes } };
}
