import type { Project } from '@plumbline/contracts';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
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
  const t = useT('files');
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
          {readOnly ? t('files.demoDisabled', { reason: blockedReason }) : blockedReason}
        </p>
      )}
      <section className="space-y-2" aria-label={t('files.ifc.label')}>
        <UploadArea
          title={t('files.ifc.label')}
          projectId={project.id}
          kind="ifc"
          blockedReason={blockedReason}
        />
        <BimFilesTable projectId={project.id} projectName={projectName} blockedReason={deleteBlocked} />
      </section>
      <section id={`ids-files-${project.id}`} className="space-y-2" aria-label={t('files.ids.label')}>
        <UploadArea
          title={t('files.ids.label')}
          projectId={project.id}
          kind="ids"
          blockedReason={blockedReason}
        />
        <IdsFilesList
          projectId={project.id}
          blockedReason={toggleBlocked}
          replaceBlockedReason={replaceBlocked}
        />
      </section>
    </div>
  );
}
