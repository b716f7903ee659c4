import {
  type ContractsMessageId,
  type ErrorCode,
  errorStatus,
  type HttpErrorCode,
  type MessageParams,
} from '@plumbline/contracts';
import { render } from './i18n';

/**
 * The base of every module's error type. A module lists its codes once, each with the id of its
 * message in the shared catalogue (packages/contracts/src/messages); the status of each code is the one
 * in packages/contracts (ERROR_STATUS), the same from every module. The HTTP layer turns any AppError
 * into the body in packages/contracts/src/errors.ts, rendering the message in the request's language
 * (issue 31, decision 0231). `message` (the Error's) is the English text, for logs.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly messageId: ContractsMessageId,
    readonly params: MessageParams = {},
    readonly fields?: Record<string, FieldMessage>,
    readonly headers?: Record<string, string>,
    /**
     * What the body's `message` says instead of the code's message: a validation error's first field,
     * or a text no catalogue holds (Fastify's own client errors, in English).
     */
    readonly detail?: FieldMessage,
  ) {
    super(
      detail
        ? 'id' in detail
          ? render('en', detail.id, detail.params)
          : detail.text
        : render('en', messageId, params),
    );
    this.name = 'AppError';
    this.status = errorStatus(code);
  }
}

/**
 * A field's problem: a message id with its parameters, or zod's own text for a check no schema worded
 * (rendered in the request's language from the issue by zod's locales).
 */
export type FieldMessage =
  | { id: ContractsMessageId; params?: MessageParams }
  | { text: string; issue?: Record<string, unknown> };

export interface ErrorOptions {
  /** Another message of the catalogue than the code's own (a more precise one). */
  messageId?: ContractsMessageId;
  params?: MessageParams;
  fields?: Record<string, FieldMessage>;
  headers?: Record<string, string>;
  detail?: FieldMessage;
}

/** Builds a module's error class from its table of codes and message ids. */
export function defineErrors<const T extends Partial<Record<ErrorCode, ContractsMessageId>>>(
  name: string,
  messages: T,
) {
  return class ModuleError extends AppError {
    static readonly messages = messages;
    constructor(code: keyof T & ErrorCode, options: ErrorOptions = {}) {
      super(
        code,
        options.messageId ?? (messages[code] as ContractsMessageId | undefined) ?? 'error.internal_error',
        options.params,
        options.fields,
        options.headers,
        options.detail,
      );
      this.name = name;
    }
  };
}

/** Errors of the HTTP layer itself (no module owns them). */
export const HttpError = defineErrors('HttpError', {
  validation_failed: 'error.validation_failed',
  malformed_json: 'error.malformed_json',
  bad_request: 'error.bad_request',
  body_too_large: 'error.body_too_large',
  unsupported_media_type: 'error.unsupported_media_type',
  unauthenticated: 'error.unauthenticated',
  email_unverified: 'error.email_unverified',
  admin_required: 'error.admin_required',
  cross_site_request: 'error.cross_site_request',
  token_scope_insufficient: 'error.token_scope_insufficient',
  token_project_only: 'error.token_project_only',
  session_required: 'error.session_required',
  not_found: 'error.not_found',
  internal_error: 'error.internal_error',
} satisfies Record<HttpErrorCode, ContractsMessageId>);
