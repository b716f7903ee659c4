import type { ComplianceStatus } from '@plumbline/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api';
import {
  colourGroups,
  drawnCount,
  type ElementStatuses,
  modelStatuses,
  type StatusGroups,
} from './compliance-colours';
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
  /** Only elements of this status in their colour; the others pale (the view's status filter). */
  onlyStatus?: ComplianceStatus | null | undefined;
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
  onlyStatus = null,
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
  const fetched = useElementStatuses(projectId, fileId, versionId, specificationId, true);
  const data = fetched.data;
  const { drawn, repaint } = useComplianceColouring(viewer, data, onlyStatus);
  return (
    <ViewerFrame
      containerRef={containerRef}
      state={state}
      onRetry={retry}
      label="IDS compliance 3D viewer"
      className={className}
    >
      {viewer ? (
        <ViewerToolbar
          viewer={viewer}
          onCleared={() => {
            // Clearing the selection resets the model's highlights, the status colours with them.
            repaint();
            onSelectElement?.(null);
          }}
        />
      ) : null}
      {/* The server's counts, the same as the IDS Compliance cards (decision 0173). */}
      <ComplianceLegend counts={data?.summary ?? null} drawn={drawn} only={onlyStatus} />
      {fetched.error ? (
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

/**
 * Paints the loaded model by status once both are there; returns how many elements the model draws
 * (the legend says how many of the counted elements have no shape) and a repaint for after a reset.
 * It never counts statuses itself.
 */
function useComplianceColouring(
  viewer: ModelViewer | null,
  data: ElementStatuses | undefined,
  onlyStatus: ComplianceStatus | null,
): { drawn: number | null; repaint: () => void } {
  const [groups, setGroups] = useState<StatusGroups | null>(null);

  // Which element has which status: once per model and data.
  useEffect(() => {
    setGroups(null);
    if (!viewer || !data) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const read = async () => {
      if (cancelled) return;
      if (!viewer.isLoaded) {
        timer = setTimeout(() => void read().catch(() => {}), COLOUR_RETRY_MS);
        return;
      }
      const ids = await viewer.elementIds();
      if (!cancelled) setGroups(modelStatuses(data, ids));
    };
    timer = setTimeout(() => void read().catch(() => {}), COLOUR_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [viewer, data]);

  // The paint follows the status filter without reading the model again.
  useEffect(() => {
    if (!viewer || !groups || !viewer.isLoaded) return;
    void viewer.setColours(colourGroups(groups, onlyStatus)).catch(() => {});
  }, [viewer, groups, onlyStatus]);

  const repaint = () => {
    if (!viewer || !groups || !viewer.isLoaded) return;
    void viewer.setColours(colourGroups(groups, onlyStatus)).catch(() => {});
  };
  return { drawn: groups ? drawnCount(groups) : null, repaint };
}
