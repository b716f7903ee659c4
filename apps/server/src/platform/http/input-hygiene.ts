import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';

/**
 * One check of every text that reaches a route (issue 16): NUL and the other C0 control characters
 * (tab, line feed and carriage return excepted) and DEL are refused with 400 and the field's name,
 * before any code or query sees them. PostgreSQL refuses NUL in text itself, as a 500.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path of the first string holding a control character, or null. Bounded by the body limit. */
export function findControlCharacter(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') || '_' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (CONTROL.test(key)) return [...path, '_key'].join('.');
      const found = findControlCharacter(child, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', Buffer.isBuffer(request.body) ? undefined : request.body],
    ] as const) {
      const field = findControlCharacter(value);
      if (field !== null) {
        throw new HttpError('validation_failed', {
          detail: {
            id: 'error.validation_failed.controlCharacters',
            params: { field: field === '_' ? part : field },
          },
          fields: { [field]: { id: 'validation.controlCharacters' } },
        });
      }
    }
  });
}
