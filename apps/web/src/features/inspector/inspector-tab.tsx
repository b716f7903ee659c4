import { ScanSearch } from 'lucide-react';
import { AreaPlaceholder } from '@/components/ui/area-placeholder';

/** File Inspector (spec 2 §2.1): compliance per project, file and version, once models are checked. */
export function InspectorTab() {
  return (
    <AreaPlaceholder
      title="File Inspector"
      description="Compliance, schema attributes and extra attributes of one file version."
      icon={ScanSearch}
      emptyTitle="Nothing to inspect yet"
      emptyDescription="Compliance results appear here once a model file has been added to a project and checked against its IDS rules."
    />
  );
}
