import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { t, useT } from '@/lib/i18n';
import type { ModelViewer } from './engine/model-viewer';
import {
  isSelectionIssue,
  modelLoadProblem,
  type ViewerIssue,
  validateViewerInput,
  viewerLoadToastId,
} from './model-load-errors';
import { fetchFragments } from './queries';
import { viewerProblemText } from './viewer-error-card';

export type ViewerState =
  | { status: 'loading' }
  | { status: 'ready' }
  | {
      status: 'error';
      /** Why, rendered by the error card in the page's language. */
      issue: ViewerIssue;
      detail?: string | undefined;
      failedPrefix?: boolean | undefined;
      retrying: boolean;
      /** Trying again cannot help (the model has nothing to draw): no 'Try Again'. */
      final?: boolean;
    };

/** While the model is being converted on the server, the viewer asks again this often. */
const NOT_READY_RETRY_MS = 5_000;

export interface UseModelViewerInput {
  projectId: string | null | undefined;
  fileId: string | null | undefined;
  versionId: string | null | undefined;
  onPick?: ((viewerDbId: number | null) => void) | undefined;
  /** The IDS compliance viewer words a load failure 'Failed to load model: {message}' (spec 3 §8). */
  failurePrefix?: boolean;
  /**
   * The canvas's accessible name, in the page's language. Not a reason to reload: a new label (a
   * language switch) renames the canvas in place.
   */
  label: string;
}

/**
 * One viewer's life (spec 3 §4 'Viewer'): validate the inputs, load the viewer code lazily and the
 * model, then ready or error. Everything is disposed when the inputs change or the panel unmounts,
 * including a load still in flight and the automatic retry while a model is not ready yet.
 */
export function useModelViewer({
  projectId,
  fileId,
  versionId,
  onPick,
  failurePrefix,
  label,
}: UseModelViewerInput) {
  const containerRef = useRef<HTMLDivElement>(null);
  /** The id of the text describing the canvas's keys (rendered by ViewerFrame). */
  const keysDescriptionId = useId();
  const [viewer, setViewer] = useState<ModelViewer | null>(null);
  const [state, setState] = useState<ViewerState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const onPickRef = useRef(onPick);
  /** The load failure last toasted, so automatic retries do not repeat the same toast. */
  const toastedRef = useRef<string | null>(null);
  const roleDescription = useT('viewer')('viewer.canvas.roleDescription');
  /** The canvas's names as last rendered: the load reads them, without depending on them. */
  const nameRef = useRef({ label, roleDescription });
  nameRef.current = { label, roleDescription };

  useEffect(() => {
    onPickRef.current = onPick;
  }, [onPick]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on purpose (Try Again).
  useEffect(() => {
    const container = containerRef.current;
    const invalid = validateViewerInput({ containerReady: container !== null, projectId, fileId, versionId });
    setViewer(null);
    if (invalid || !container || !projectId || !fileId || !versionId) {
      const issue = invalid ?? 'containerNotReady';
      setState({ status: 'error', issue, retrying: false });
      if (!isSelectionIssue(issue))
        toast.error(t('viewer.error'), { description: viewerProblemText(t, issue, undefined) });
      return;
    }
    setState({ status: 'loading' });
    const abort = new AbortController();
    let instance: ModelViewer | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      try {
        const [engine, worker, bytes] = await Promise.all([
          import('./engine/model-viewer'),
          import('./engine/worker-url'),
          fetchFragments(projectId, fileId, versionId, abort.signal),
        ]);
        if (abort.signal.aborted) return;
        instance = new engine.ModelViewer({
          container,
          workerUrl: worker.fragmentsWorkerUrl,
          onPick: (id) => onPickRef.current?.(id),
          label: nameRef.current.label,
          roleDescription: nameRef.current.roleDescription,
          describedBy: keysDescriptionId,
        });
        await instance.load(bytes, versionId);
        if (abort.signal.aborted) return;
        // A model whose elements have no shape (only properties) would leave a blank canvas: say so.
        if ((await instance.elementIds()).length === 0) {
          if (abort.signal.aborted) return;
          instance.dispose();
          instance = null;
          setState({ status: 'error', issue: 'noGeometry', retrying: false, final: true });
          return;
        }
        toastedRef.current = null;
        setViewer(instance);
        setState({ status: 'ready' });
      } catch (error) {
        if (abort.signal.aborted) return;
        instance?.dispose();
        instance = null;
        const problem = modelLoadProblem(error);
        setState({
          status: 'error',
          issue: problem.issue,
          detail: problem.detail,
          failedPrefix: failurePrefix,
          retrying: problem.retryAutomatically,
        });
        // One toast per version and problem, however many viewers or retries meet it: sonner
        // replaces a toast of the same id instead of stacking a second one.
        if (toastedRef.current !== problem.issue)
          toast.error(t('viewer.problem.title', { issue: problem.issue }), {
            id: viewerLoadToastId(versionId, problem.issue),
            description: viewerProblemText(t, problem.issue, problem.detail),
          });
        toastedRef.current = problem.issue;
        if (problem.retryAutomatically)
          retryTimer = setTimeout(() => setAttempt((n) => n + 1), NOT_READY_RETRY_MS);
      }
    })();
    return () => {
      abort.abort();
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      instance?.dispose();
      instance = null;
    };
  }, [projectId, fileId, versionId, attempt, failurePrefix, keysDescriptionId]);

  // A language switch (or a new specification's name) renames the loaded canvas; the model stays.
  useEffect(() => {
    viewer?.setAccessibleName(label, roleDescription);
  }, [viewer, label, roleDescription]);

  const retry = useCallback(() => {
    toastedRef.current = null;
    setAttempt((n) => n + 1);
  }, []);

  return { containerRef, viewer, state, retry, keysDescriptionId };
}
