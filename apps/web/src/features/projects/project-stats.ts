import type { Project } from '@plumbline/contracts';

/** One person's membership of one project; enough to count people across projects. */
export interface Membership {
  projectId: string;
  userId: string;
}

export interface PortfolioStats {
  totalProjects: number;
  totalFiles: number;
  totalElements: number;
  /** Distinct user ids across the projects' members (spec 2 §9); null while unknown. */
  uniqueTeamMembers: number | null;
  totalSizeBytes: number;
}

export function computePortfolioStats(
  projects: readonly Project[],
  /** Memberships across the caller's projects; those of projects not listed are ignored. */
  memberships: readonly Membership[] | null,
): PortfolioStats {
  let totalFiles = 0;
  let totalElements = 0;
  let totalSizeBytes = 0;
  for (const project of projects) {
    totalFiles += project.filesCount;
    totalElements += project.elementsCount;
    totalSizeBytes += project.totalSizeBytes;
  }
  let uniqueTeamMembers: number | null = null;
  if (memberships) {
    const projectIds = new Set(projects.map((project) => project.id));
    const userIds = new Set<string>();
    for (const membership of memberships)
      if (projectIds.has(membership.projectId)) userIds.add(membership.userId);
    uniqueTeamMembers = userIds.size;
  }
  return { totalProjects: projects.length, totalFiles, totalElements, uniqueTeamMembers, totalSizeBytes };
}
