import { FileText } from 'lucide-react';
import { AreaPlaceholder } from '@/components/ui/area-placeholder';

/** Reports (spec 2 §2.7): PDF and Excel reports of a project. */
export function ReportsTab() {
  return (
    <AreaPlaceholder
      title="Reports"
      description="Generate and download PDF and Excel reports of a project."
      icon={FileText}
      emptyTitle="No reports yet"
      emptyDescription="Reports will appear here once generated."
    />
  );
}
