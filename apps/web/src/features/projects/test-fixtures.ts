import type { Project } from '@plumbline/contracts';

/** Builder for unit tests: a valid project with the fields a test cares about overridden. */
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
    isDemo: false,
    language: null,
    role: 'Admin',
    filesCount: 0,
    elementsCount: 0,
    teamMembersCount: 1,
    totalSizeBytes: 0,
    ...overrides,
  };
}
