import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { t } from '@/lib/i18n';
import type { ModelViewer } from './engine/model-viewer';
import { highlightWithFallback, sameIdList, validViewerIds } from './highlight';
import { convertGuidsToViewerIds } from './queries';

/**
 * Highlights elements given by GlobalId (chat sources, table rows), per spec 3 §4: a request is made
 * only when the viewer is loaded, the list is non-empty and it changed since the last request; the
 * remembered list resets while the viewer is not ready. An emptied list clears the highlight.
 */
export function useViewerHighlight(
  viewer: ModelViewer | null,
  target: { projectId: string; fileId: string; versionId: string },
  guids: readonly string[] | undefined,
): void {
  const lastRequested = useRef<string[] | null>(null);
  const { projectId, fileId, versionId } = target;

  useEffect(() => {
    if (!viewer) {
      lastRequested.current = null;
      return;
    }
    const list = [...(guids ?? [])];
    if (list.length === 0) {
      if (lastRequested.current) void viewer.clearHighlight().catch(() => {});
      lastRequested.current = null;
      return;
    }
    if (sameIdList(lastRequested.current, list)) return;
    lastRequested.current = list;
    let cancelled = false;
    void (async () => {
      let ids: number[];
      try {
        ids = (await convertGuidsToViewerIds(projectId, fileId, versionId, list)).viewer_db_ids;
      } catch (error) {
        if (!cancelled) {
          toast.error(t('viewer.highlightError'), {
            description: t('viewer.convertFailed', { reason: errorMessage(error) }),
          });
        }
        return;
      }
      if (cancelled || !viewer.isLoaded) return;
      try {
        const valid = await viewer.existing(validViewerIds(ids));
        await viewer.clearHighlight();
        const done = await highlightWithFallback(valid, (some) => viewer.addHighlight(some));
        if (!cancelled) await viewer.frameElements(done);
      } catch {
        if (!cancelled) toast.error(t('viewer.highlightError'), { description: t('viewer.highlightFailed') });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [viewer, guids, projectId, fileId, versionId]);
}
