import { ListChecks } from 'lucide-react';
import { AreaPlaceholder } from '@/components/ui/area-placeholder';

/** IDS Schemas (spec 1 §2.3): the IDS specifications a project's models are checked against. */
export function SchemaTab() {
  return (
    <AreaPlaceholder
      title="IDS Schemas"
      description="The IDS specifications and requirements your models are checked against."
      icon={ListChecks}
      emptyTitle="No IDS specifications found"
      emptyDescription="Specifications appear here once an IDS file has been added to a project."
    />
  );
}
