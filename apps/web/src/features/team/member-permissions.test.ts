import { describe, expect, it } from 'vitest';
import {
  ADMIN_ONLY,
  DEMO_BLOCKED,
  isProtectedMember,
  manageMembersBlockedReason,
} from './member-permissions';

describe('manageMembersBlockedReason', () => {
  it('lets only project Admins manage members', () => {
    expect(manageMembersBlockedReason('Admin', false)).toBeUndefined();
    expect(manageMembersBlockedReason('Editor', false)).toBe(ADMIN_ONLY);
    expect(manageMembersBlockedReason('Viewer', false)).toBe(ADMIN_ONLY);
    expect(manageMembersBlockedReason(undefined, false)).toBe(ADMIN_ONLY);
  });

  it('blocks everyone in the read-only demo, Admins included', () => {
    expect(manageMembersBlockedReason('Admin', true)).toBe(DEMO_BLOCKED);
    expect(DEMO_BLOCKED).toBe('Demo data cannot be modified.');
  });
});

describe('isProtectedMember', () => {
  it('protects Admin members only', () => {
    expect(isProtectedMember({ projectRole: 'Admin' })).toBe(true);
    expect(isProtectedMember({ projectRole: 'Editor' })).toBe(false);
    expect(isProtectedMember({ projectRole: 'Viewer' })).toBe(false);
  });
});
