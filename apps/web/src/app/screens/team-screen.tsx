import type { Project } from '@plumbline/contracts';
import { AuditTrailCard } from '@/features/governance/audit-trail-card';
import { TokensCard } from '@/features/governance/tokens-card';
import { projectDisplayName } from '@/features/projects/project-search';
import { TeamTab } from '@/features/team/team-tab';
import { useDataSource } from '@/lib/data-source';

/** Team Members with, for the selected project's Admins, its API tokens and its audit trail. */
export function TeamScreen() {
  const { readOnly } = useDataSource();
  const governance = (project: Project) =>
    !readOnly && project.role === 'Admin' ? (
      <>
        <TokensCard
          owner={{ kind: 'project', projectId: project.id }}
          projectName={projectDisplayName(project)}
        />
        <AuditTrailCard projectId={project.id} />
      </>
    ) : null;
  return <TeamTab projectExtras={governance} />;
}
