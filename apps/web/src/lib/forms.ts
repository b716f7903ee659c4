import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiRequestError } from './api';

/**
 * Puts a failed submit's problems on the form: the server's per-field messages on matching fields, and its
 * overall message as the form's root error (shown above the buttons).
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldNames: readonly Path<T>[],
): void {
  if (isApiRequestError(error)) {
    for (const [field, message] of Object.entries(error.fields)) {
      const name = fieldNames.find((candidate) => candidate === field);
      if (name) setError(name, { type: 'server', message });
    }
  }
  setError('root.server', { type: 'server', message: errorMessage(error) });
}
