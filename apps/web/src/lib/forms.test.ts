import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api';
import { applyServerErrors } from './forms';

describe('applyServerErrors', () => {
  it('puts known field messages on their fields and the message on the form', () => {
    const setError = vi.fn();
    const error = new ApiRequestError({
      status: 400,
      code: 'validation_failed',
      message: 'Please check the form',
      fields: { name: 'Project name is too long', unknownField: 'ignored' },
    });
    applyServerErrors<{ name: string; description: string }>(setError, error, ['name', 'description']);
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'Project name is too long' }],
      ['root.server', { type: 'server', message: 'Please check the form' }],
    ]);
  });

  it('shows a plain error as the form message', () => {
    const setError = vi.fn();
    applyServerErrors<{ email: string }>(setError, new Error('Offline'), ['email']);
    expect(setError).toHaveBeenCalledExactlyOnceWith('root.server', { type: 'server', message: 'Offline' });
  });
});
