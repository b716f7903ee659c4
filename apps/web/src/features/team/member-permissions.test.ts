import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import {
  ADMIN_ONLY,
  ADMINS_OWNER_ONLY,
  demoBlockedReason,
  manageMembersBlockedReason,
  OWNER_PROTECTED,
  protectedMemberReason,
} from './member-permissions';

describe('manageMembersBlockedReason', () => {
  it('lets only project Admins manage members', () => {
    expect(manageMembersBlockedReason('Admin', false)).toBeUndefined();
    expect(manageMembersBlockedReason('Editor', false)).toBe(t(ADMIN_ONLY));
    expect(manageMembersBlockedReason('Viewer', false)).toBe(t(ADMIN_ONLY));
    expect(manageMembersBlockedReason(undefined, false)).toBe(t(ADMIN_ONLY));
  });

  it('blocks everyone in the read-only demo, Admins included', () => {
    expect(manageMembersBlockedReason('Admin', true)).toBe(demoBlockedReason());
    expect(demoBlockedReason()).toBe('Demo data cannot be modified.');
  });
});

describe('protectedMemberReason', () => {
  it('protects the owner from everyone and other Admins from all but the owner', () => {
    expect(protectedMemberReason({ projectRole: 'Admin', isOwner: true }, true)).toBe(OWNER_PROTECTED);
    expect(protectedMemberReason({ projectRole: 'Admin', isOwner: false }, false)).toBe(ADMINS_OWNER_ONLY);
    expect(protectedMemberReason({ projectRole: 'Admin', isOwner: false }, true)).toBeUndefined();
    expect(protectedMemberReason({ projectRole: 'Editor', isOwner: false }, false)).toBeUndefined();
    expect(protectedMemberReason({ projectRole: 'Viewer', isOwner: false }, false)).toBeUndefined();
  });
});
