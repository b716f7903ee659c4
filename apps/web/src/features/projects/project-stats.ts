import type { Member, Project } from '@plumbline/contracts';

export interface PortfolioStats {
  totalProjects: number;
  totalFiles: number;
  totalElements: number;
  /** Distinct user ids across the member lists (spec 2 §9); null while the lists are unknown. */
  uniqueTeamMembers: number | null;
  totalSizeBytes: number;
}

export function computePortfolioStats(
  projects: readonly Project[],
  memberLists: readonly (readonly Member[])[] | null,
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
  if (memberLists) {
    const userIds = new Set<string>();
    for (const list of memberLists) for (const member of list) userIds.add(member.userId);
    uniqueTeamMembers = userIds.size;
  }
  return { totalProjects: projects.length, totalFiles, totalElements, uniqueTeamMembers, totalSizeBytes };
}
