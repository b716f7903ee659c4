import type { Project } from '@plumbline/contracts';
import { FolderCog, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { ManageFilesDialog } from './manage-files-dialog';
import { projectDisplayName } from './project-search';
import { RefreshButton } from './refresh-button';

export interface ProjectActionsProps {
  project: Project;
  onEdit: () => void;
  /** Why changes are not allowed (demo, Viewer role); undefined when they are. */
  blockedReason: string | undefined;
}

/** A project row's actions (spec 2 §2.2): edit, refresh, manage files; all disabled in the demo (§6). */
export function ProjectActions({ project, onEdit, blockedReason }: ProjectActionsProps) {
  const name = projectDisplayName(project);
  const [managing, setManaging] = useState(false);
  return (
    <div className="flex items-center gap-0.5">
      <WithHint hint={blockedReason ?? 'Edit project'} disabled={blockedReason !== undefined}>
        <Button
          variant="ghost"
          size="icon"
          onClick={onEdit}
          disabled={blockedReason !== undefined}
          aria-label={`Edit ${name}`}
          title={blockedReason}
        >
          <Pencil />
        </Button>
      </WithHint>
      <WithHint hint={blockedReason ?? 'Refresh project'} disabled={blockedReason !== undefined}>
        <RefreshButton project={project} blockedReason={blockedReason} />
      </WithHint>
      <WithHint hint={blockedReason ?? 'Manage files'} disabled={blockedReason !== undefined}>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setManaging(true)}
          disabled={blockedReason !== undefined}
          aria-label={`Manage files of ${name}`}
          title={blockedReason}
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
