import type { Project } from '@plumbline/contracts';
import { FolderCog, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { ManageFilesDialog } from './manage-files-dialog';
import { actionBlockedReason } from './permissions';
import { projectDisplayName } from './project-search';
import { RefreshButton } from './refresh-button';

export interface ProjectActionsProps {
  project: Project;
  onEdit: () => void;
  /** Why editing is not allowed (demo, Viewer role); undefined when it is. */
  blockedReason: string | undefined;
}

/** A project row's actions (spec 2 §2.2): edit, refresh, manage files; all disabled in the demo (§6). */
export function ProjectActions({ project, onEdit, blockedReason }: ProjectActionsProps) {
  const t = useT('projects');
  const name = projectDisplayName(project);
  const [managing, setManaging] = useState(false);
  // Refreshing and choosing files are actions of their own in the permission table (issue 17).
  const { readOnly } = useDataSource();
  const refreshBlocked = actionBlockedReason(project.role, 'project.refresh', readOnly);
  const manageBlocked = actionBlockedReason(project.role, 'files.select', readOnly);
  return (
    <div className="flex items-center gap-0.5">
      <WithHint hint={blockedReason ?? t('projects.actions.edit')} disabled={blockedReason !== undefined}>
        <Button
          variant="ghost"
          size="icon"
          onClick={onEdit}
          disabled={blockedReason !== undefined}
          aria-label={t('projects.actions.editLabel', { name })}
          title={blockedReason}
        >
          <Pencil />
        </Button>
      </WithHint>
      <WithHint
        hint={refreshBlocked ?? t('projects.actions.refresh')}
        disabled={refreshBlocked !== undefined}
      >
        <RefreshButton project={project} blockedReason={refreshBlocked} />
      </WithHint>
      <WithHint hint={manageBlocked ?? t('projects.actions.manage')} disabled={manageBlocked !== undefined}>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setManaging(true)}
          disabled={manageBlocked !== undefined}
          aria-label={t('projects.actions.manageLabel', { name })}
          title={manageBlocked}
        >
          <FolderCog />
        </Button>
      </WithHint>
      {managing && (
        <ManageFilesDialog project={project} onOpenChange={(open) => !open && setManaging(false)} />
      )}
    </div>
  );
}

/** A wrapper keeps the hint reachable when the button itself is disabled. */
function WithHint({
  hint,
  disabled,
  children,
}: {
  hint: string;
  disabled: boolean;
  children: React.ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span className="inline-flex" tabIndex={disabled ? 0 : undefined}>
          {children}
        </span>
      </TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  );
}
