import { ProjectFilesPanel } from '@/features/files/project-files-panel';
import { ProjectFilesPanelSlot } from '@/features/projects/files-panel-slot';
import { ProjectsTab } from '@/features/projects/projects-tab';

/** The Projects tab with each row's files panel from the files feature. */
export function ProjectsScreen() {
  return (
    <ProjectFilesPanelSlot.Provider value={ProjectFilesPanel}>
      <ProjectsTab />
    </ProjectFilesPanelSlot.Provider>
  );
}
