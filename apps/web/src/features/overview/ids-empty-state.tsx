import type { Project } from '@plumbline/contracts';
import { ListChecks } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { useIdsFiles } from '../projects/files/list-queries';
import { actionBlockedReason } from '../projects/permissions';
import { withExpandedFiles } from '../projects/selection-params';

/**
 * A project with no active IDS file has nothing to be checked against, so its compliance reads 0 %
 * and "No Analysis Data" (issue 35): say why, and lead to the IDS upload in the project's files.
 */
export function IdsEmptyState({ project }: { project: Project }) {
  const t = useT('overview');
  const ids = useIdsFiles(project.id);
  const { readOnly } = useDataSource();
  const [, setSearchParams] = useSearchParams();
  if (!ids.data || ids.data.some((file) => file.is_active)) return null;
  const none = ids.data.length === 0;
  const blocked = actionBlockedReason(project.role, 'files.upload', readOnly);
  return (
    <Card>
      <EmptyState
        className="py-8"
        icon={ListChecks}
        title={t(none ? 'overview.noIds.title' : 'overview.noIds.inactiveTitle')}
        description={blocked ?? t('overview.noIds.description')}
        action={
          blocked ? undefined : (
            <Button onClick={() => setSearchParams((previous) => withExpandedFiles(previous, project.id))}>
              {t(none ? 'overview.noIds.add' : 'overview.noIds.manage')}
            </Button>
          )
        }
      />
    </Card>
  );
}
