/**
 * The base of every module's error type. A module declares its codes once, each with an HTTP status
 * and a message written for the person using the app; the HTTP layer turns any AppError into the
 * body in packages/contracts/src/errors.ts.
 */
export interface ErrorSpec {
  status: number;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Builds a module's error class from its table of codes. */
export function defineErrors<const T extends Record<string, ErrorSpec>>(name: string, table: T) {
  return class ModuleError extends AppError {
    static readonly codes = table;
    constructor(
      code: keyof T & string,
      options: { message?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
    ) {
      const spec = table[code] as ErrorSpec;
      super(code, spec.status, options.message ?? spec.message, options.fields, options.headers);
      this.name = name;
    }
  };
}

/** Errors of the HTTP layer itself (no module owns them). */
export const HttpError = defineErrors('HttpError', {
  validation_failed: { status: 400, message: 'The request is not valid.' },
  malformed_json: { status: 400, message: 'Malformed JSON body' },
  body_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as application/json.' },
  unauthenticated: { status: 401, message: 'Authentication required. Please log in again.' },
  email_unverified: {
    status: 403,
    message: 'Please verify your e-mail address first: open the link we sent you.',
  },
  admin_required: { status: 403, message: 'Only an installation admin can do this.' },
  cross_site_request: { status: 403, message: 'This request came from another site and was refused.' },
  not_found: { status: 404, message: 'Not found' },
  internal_error: { status: 500, message: 'Something went wrong on our side. Please try again.' },
});
