import type { StudioLiveCheck } from '@plumbline/contracts';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api';
import { useStudioT } from '@/lib/i18n/studio';
import { type StudioModel, useLiveCheck } from './studio-api';
import { StudioProjectBar } from './studio-project-bar';
import { useStudioModel } from './use-studio-model';

export interface StudioProject {
  projectId: string;
  idsFileId: string;
}

/** What the editor shows of the project: the chosen model and the live count of the text. */
export interface ProjectView {
  projectId: string;
  model: StudioModel | null;
  live: { check: StudioLiveCheck | undefined; current: boolean } | null;
}

/**
 * The editor's project parts (the model bar, the live count) around what `children` renders with
 * them; a Studio opened without a project renders `children(null)`.
 */
export function ProjectScope({
  project,
  text,
  fileName,
  children,
}: {
  project: StudioProject | undefined;
  text: string;
  fileName: string;
  children: (view: ProjectView | null) => ReactNode;
}) {
  if (!project) return children(null);
  return (
    <WithProject project={project} text={text} fileName={fileName}>
      {children}
    </WithProject>
  );
}

function WithProject({
  project,
  text,
  fileName,
  children,
}: {
  project: StudioProject;
  text: string;
  fileName: string;
  children: (view: ProjectView) => ReactNode;
}) {
  const t = useStudioT();
  const models = useStudioModel(project.projectId);
  const live = useLiveCheck(project.projectId, models.model, text);
  const chosenFile = models.files.find((f) => f.id === models.chosen);
  const view: ProjectView = {
    projectId: project.projectId,
    model: models.model,
    live: models.model ? { check: live.data, current: live.current } : null,
  };
  return (
    <>
      <StudioProjectBar {...project} fileName={fileName} text={text} models={models} />
      {chosenFile && models.model === null && <p role="status">{t('studio.model.loading')}</p>}
      {live.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('studio.live.failed', { reason: errorMessage(live.error) })}
        </p>
      )}
      {children(view)}
    </>
  );
}
