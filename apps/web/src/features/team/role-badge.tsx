import type { ProjectRole } from '@plumbline/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { useT } from '@/lib/i18n';

const VARIANT: Record<ProjectRole, BadgeProps['variant']> = {
  Admin: 'default',
  Editor: 'warning',
  Viewer: 'secondary',
};

/** A role by its name in the page's language (the role itself is a code: 'Admin', 'Editor', 'Viewer'). */
export function RoleBadge({ role }: { role: ProjectRole }) {
  const t = useT('team');
  return <Badge variant={VARIANT[role]}>{t('team.roleName', { role })}</Badge>;
}
