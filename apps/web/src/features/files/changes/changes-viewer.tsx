import type { SpecificationComparison } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { StatusIcon } from '@/components/status-icon';
import { errorMessage } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { formatNumber } from '@/lib/format';
import { type MessageId, useT } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { useModelViewer } from '../../viewer/use-model-viewer';
import { ViewerFrame } from '../../viewer/viewer-frame';
import { ViewerToolbar } from '../../viewer/viewer-toolbar';
import { CHANGE_COLOURS, type ChangeMark, changeColourGroups, changeMarks } from './changes-colours';
import { changesSource } from './changes-source';

/** The most changes of one specification the viewer reads (the API's largest page). */
export const VIEWER_CHANGES = 500;

/** Colour and shape (the accessibility rules' non-colour cue): a new failure fails, a resolved one passes. */
const MARK_STATUS = { new: 'failed', resolved: 'passed' } as const;
const MARK_LABEL: Record<ChangeMark, MessageId> = {
  new: 'projects.changes.viewer.new',
  resolved: 'projects.changes.viewer.resolved',
};

/**
 * The newer version's model with one specification's new failures and resolved ones in their own
 * colours and shapes (issue 30), every other element pale. Viewer ids are STEP ids, which the
 * changes carry.
 */
export function ChangesViewer({
  projectId,
  fileId,
  pair,
  specification,
}: {
  projectId: string;
  fileId: string;
  pair: { from: string; to: string };
  specification: SpecificationComparison;
}) {
  const t = useT('projects');
  const { mode } = useDataSource();
  const changes = useQuery({
    queryKey: queryKeys.comparisonChanges(
      mode,
      projectId,
      fileId,
      pair.from,
      pair.to,
      specification.key,
      'viewer',
    ),
    queryFn: ({ signal }) =>
      changesSource.all(
        projectId,
        fileId,
        { ...pair, specificationKey: specification.key, pageSize: VIEWER_CHANGES },
        signal,
      ),
  });
  const marks = useMemo(() => changeMarks(changes.data?.changes ?? []), [changes.data]);
  const [selected, setSelected] = useState<number | null>(null);
  const { containerRef, viewer, state, retry, keysDescriptionId } = useModelViewer({
    projectId,
    fileId,
    versionId: pair.to,
    onPick: setSelected,
    label: t('projects.changes.viewer.canvas', { specification: specification.name }),
  });
  const [painted, setPainted] = useState('');
  const paint = useCallback(() => {
    if (!viewer || !changes.data || !viewer.isLoaded) return;
    let cancelled = false;
    void (async () => {
      try {
        const groups = changeColourGroups(await viewer.elementIds(), marks);
        if (cancelled) return;
        await viewer.setColours(groups);
        if (!cancelled)
          setPainted(
            `${groups.get(CHANGE_COLOURS.new)?.length}:${groups.get(CHANGE_COLOURS.resolved)?.length}`,
          );
      } catch {
        // The legend still says what is what; a repaint follows the next reset.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [viewer, changes.data, marks]);
  useEffect(paint, [paint]);
  const counts = { new: 0, resolved: 0 };
  for (const mark of marks.values()) counts[mark] += 1;
  const mark = selected === null ? undefined : marks.get(selected);
  return (
    <ViewerFrame
      containerRef={containerRef}
      state={state}
      onRetry={retry}
      label={t('projects.changes.viewer.label', { specification: specification.name })}
      keysDescriptionId={keysDescriptionId}
      announcement={mark ? t(MARK_LABEL[mark]) : ''}
      painted={painted}
      className="h-96"
    >
      {viewer ? (
        <ViewerToolbar
          viewer={viewer}
          onCleared={() => {
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
        {changes.isError ? <p className="mt-1 text-destructive">{errorMessage(changes.error)}</p> : null}
        {changes.data && changes.data.total > changes.data.changes.length ? (
          <p className="mt-1 text-muted-foreground">
            {t('projects.changes.viewer.capped', {
              shown: changes.data.changes.length,
              total: changes.data.total,
            })}
          </p>
        ) : null}
      </div>
    </ViewerFrame>
  );
}
