import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { demoBlockedReason, fileChangesBlockedReason, VIEWER_BLOCKED } from './upload-permissions';

describe('fileChangesBlockedReason', () => {
  it('lets Editors and Admins change files', () => {
    expect(fileChangesBlockedReason('Editor', false)).toBeUndefined();
    expect(fileChangesBlockedReason('Admin', false)).toBeUndefined();
  });

  it('blocks Viewers and callers without a role', () => {
    expect(fileChangesBlockedReason('Viewer', false)).toBe(t(VIEWER_BLOCKED));
    expect(fileChangesBlockedReason(undefined, false)).toBe(t(VIEWER_BLOCKED));
  });

  it('blocks everyone in the demo', () => {
    expect(fileChangesBlockedReason('Admin', true)).toBe(demoBlockedReason());
  });
});
