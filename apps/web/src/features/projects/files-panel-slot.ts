import type { Project } from '@plumbline/contracts';
import { type ComponentType, createContext } from 'react';

/**
 * The files panel a project row opens. It belongs to the files feature, which builds on this one, so
 * the app fills the slot (app/screens/projects-screen.tsx) and projects never imports files (decision 0174).
 */
export type ProjectFilesPanel = ComponentType<{ project: Project; projectName: string }>;

export const ProjectFilesPanelSlot = createContext<ProjectFilesPanel | null>(null);
