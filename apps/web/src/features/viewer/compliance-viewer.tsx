import type { ComplianceStatus } from '@plumbline/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { colourGroups, type ElementStatuses, statusCounts } from './compliance-colours';
import { ComplianceLegend } from './compliance-legend';
import type { ModelViewer } from './engine/model-viewer';
import { useElementStatuses } from './queries';
import { useModelViewer } from './use-model-viewer';
import { ViewerFrame } from './viewer-frame';
import { ViewerToolbar } from './viewer-toolbar';

export interface ComplianceViewerProps {
  projectId: string;
  fileId: string;
  versionId: string;
  /** Colour by this specification's statuses; without, by each element's worst status. */
  specificationId?: string | undefined;
  /** Statuses already at hand; otherwise read from the compliance element-statuses endpoint. */
  statuses?: ElementStatuses | undefined;
  onSelectElement?: ((viewerDbId: number | null) => void) | undefined;
  className?: string;
}

/** Spec 3 §4 'IDS viewer': colouring starts about 250 ms after load, retried after 500 ms if not ready. */
const COLOUR_DELAY_MS = 250;
const COLOUR_RETRY_MS = 500;

/**
 * The IDS compliance 3D viewer (spec 3 §2.5): the model with each element painted by its
 * compliance status (passed, warning, failed, not applicable) and a legend.
 */
export function ComplianceViewer({
  projectId,
  fileId,
  versionId,
  specificationId,
  statuses,
  onSelectElement,
  className,
}: ComplianceViewerProps) {
  const { containerRef, viewer, state, retry } = useModelViewer({
    projectId,
    fileId,
    versionId,
    onPick: onSelectElement,
    failurePrefix: 'Failed to load model: ',
  });
  const fetched = useElementStatuses(projectId, fileId, versionId, specificationId, statuses === undefined);
  const data = statuses ?? fetched.data;
  const counts = useComplianceColouring(viewer, data);
  return (
    <ViewerFrame
      containerRef={containerRef}
      state={state}
      onRetry={retry}
      label="IDS compliance 3D viewer"
      className={className}
    >
      {viewer ? <ViewerToolbar viewer={viewer} onCleared={() => onSelectElement?.(null)} /> : null}
      <ComplianceLegend counts={counts} />
      {fetched.error && !statuses ? (
        <p
          role="status"
          className="absolute right-2 bottom-2 z-10 max-w-xs rounded-md bg-card/95 px-2 py-1 text-xs text-destructive"
        >
          Compliance colours unavailable: {errorMessage(fetched.error)}
        </p>
      ) : null}
    </ViewerFrame>
  );
}

/** Paints the loaded model by status once both are there; returns the legend's counts. */
function useComplianceColouring(
  viewer: ModelViewer | null,
  data: ElementStatuses | undefined,
): Record<ComplianceStatus, number> | null {
  const [counts, setCounts] = useState<Record<ComplianceStatus, number> | null>(null);
  useEffect(() => {
    setCounts(null);
    if (!viewer || !data) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const paint = async () => {
      if (cancelled) return;
      if (!viewer.isLoaded) {
        timer = setTimeout(() => void paint(), COLOUR_RETRY_MS);
        return;
      }
      const groups = colourGroups(data, await viewer.elementIds());
      if (cancelled) return;
      await viewer.setColours(groups);
      if (!cancelled) setCounts(statusCounts(groups));
    };
    timer = setTimeout(() => void paint().catch(() => {}), COLOUR_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [viewer, data]);
  return counts;
}
