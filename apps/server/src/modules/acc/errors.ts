import { ACC_MESSAGES, type AccErrorCode, accCheckMessage, REFRESH_MESSAGES } from '@plumbline/contracts';
import { defineErrors } from '../../platform/errors';
import { ApsError } from './aps-client';

const table = {
  not_configured: 'The Autodesk Construction Cloud import is not set up on this installation.',
  // Spec 1 §8: the ACC project check's messages by the status Autodesk gave.
  unauthorized: accCheckMessage(401),
  forbidden: accCheckMessage(403),
  not_found: accCheckMessage(404),
  unavailable: accCheckMessage(500),
  session_not_found: ACC_MESSAGES.sessionNotFound,
  session_in_use: 'This connection belongs to another sign-in. Please reconnect to Autodesk.',
  state_invalid: 'The Autodesk sign-in could not be verified. Please try again.',
  unknown_file: 'A selected file is no longer in the ACC project. Please choose the files again.',
  selection_invalid: 'The selected files exceed the plan limits.',
  // Spec 2 §8 after a failed fix; the browser then sends the person to auth/aps/login/{projectId}.
  reauth_required: REFRESH_MESSAGES.notRestored,
  not_linked: 'This project is not connected to Autodesk Construction Cloud.',
  not_acc_file: 'This file was not imported from Autodesk Construction Cloud.',
} satisfies Record<AccErrorCode, string>;

export const AccError = defineErrors('AccError', table);

/** Autodesk's answer as the module's error: 401, 403 and 404 keep their meaning (spec 1 §8). */
export function fromApsError(error: unknown): unknown {
  if (!(error instanceof ApsError)) return error;
  if (error.isAuth) return new AccError('unauthorized');
  if (error.status === 403) return new AccError('forbidden');
  if (error.status === 404) return new AccError('not_found');
  return new AccError('unavailable');
}
