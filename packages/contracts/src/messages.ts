import type errors from './messages/errors/en.json';
import type permissions from './messages/permissions/en.json';
import type validation from './messages/validation/en.json';

/**
 * An id of this package's catalogues (src/messages/<namespace>/<locale>.json, docs/i18n.md): the API's
 * error messages and the answers server and web both render (`errors`: `error.<code>`, with variants
 * `error.<code>.<variant>`), the permission reasons (`permissions`: `permission.<action>`) and the
 * shared schemas' validation messages (`validation`).
 */
export type ContractsMessageId = keyof typeof errors | keyof typeof permissions | keyof typeof validation;

/** A message of these catalogues with its values, to render in the reader's language. */
export interface ContractsMessage {
  id: ContractsMessageId;
  params?: Record<string, string | number>;
}
