import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { addMemberFormSchema, PROJECT_ROLES } from './member-form';

// The shared schema's message is an id of the catalogue; the form shows it rendered (FormField).
const emailError = (email: string) => {
  const result = addMemberFormSchema.safeParse({ email, role: 'Viewer' });
  const id = result.success ? undefined : result.error.issues[0]?.message;
  return id && t.has(id) ? t(id) : id;
};

describe('addMemberFormSchema', () => {
  it("rejects a missing or malformed e-mail with the spec's message", () => {
    for (const email of ['', '   ', 'ada', 'ada@', 'ada@engines', 'ada lovelace@engines.example']) {
      expect(emailError(email)).toBe('Please enter a valid email address');
    }
  });

  it('trims and lower-cases a valid e-mail, as accounts are stored', () => {
    const parsed = addMemberFormSchema.parse({ email: '  Ada@Engines.Example ', role: 'Editor' });
    expect(parsed).toEqual({ email: 'ada@engines.example', role: 'Editor' });
  });

  it('accepts the three project roles only', () => {
    expect(PROJECT_ROLES).toEqual(['Admin', 'Editor', 'Viewer']);
    expect(addMemberFormSchema.safeParse({ email: 'a@b.co', role: 'Owner' }).success).toBe(false);
  });
});
