import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { withoutQueryParameters } from './error-handler';
import { findControlCharacter } from './input-hygiene';

describe('findControlCharacter', () => {
  it('names the first field holding NUL or another control character', () => {
    expect(findControlCharacter({ fullName: 'Ada', email: 'a\u0000@x.com' })).toBe('email');
    expect(findControlCharacter({ items: [{ v: 'ok' }, { v: 'bad\u001b' }] })).toBe('items.1.v');
    expect(findControlCharacter('x\u007f')).toBe('_');
  });
  it('lets tab, line feed and carriage return through, and anything without a control character', () => {
    expect(
      findControlCharacter({ description: 'line one\r\nline two\tend', n: 3, ok: true, none: null }),
    ).toBeNull();
    expect(findControlCharacter(undefined)).toBeNull();
  });
});

describe('withoutQueryParameters', () => {
  it("cuts Drizzle's parameters from the message, the stack and the error's fields", () => {
    const cause = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" values ($1, $2)\\nparams: ada@x.com,$argon2id$v=19$secret-hash'.replace(
          '\\n',
          '\n',
        ),
      ),
      { params: ['ada@x.com', '$argon2id$v=19$secret-hash'], cause },
    );
    const logged = withoutQueryParameters(error);
    const text = `${logged.message} ${logged.stack} ${JSON.stringify((logged as unknown as { params: unknown }).params)}`;
    expect(text).not.toContain('argon2id');
    expect(text).not.toContain('ada@x.com');
    expect(logged.message).toContain('Failed query: insert into "users"');
  });

  it("leaves an AppError's message parameters, which its answer sends (a 502 whose params were cut failed its schema)", () => {
    const error = new HttpError('bad_request', { messageId: 'error.bad_request.url', params: { limit: 3 } });
    const logged = withoutQueryParameters(error) as InstanceType<typeof HttpError>;
    expect(logged.params).toEqual({ limit: 3 });
  });
});
