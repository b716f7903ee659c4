import type { ProjectRole } from '@plumbline/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANT: Record<ProjectRole, BadgeProps['variant']> = {
  Admin: 'default',
  Editor: 'warning',
  Viewer: 'secondary',
};

export function RoleBadge({ role }: { role: ProjectRole }) {
  return <Badge variant={VARIANT[role]}>{role}</Badge>;
}
