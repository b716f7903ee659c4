import { Database } from 'lucide-react';
import { AreaPlaceholder } from '@/components/ui/area-placeholder';

/** Metadata Explorer (spec 2 §2.5): every element's properties, with the 3D viewer and assistant. */
export function MetadataTab() {
  return (
    <AreaPlaceholder
      title="Metadata Explorer"
      description="Browse the elements of a model with their property sets and values."
      icon={Database}
      emptyTitle="No element metadata yet"
      emptyDescription="Element properties appear here once a model file has been processed."
    />
  );
}
