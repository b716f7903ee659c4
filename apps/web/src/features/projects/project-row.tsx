import type { Project } from '@plumbline/contracts';
import { ChevronRight } from 'lucide-react';
import { Fragment, useContext } from 'react';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatBytes, formatDate, formatNumber } from '@/lib/format';
import { type MessageId, useT } from '@/lib/i18n';
import { ProjectFilesPanelSlot } from './files-panel-slot';
import { ProjectActions } from './project-actions';
import { projectDisplayName } from './project-search';

/** The project table's columns (spec 2 §2.2), by message id. */
export const PROJECT_TABLE_COLUMNS = [
  'projects.columns.name',
  'projects.columns.description',
  'projects.columns.files',
  'projects.columns.size',
  'projects.columns.elements',
  'projects.columns.team',
  'projects.columns.updated',
  'projects.columns.actions',
] as const satisfies readonly MessageId[];

export interface ProjectRowProps {
  project: Project;
  expanded: boolean;
  onToggle: () => void;
  onEdit: () => void;
  /** Why edit, refresh and manage files are not allowed (the disabled buttons' hint); undefined when they are. */
  editBlockedReason: string | undefined;
}

export function ProjectRow({ project, expanded, onToggle, onEdit, editBlockedReason }: ProjectRowProps) {
  const t = useT('projects');
  const name = projectDisplayName(project);
  const filesRegionId = `project-files-${project.id}`;
  const FilesPanel = useContext(ProjectFilesPanelSlot);
  return (
    <Fragment>
      <TableRow data-state={expanded ? 'selected' : undefined}>
        <TableCell className="max-w-64">
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={expanded ? filesRegionId : undefined}
            className="-mx-1 flex max-w-full cursor-pointer items-center gap-1.5 rounded px-1 text-left font-medium hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronRight
              className={cn(
                'size-4 shrink-0 text-muted-foreground transition-transform',
                expanded && 'rotate-90',
              )}
              aria-hidden="true"
            />
            <span className="truncate">{name}</span>
          </button>
        </TableCell>
        <TableCell className="min-w-48 max-w-72 text-muted-foreground">
          <span className="line-clamp-2">{project.description || '—'}</span>
        </TableCell>
        <TableCell className="tabular-nums">{formatNumber(project.filesCount)}</TableCell>
        <TableCell className="whitespace-nowrap tabular-nums">
          {formatBytes(project.totalSizeBytes)}
        </TableCell>
        <TableCell className="tabular-nums">{formatNumber(project.elementsCount)}</TableCell>
        <TableCell className="tabular-nums">{formatNumber(project.teamMembersCount)}</TableCell>
        <TableCell className="whitespace-nowrap text-muted-foreground">
          {formatDate(project.updatedAt)}
        </TableCell>
        <TableCell>
          <ProjectActions project={project} onEdit={onEdit} blockedReason={editBlockedReason} />
        </TableCell>
      </TableRow>
      {expanded && (
        <TableRow className="hover:bg-transparent">
          <TableCell colSpan={PROJECT_TABLE_COLUMNS.length} className="bg-surface px-6 py-4">
            <section id={filesRegionId} aria-label={t('projects.row.files', { name })}>
              {FilesPanel && <FilesPanel project={project} projectName={name} />}
            </section>
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}
