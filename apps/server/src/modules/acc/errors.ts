import type { AccErrorCode, ContractsMessageId } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';
import { ApsError } from './aps-client';

const table = {
  not_configured: 'error.not_configured',
  // Spec 1 §8: the ACC project check's messages by the status Autodesk gave.
  unauthorized: 'error.unauthorized',
  forbidden: 'error.forbidden',
  not_found: 'error.not_found.acc',
  unavailable: 'error.unavailable',
  session_not_found: 'error.session_not_found',
  session_in_use: 'error.session_in_use',
  state_invalid: 'error.state_invalid',
  unknown_file: 'error.unknown_file.acc',
  selection_invalid: 'error.selection_invalid.acc',
  // Spec 2 §8 after a failed fix; the browser then sends the person to auth/aps/login/{projectId}.
  reauth_required: 'error.reauth_required',
  not_linked: 'error.not_linked',
  not_acc_file: 'error.not_acc_file',
  aps_callback_invalid: 'error.aps_callback_invalid',
  aps_signature_invalid: 'error.aps_signature_invalid',
} satisfies Record<AccErrorCode, ContractsMessageId>;

export const AccError = defineErrors('AccError', table);

/** Autodesk's answer as the module's error: 401, 403 and 404 keep their meaning (spec 1 §8). */
export function fromApsError(error: unknown): unknown {
  if (!(error instanceof ApsError)) return error;
  if (error.isAuth) return new AccError('unauthorized');
  if (error.status === 403) return new AccError('forbidden');
  if (error.status === 404) return new AccError('not_found');
  return new AccError('unavailable');
}
