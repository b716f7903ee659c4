import type { Member, Project } from '@plumbline/contracts';

/** Builders for unit tests: a valid project or member with the fields a test cares about overridden. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Project',
    description: '',
    isActive: true,
    createdBy: '00000000-0000-4000-8000-0000000000aa',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    lastProcessedAt: null,
    role: 'Admin',
    filesCount: 0,
    elementsCount: 0,
    teamMembersCount: 1,
    totalSizeBytes: 0,
    ...overrides,
  };
}

export function makeMember(userId: string, overrides: Partial<Member> = {}): Member {
  return {
    id: `10000000-0000-4000-8000-${userId.slice(-12)}`,
    userId,
    projectRole: 'Editor',
    createdAt: '2026-11-01T10:00:00.000Z',
    user: { id: userId, name: 'Member', email: 'member@example.com', avatar: null },
    ...overrides,
  };
}
