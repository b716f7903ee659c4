import type { ComplianceStatus } from '@plumbline/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { StatusIcon } from '@/components/status-icon';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
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
import { useViewerHighlight } from './use-viewer-highlight';
import { useViewerKeyboard } from './use-viewer-keyboard';
import { ViewerFrame } from './viewer-frame';
import { stepIndex } from './viewer-keys';
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
  /** Elements to highlight, by IFC GlobalId (the chat's sources, when this is the page's one viewer). */
  highlightGuids?: readonly string[] | undefined;
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
  highlightGuids,
  className,
}: ComplianceViewerProps) {
  const t = useT('viewer', 'compliance');
  const [selected, setSelected] = useState<number | null>(null);
  const pick = useCallback(
    (id: number | null) => {
      setSelected(id);
      onSelectElement?.(id);
    },
    [onSelectElement],
  );
  const { containerRef, viewer, state, retry, keysDescriptionId } = useModelViewer({
    projectId,
    fileId,
    versionId,
    onPick: pick,
    failurePrefix: true,
    label: t('viewer.canvas.compliance'),
  });
  const fetched = useElementStatuses(projectId, fileId, versionId, specificationId, true);
  const data = fetched.data;
  const { groups, repaint, painted } = useComplianceColouring(viewer, data, onlyStatus);
  const failed = groups?.failed ?? [];

  // N / P on the canvas: the next or previous failing element, selected and framed (issue 21).
  const step = useCallback(
    (direction: 1 | -1) => {
      if (!viewer) return;
      const index = stepIndex(selected === null ? null : failed.indexOf(selected), failed.length, direction);
      const id = index === null ? null : (failed[index] ?? null);
      if (id === null) return;
      pick(id);
      void viewer
        .select(id)
        .then(() => viewer.frameElements([id]))
        .catch(() => {});
    },
    [viewer, selected, failed, pick],
  );
  useViewerKeyboard(viewer, step);
  useViewerHighlight(viewer, { projectId, fileId, versionId }, highlightGuids);

  const status = selected === null || !groups ? null : statusOf(groups, selected);
  const position = selected === null ? -1 : failed.indexOf(selected);
  const label =
    selected === null || status === null
      ? ''
      : t('viewer.selection', {
          status: t('compliance.status', { status }),
          id: String(selected),
          position: position >= 0 ? String(position + 1) : 'none',
          failing: failed.length,
        });
  return (
    <ViewerFrame
      containerRef={containerRef}
      state={state}
      onRetry={retry}
      label={t('viewer.complianceLabel')}
      keysDescriptionId={keysDescriptionId}
      canStep
      announcement={selected === null ? '' : t('viewer.selected', { label })}
      painted={painted}
      className={className}
    >
      {viewer ? (
        <ViewerToolbar
          viewer={viewer}
          onCleared={() => {
            // Clearing the selection resets the model's highlights, the status colours with them.
            repaint();
            pick(null);
          }}
          canStep
        />
      ) : null}
      {status !== null ? (
        // The selected element's status in words and shape: the non-colour cue (issue 21).
        <p
          data-testid="viewer-selection-label"
          className="absolute top-12 left-2 z-10 flex max-w-[calc(100%-1rem)] items-center gap-1.5 rounded-md border border-border bg-card/95 px-2 py-1 text-xs font-medium shadow-xs"
        >
          <StatusIcon status={status} />
          {label}
        </p>
      ) : null}
      {/* The server's counts, the same as the IDS Compliance cards (decision 0173). */}
      <ComplianceLegend
        counts={data?.summary ?? null}
        drawn={groups ? drawnCount(groups) : null}
        only={onlyStatus}
      />
      {fetched.error ? (
        <p
          role="status"
          className="absolute right-2 bottom-2 z-10 max-w-xs rounded-md bg-card/95 px-2 py-1 text-xs text-destructive"
        >
          {t('viewer.coloursUnavailable', { reason: errorMessage(fetched.error) })}
        </p>
      ) : null}
    </ViewerFrame>
  );
}

function statusOf(groups: StatusGroups, id: number): ComplianceStatus | null {
  for (const status of Object.keys(groups) as ComplianceStatus[]) {
    if (groups[status].includes(id)) return status;
  }
  return null;
}

/** How often a failed read of the model's elements or a failed paint is tried again before giving up. */
const COLOUR_ATTEMPTS = 4;

/** The model's elements by status, with the statuses they were read from: a paint uses only a pair. */
interface PairedGroups {
  data: ElementStatuses;
  groups: StatusGroups;
}

/**
 * Paints the loaded model by status once both are there; returns the model's elements by status
 * (the legend says how many of the counted elements have no shape), a repaint for after a reset and
 * the key of the last paint that landed (what the tests wait for before reading pixels).
 * It never counts statuses itself.
 */
function useComplianceColouring(
  viewer: ModelViewer | null,
  data: ElementStatuses | undefined,
  onlyStatus: ComplianceStatus | null,
): { groups: StatusGroups | null; repaint: () => void; painted: string } {
  const [paired, setPaired] = useState<PairedGroups | null>(null);
  const [painted, setPainted] = useState('');

  // Which element has which status: once per model and data. A failed read is tried again, so a
  // transient refusal of the model cannot leave it unpainted.
  useEffect(() => {
    if (!viewer || !data) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    let attempts = 0;
    const read = async () => {
      if (cancelled) return;
      if (!viewer.isLoaded) {
        timer = setTimeout(() => void read(), COLOUR_RETRY_MS);
        return;
      }
      try {
        const ids = await viewer.elementIds();
        if (!cancelled) setPaired({ data, groups: modelStatuses(data, ids) });
      } catch {
        attempts += 1;
        if (!cancelled && attempts < COLOUR_ATTEMPTS) timer = setTimeout(() => void read(), COLOUR_RETRY_MS);
      }
    };
    timer = setTimeout(() => void read(), COLOUR_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [viewer, data]);

  // Groups read from other statuses than the current ones are stale: neither shown nor painted.
  const groups = paired !== null && paired.data === data ? paired.groups : null;

  // The paint follows the status filter without reading the model again. Paints run one after
  // another: two overlapping ones (a filter and new data close together) could interleave their
  // reset and colour steps and leave the older paint on screen. A paint that was overtaken by a
  // newer one is skipped; a paint that fails is tried again.
  const painting = useRef<Promise<void>>(Promise.resolve());
  const generation = useRef(0);
  const paint = useCallback(() => {
    if (!viewer || !groups || !viewer.isLoaded) return;
    const mine = ++generation.current;
    const colours = colourGroups(groups, onlyStatus);
    const key = `${onlyStatus ?? 'all'}:${groups.failed.length}:${groups.passed.length}`;
    const attempt = async (left: number): Promise<void> => {
      if (mine !== generation.current) return;
      try {
        await viewer.setColours(colours);
        if (mine === generation.current) setPainted(key);
      } catch {
        if (left > 1 && viewer.isLoaded) {
          await new Promise((resolve) => setTimeout(resolve, COLOUR_RETRY_MS));
          await attempt(left - 1);
        }
      }
    };
    painting.current = painting.current.then(() => attempt(COLOUR_ATTEMPTS));
  }, [viewer, groups, onlyStatus]);
  useEffect(paint, [paint]);

  return { groups, repaint: paint, painted };
}
