import type { Project, ProjectRole } from '@plumbline/contracts';

/**
 * A project as GET /projects lists it, for component tests that need the caller's role: the role
 * decides which controls a screen offers (features/projects/permissions.ts).
 */
export function listedProject(overrides: Partial<Project> & { id: string; role: ProjectRole }): Project {
  return {
    name: 'Harbour Tower',
    description: '',
    isActive: true,
    createdBy: '00000000-0000-4000-8000-0000000000aa',
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    lastProcessedAt: null,
    isDemo: false,
    filesCount: 1,
    elementsCount: 0,
    teamMembersCount: 1,
    totalSizeBytes: 0,
    ...overrides,
  };
}
