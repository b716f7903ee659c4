import { afterEach, describe, expect, it } from 'vitest';
import { type MessageId, switchLocale, t } from '@/lib/i18n';
import { projectDetailsFormSchema } from './project-form';

/** The first problem as the form shows it: the shared schema's message id, rendered in the page's language. */
function firstMessage(input: unknown): string | undefined {
  const result = projectDetailsFormSchema.safeParse(input);
  const id = result.success ? undefined : result.error.issues[0]?.message;
  return id === undefined ? undefined : t(id as MessageId);
}

afterEach(() => switchLocale('en'));

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

  it('says it in the page language (German)', async () => {
    await switchLocale('de');
    expect(firstMessage({ name: '   ', description: '' })).toBe('Der Projektname ist erforderlich');
    expect(firstMessage({ name: 'A', description: 'd'.repeat(1001) })).toBe('Die Beschreibung ist zu lang');
  });

  it('trims what it accepts', () => {
    expect(projectDetailsFormSchema.parse({ name: '  Tower  ', description: ' Note ' })).toEqual({
      name: 'Tower',
      description: 'Note',
    });
  });
});
