import { describe, expect, it } from 'vitest';
import { DEMO_BLOCKED, fileChangesBlockedReason, VIEWER_BLOCKED } from './upload-permissions';

describe('fileChangesBlockedReason', () => {
  it('lets Editors and Admins change files', () => {
    expect(fileChangesBlockedReason('Editor', false)).toBeUndefined();
    expect(fileChangesBlockedReason('Admin', false)).toBeUndefined();
  });

  it('blocks Viewers and callers without a role', () => {
    expect(fileChangesBlockedReason('Viewer', false)).toBe(VIEWER_BLOCKED);
    expect(fileChangesBlockedReason(undefined, false)).toBe(VIEWER_BLOCKED);
  });

  it('blocks everyone in the demo', () => {
    expect(fileChangesBlockedReason('Admin', true)).toBe(DEMO_BLOCKED);
  });
});
