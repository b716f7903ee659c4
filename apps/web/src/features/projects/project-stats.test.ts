import { describe, expect, it } from 'vitest';
import { computePortfolioStats } from './project-stats';
import { makeProject } from './test-fixtures';

const userA = '00000000-0000-4000-8000-00000000000a';
const userB = '00000000-0000-4000-8000-00000000000b';

describe('computePortfolioStats', () => {
  it('sums files, elements and sizes over the projects', () => {
    const stats = computePortfolioStats(
      [
        makeProject({ filesCount: 2, elementsCount: 1500, totalSizeBytes: 1024 }),
        makeProject({ filesCount: 3, elementsCount: 20, totalSizeBytes: 2048 }),
      ],
      [],
    );
    expect(stats).toEqual({
      totalProjects: 2,
      totalFiles: 5,
      totalElements: 1520,
      uniqueTeamMembers: 0,
      totalSizeBytes: 3072,
    });
  });

  it('counts a person who is on several projects once', () => {
    const stats = computePortfolioStats(
      [makeProject({ id: 'p1' }), makeProject({ id: 'p2' })],
      [
        { projectId: 'p1', userId: userA },
        { projectId: 'p1', userId: userB },
        { projectId: 'p2', userId: userA },
      ],
    );
    expect(stats.uniqueTeamMembers).toBe(2);
  });

  it('ignores members of projects that are not listed (e.g. inactive ones)', () => {
    const stats = computePortfolioStats(
      [makeProject({ id: 'p1' })],
      [
        { projectId: 'p1', userId: userA },
        { projectId: 'archived', userId: userB },
      ],
    );
    expect(stats.uniqueTeamMembers).toBe(1);
  });

  it('reports unknown member counts as null', () => {
    expect(computePortfolioStats([makeProject()], null).uniqueTeamMembers).toBeNull();
  });
});
