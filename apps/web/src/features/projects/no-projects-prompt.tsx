import { FolderPlus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { withCreateProject } from './project-not-found';

/**
 * A signed-in user with no projects, on a tab that shows one (spec 2 §2.1 'with no projects: an
 * empty-state prompt'): a way to create one instead of empty pickers (issue 17).
 */
export function NoProjectsPrompt({ description }: { description: string }) {
  const t = useT('common');
  const { readOnly } = useDataSource();
  const [, setSearchParams] = useSearchParams();
  return (
    <Card>
      <EmptyState
        icon={FolderPlus}
        title={t('common.noProjects.title', { demo: readOnly ? 'yes' : 'no' })}
        description={description}
        action={
          readOnly ? undefined : (
            <Button onClick={() => setSearchParams(withCreateProject)}>
              {t('common.noProjects.create')}
            </Button>
          )
        }
      />
    </Card>
  );
}
