import { describe, expect, it } from 'vitest';
import { makeMember } from '../projects/member-fixtures';
import {
  computeMemberStats,
  filterMembers,
  memberDisplayName,
  memberInitials,
  sortMembers,
} from './member-list';

const ada = makeMember('Ada Lovelace', 'ada@engines.example', 'Admin');
const bob = makeMember('bob builder', 'Bob.Builder@Site.example', 'Editor');
const cy = makeMember('Cy', 'cy@site.example', 'Viewer');
const dee = makeMember('Dee Ann Moss', 'dee@site.example', 'Viewer');
const nameless = makeMember('  ', 'zed@site.example', 'Editor');

describe('memberInitials', () => {
  it('takes the first letters of the first and last words, in capitals', () => {
    expect(memberInitials(ada)).toBe('AL');
    expect(memberInitials(bob)).toBe('BB');
    expect(memberInitials(dee)).toBe('DM');
  });

  it('uses one letter for a one-word name and the e-mail when there is no name', () => {
    expect(memberInitials(cy)).toBe('C');
    expect(memberInitials(nameless)).toBe('Z');
  });
});

describe('memberDisplayName', () => {
  it('falls back to the e-mail address for a blank name', () => {
    expect(memberDisplayName(ada)).toBe('Ada Lovelace');
    expect(memberDisplayName(nameless)).toBe('zed@site.example');
  });
});

describe('filterMembers', () => {
  const all = [ada, bob, cy, dee];

  it('matches names and e-mail addresses ignoring case', () => {
    expect(filterMembers(all, 'LOVELACE')).toEqual([ada]);
    expect(filterMembers(all, 'bob.builder@site')).toEqual([bob]);
    expect(filterMembers(all, 'site.example')).toEqual([bob, cy, dee]);
  });

  it('ignores surrounding spaces and returns everyone for an empty search', () => {
    expect(filterMembers(all, '  dee ')).toEqual([dee]);
    expect(filterMembers(all, '   ')).toEqual(all);
  });

  it('does not search by role', () => {
    expect(filterMembers(all, 'admin')).toEqual([]);
  });
});

describe('sortMembers', () => {
  it('lists Admins, then Editors, then Viewers, by name within a role', () => {
    expect(sortMembers([dee, cy, nameless, bob, ada])).toEqual([ada, bob, nameless, cy, dee]);
  });
});

describe('computeMemberStats', () => {
  it('counts members per role', () => {
    expect(computeMemberStats([ada, bob, cy, dee, nameless])).toEqual({
      total: 5,
      admins: 1,
      editors: 2,
      viewers: 2,
    });
    expect(computeMemberStats([])).toEqual({ total: 0, admins: 0, editors: 0, viewers: 0 });
  });
});
