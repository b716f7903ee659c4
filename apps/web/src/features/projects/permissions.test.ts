import { describe, expect, it } from 'vitest';
import { actionBlockedReason } from './permissions';

describe('controls a role cannot use', () => {
  it('gives a Viewer the reason for every control that changes the project', () => {
    expect(actionBlockedReason('Viewer', 'attributes.addToSpecification', false)).toBe(
      'Viewers cannot add attributes to a specification. Ask a project Admin for the Editor role.',
    );
    expect(actionBlockedReason('Viewer', 'attributes.setStatus', false)).toMatch(/^Viewers cannot change/);
    expect(actionBlockedReason('Viewer', 'files.upload', false)).toMatch(/^Viewers cannot upload/);
    expect(actionBlockedReason('Viewer', 'files.delete', false)).toMatch(/^Viewers cannot delete files/);
    expect(actionBlockedReason('Viewer', 'members.manage', false)).toBe(
      'Only project Admins can add, edit or remove members.',
    );
  });

  it('lets an Editor change files and attributes but not the team; an Admin everything', () => {
    expect(actionBlockedReason('Editor', 'files.upload', false)).toBeUndefined();
    expect(actionBlockedReason('Editor', 'attributes.addToSpecification', false)).toBeUndefined();
    expect(actionBlockedReason('Editor', 'members.manage', false)).toBeDefined();
    expect(actionBlockedReason('Admin', 'members.manage', false)).toBeUndefined();
    expect(actionBlockedReason('Admin', 'project.delete', false)).toBeUndefined();
  });

  it('blocks everyone in the demo, Admins included, and anyone without a role', () => {
    expect(actionBlockedReason('Admin', 'files.upload', true)).toBe('Demo data cannot be modified.');
    expect(actionBlockedReason(undefined, 'files.upload', false)).toBeDefined();
  });
});
