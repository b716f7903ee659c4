import { useCallback, useEffect, useMemo, useState } from 'react';
import { StatusIcon } from '@/components/status-icon';
import type { ChangesViewerProps } from '@/lib/changes-viewer-slot';
import { formatNumber } from '@/lib/format';
import { type MessageId, useT } from '@/lib/i18n';
import { CHANGE_COLOURS, type ChangeMark, changeColourGroups, changeMarks } from './changes-colours';
import { DIMMED_COLOUR } from './compliance-colours';
import { useModelViewer } from './use-model-viewer';
import { ViewerFrame } from './viewer-frame';
import { ViewerToolbar } from './viewer-toolbar';

/** How solid the unchanged elements are drawn: enough to place the changes, too little to hide them. */
const CONTEXT_OPACITY = 0.2;

/** Colour and shape (the accessibility rules' non-colour cue): a new failure fails, a resolved one passes. */
const MARK_STATUS = { new: 'failed', resolved: 'passed' } as const;
const MARK_LABEL: Record<ChangeMark, MessageId> = {
  new: 'projects.changes.viewer.new',
  resolved: 'projects.changes.viewer.resolved',
};

/**
 * The newer version's model with one specification's new failures and resolved ones in their own
 * colours and shapes (issue 30), every other element pale; the legend names both with their shape
 * and count. Viewer ids are STEP ids, which the changes carry. The app shell provides it to the
 * Changes view (lib/changes-viewer-slot.tsx).
 */
export function ChangesViewer({
  projectId,
  fileId,
  versionId,
  specificationName,
  changes,
  total,
}: ChangesViewerProps) {
  const t = useT('projects');
  const marks = useMemo(() => changeMarks(changes), [changes]);
  const [selected, setSelected] = useState<number | null>(null);
  const { containerRef, viewer, state, retry, keysDescriptionId } = useModelViewer({
    projectId,
    fileId,
    versionId,
    onPick: setSelected,
    label: t('projects.changes.viewer.canvas', { specification: specificationName }),
  });
  const [painted, setPainted] = useState('');
  const paint = useCallback(() => {
    if (!viewer?.isLoaded) return;
    let cancelled = false;
    void (async () => {
      try {
        const groups = changeColourGroups(await viewer.elementIds(), marks);
        if (cancelled) return;
        await viewer.setColours(groups);
        // The rest is context: see-through, so a changed element inside the building is not hidden
        // behind it; the camera then frames the changed elements (with their surroundings).
        await viewer.setSeeThrough(groups.get(DIMMED_COLOUR) ?? [], CONTEXT_OPACITY);
        const changed = [
          ...(groups.get(CHANGE_COLOURS.new) ?? []),
          ...(groups.get(CHANGE_COLOURS.resolved) ?? []),
        ];
        if (changed.length > 0) await viewer.frameElements(changed);
        const drawn = (mark: ChangeMark) => groups.get(CHANGE_COLOURS[mark])?.length ?? 0;
        if (!cancelled) setPainted(`${drawn('new')}:${drawn('resolved')}`);
      } catch {
        // The legend still says what is what; the next reset paints again.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [viewer, marks]);
  // Painted once the model has loaded (the state turns ready), and again when the marks change.
  const ready = state.status === 'ready';
  useEffect(() => (ready ? paint() : undefined), [ready, paint]);
  const counts = { new: 0, resolved: 0 };
  for (const mark of marks.values()) counts[mark] += 1;
  const mark = selected === null ? undefined : marks.get(selected);
  return (
    <ViewerFrame
      containerRef={containerRef}
      state={state}
      onRetry={retry}
      label={t('projects.changes.viewer.label', { specification: specificationName })}
      keysDescriptionId={keysDescriptionId}
      announcement={mark ? t(MARK_LABEL[mark]) : ''}
      painted={painted}
      className="h-96"
    >
      {viewer ? (
        <ViewerToolbar
          viewer={viewer}
          onCleared={() => {
            // Clearing resets the model's colours: the changes are painted again.
            paint();
            setSelected(null);
          }}
        />
      ) : null}
      {mark ? (
        <p
          data-testid="viewer-selection-label"
          className="absolute top-12 left-2 z-10 flex items-center gap-1.5 rounded-md border border-border bg-card/95 px-2 py-1 text-xs font-medium shadow-xs"
        >
          <StatusIcon status={MARK_STATUS[mark]} />
          {t(MARK_LABEL[mark])}
        </p>
      ) : null}
      <div className="absolute bottom-2 left-2 z-10 rounded-lg border border-border bg-card/95 px-3 py-2 text-xs shadow-xs">
        <ul aria-label={t('projects.changes.viewer.legend')} className="flex flex-wrap gap-x-4 gap-y-1">
          {(['new', 'resolved'] as const).map((kind) => (
            <li key={kind} data-mark={kind} className="flex items-center gap-1.5">
              <span
                aria-hidden
                className="inline-block size-3 rounded-sm"
                style={{ backgroundColor: CHANGE_COLOURS[kind] }}
              />
              <StatusIcon status={MARK_STATUS[kind]} />
              <span>{t(MARK_LABEL[kind])}</span>
              <span className="text-muted-foreground tabular-nums" data-count>
                {formatNumber(counts[kind])}
              </span>
            </li>
          ))}
        </ul>
        {total > changes.length ? (
          <p className="mt-1 text-muted-foreground">
            {t('projects.changes.viewer.capped', { shown: changes.length, total })}
          </p>
        ) : null}
      </div>
    </ViewerFrame>
  );
}
