import { type ErrorCode, errorStatus, type HttpErrorCode } from '@plumbline/contracts';

/**
 * The base of every module's error type. A module lists its codes once with a message written for
 * the person using the app; the status of each code is the one in packages/contracts (ERROR_STATUS),
 * the same from every module. The HTTP layer turns any AppError into the body in
 * packages/contracts/src/errors.ts.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus(code);
  }
}

/** Builds a module's error class from its table of codes and messages. */
export function defineErrors<const T extends Partial<Record<ErrorCode, string>>>(name: string, messages: T) {
  return class ModuleError extends AppError {
    static readonly messages = messages;
    constructor(
      code: keyof T & ErrorCode,
      options: { message?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
    ) {
      super(code, options.message ?? messages[code] ?? name, options.fields, options.headers);
      this.name = name;
    }
  };
}

/** Errors of the HTTP layer itself (no module owns them). */
export const HttpError = defineErrors('HttpError', {
  validation_failed: 'The request is not valid.',
  malformed_json: 'Malformed JSON body',
  bad_request: 'The request is not valid.',
  body_too_large: 'The request body is too large.',
  unsupported_media_type: 'Send the request body as application/json.',
  unauthenticated: 'Authentication required. Please log in again.',
  email_unverified: 'Please verify your e-mail address first: open the link we sent you.',
  admin_required: 'Only an installation admin can do this.',
  cross_site_request: 'This request came from another site and was refused.',
  token_scope_insufficient: "This API token's scope does not reach this request.",
  token_project_only: 'This project API token reaches its own project only.',
  session_required: 'Sign in to do this: API tokens cannot.',
  not_found: 'Not found',
  internal_error: 'Something went wrong on our side. Please try again.',
} satisfies Record<HttpErrorCode, string>);
