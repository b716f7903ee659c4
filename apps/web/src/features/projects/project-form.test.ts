import { describe, expect, it } from 'vitest';
import { projectDetailsFormSchema } from './project-form';

function firstMessage(input: unknown): string | undefined {
  const result = projectDetailsFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('project details form', () => {
  it('requires a name, ignoring surrounding spaces', () => {
    expect(firstMessage({ name: '   ', description: '' })).toBe('Project name is required');
  });

  it('limits the name to 255 characters', () => {
    expect(firstMessage({ name: 'x'.repeat(255), description: '' })).toBeUndefined();
    expect(firstMessage({ name: 'x'.repeat(256), description: '' })).toBe('Project name is too long');
  });

  it('limits the description to 1000 characters', () => {
    expect(firstMessage({ name: 'A', description: 'd'.repeat(1001) })).toBe('Description is too long');
  });

  it('trims what it accepts', () => {
    expect(projectDetailsFormSchema.parse({ name: '  Tower  ', description: ' Note ' })).toEqual({
      name: 'Tower',
      description: 'Note',
    });
  });
});
