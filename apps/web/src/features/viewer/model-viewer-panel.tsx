import { useCallback, useState } from 'react';
import { useT } from '@/lib/i18n';
import { useModelViewer } from './use-model-viewer';
import { useViewerHighlight } from './use-viewer-highlight';
import { useViewerKeyboard } from './use-viewer-keyboard';
import { ViewerFrame } from './viewer-frame';
import { ViewerToolbar } from './viewer-toolbar';

export interface ModelViewerPanelProps {
  projectId: string | null | undefined;
  fileId: string | null | undefined;
  versionId: string | null | undefined;
  /** Elements to highlight, by IFC GlobalId (chat sources, table rows). */
  highlightGuids?: readonly string[] | undefined;
  /** A click on an element (its viewer id, the STEP id) — or on nothing (null). */
  onSelectElement?: ((viewerDbId: number | null) => void) | undefined;
  className?: string;
}

/**
 * The 3D BIM viewer panel (spec 3 §2.1): the version's model, converted to fragments on the server,
 * drawn with three.js. Works on any processed IFC, offline and in demo mode (decision 0112).
 */
export function ModelViewerPanel({
  projectId,
  fileId,
  versionId,
  highlightGuids,
  onSelectElement,
  className,
}: ModelViewerPanelProps) {
  const t = useT('viewer');
  const [announcement, setAnnouncement] = useState('');
  const [picks, setPicks] = useState(0);
  const pick = useCallback(
    (id: number | null) => {
      setPicks((count) => count + 1);
      setAnnouncement(
        id === null ? t('viewer.selectionCleared') : t('viewer.selectedElement', { id: String(id) }),
      );
      onSelectElement?.(id);
    },
    [onSelectElement, t],
  );
  const { containerRef, viewer, state, retry, keysDescriptionId } = useModelViewer({
    projectId,
    fileId,
    versionId,
    onPick: pick,
    label: t('viewer.canvas.model'),
  });
  useViewerKeyboard(viewer);
  useViewerHighlight(
    viewer,
    { projectId: projectId ?? '', fileId: fileId ?? '', versionId: versionId ?? '' },
    highlightGuids,
  );
  return (
    <ViewerFrame
      containerRef={containerRef}
      state={state}
      onRetry={retry}
      label={t('viewer.modelLabel')}
      keysDescriptionId={keysDescriptionId}
      announcement={announcement}
      picks={picks}
      className={className}
    >
      {viewer ? <ViewerToolbar viewer={viewer} onCleared={() => pick(null)} /> : null}
    </ViewerFrame>
  );
}
