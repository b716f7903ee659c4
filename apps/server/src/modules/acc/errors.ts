import { ACC_MESSAGES, type AccErrorCode, accCheckMessage, REFRESH_MESSAGES } from '@plumbline/contracts';
import { defineErrors, type ErrorSpec } from '../../platform/errors';
import { ApsError } from './aps-client';

const table = {
  not_configured: {
    status: 404,
    message: 'The Autodesk Construction Cloud import is not set up on this installation.',
  },
  // Spec 1 §8: the ACC project check's messages by the status Autodesk gave.
  unauthorized: { status: 401, message: accCheckMessage(401) },
  forbidden: { status: 403, message: accCheckMessage(403) },
  not_found: { status: 404, message: accCheckMessage(404) },
  unavailable: { status: 502, message: accCheckMessage(500) },
  session_not_found: { status: 401, message: ACC_MESSAGES.sessionNotFound },
  session_in_use: {
    status: 409,
    message: 'This connection belongs to another sign-in. Please reconnect to Autodesk.',
  },
  state_invalid: { status: 400, message: 'The Autodesk sign-in could not be verified. Please try again.' },
  unknown_file: {
    status: 400,
    message: 'A selected file is no longer in the ACC project. Please choose the files again.',
  },
  selection_invalid: { status: 400, message: 'The selected files exceed the plan limits.' },
  // Spec 2 §8 after a failed fix; the browser then sends the person to auth/aps/login/{projectId}.
  reauth_required: { status: 401, message: REFRESH_MESSAGES.notRestored },
  not_linked: { status: 404, message: 'This project is not connected to Autodesk Construction Cloud.' },
  not_acc_file: { status: 404, message: 'This file was not imported from Autodesk Construction Cloud.' },
} satisfies Record<AccErrorCode, ErrorSpec>;

export const AccError = defineErrors('AccError', table);

/** Autodesk's answer as the module's error: 401, 403 and 404 keep their meaning (spec 1 §8). */
export function fromApsError(error: unknown): unknown {
  if (!(error instanceof ApsError)) return error;
  if (error.isAuth) return new AccError('unauthorized');
  if (error.status === 403) return new AccError('forbidden');
  if (error.status === 404) return new AccError('not_found');
  return new AccError('unavailable');
}
