import type { Project } from '@plumbline/contracts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useT } from '@/lib/i18n';
import { projectDisplayName } from './project-search';

export interface ProjectSelectorProps {
  projects: readonly Project[];
  value: string | undefined;
  onChange: (projectId: string) => void;
  className?: string;
}

/** The project picker at the top of the Overview and, later, the inspector, explorer, reports and team areas. */
export function ProjectSelector({ projects, value, onChange, className }: ProjectSelectorProps) {
  const t = useT('common');
  return (
    <Select value={value ?? ''} onValueChange={onChange} disabled={projects.length === 0}>
      <SelectTrigger className={className ?? 'w-full sm:w-80'} aria-label={t('common.project.label')}>
        <SelectValue placeholder={t('common.project.select')} />
      </SelectTrigger>
      <SelectContent>
        {projects.map((project) => (
          <SelectItem key={project.id} value={project.id}>
            {projectDisplayName(project)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
