import { Users } from 'lucide-react';
import { AreaPlaceholder } from '@/components/ui/area-placeholder';

/** Team Members (spec 2 §2.8): members and roles per project. */
export function TeamTab() {
  return (
    <AreaPlaceholder
      title="Team Members"
      description="Who works on each project, and with which role."
      icon={Users}
      emptyTitle="Team management is on its way"
      emptyDescription="Members of your projects and their roles will be listed and managed here."
    />
  );
}
