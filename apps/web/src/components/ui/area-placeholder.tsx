import type { LucideIcon } from 'lucide-react';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

export interface AreaPlaceholderProps {
  title: string;
  description: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyDescription: string;
}

/** A dashboard area whose data does not exist yet: its heading and an honest empty state, never sample data. */
export function AreaPlaceholder({
  title,
  description,
  icon,
  emptyTitle,
  emptyDescription,
}: AreaPlaceholderProps) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} />
      <Card>
        <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} className="py-20" />
      </Card>
    </div>
  );
}
