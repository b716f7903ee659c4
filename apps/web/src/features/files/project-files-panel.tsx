import type { Project } from '@plumbline/contracts';
import { useDataSource } from '@/lib/data-source';
import { actionBlockedReason } from '../projects/permissions';
import { BimFilesTable } from './bim-files-table';
import { IdsFilesList } from './ids-files-list';
import { UploadArea } from './upload-area';
import { fileChangesBlockedReason } from './upload-permissions';

/**
 * A project's files in its expanded row of the Project List: upload IFC and IDS files, watch IFC files
 * process, switch IDS files on and off (issue 4, spec 2 §2.2).
 */
export function ProjectFilesPanel({ project, projectName }: { project: Project; projectName: string }) {
  const { readOnly } = useDataSource();
  const blockedReason = fileChangesBlockedReason(project.role, readOnly);
  // Each control asks the permission table about its own action (issue 17).
  const deleteBlocked = actionBlockedReason(project.role, 'files.delete', readOnly);
  const toggleBlocked = actionBlockedReason(project.role, 'ids.toggle', readOnly);
  const replaceBlocked = actionBlockedReason(project.role, 'ids.replace', readOnly);
  return (
    <div className="space-y-5">
      {blockedReason && (
        <p className="text-xs text-muted-foreground" role="note">
          {readOnly ? `Uploads and IDS changes are disabled in the demo. ${blockedReason}` : blockedReason}
        </p>
      )}
      <section className="space-y-2" aria-label="IFC files">
        <UploadArea title="IFC files" projectId={project.id} kind="ifc" blockedReason={blockedReason} />
        <BimFilesTable projectId={project.id} projectName={projectName} blockedReason={deleteBlocked} />
      </section>
      <section id={`ids-files-${project.id}`} className="space-y-2" aria-label="IDS files">
        <UploadArea title="IDS files" projectId={project.id} kind="ids" blockedReason={blockedReason} />
        <IdsFilesList
          projectId={project.id}
          blockedReason={toggleBlocked}
          replaceBlockedReason={replaceBlocked}
        />
      </section>
    </div>
  );
}
