import { useEffect, useRef } from 'react';
import type { ModelViewer } from './engine/model-viewer';
import { viewerKeyAction } from './viewer-keys';

/**
 * Keys on the focused canvas move the camera (orbit, pan, zoom, reset); N and P call `onStep` when
 * given (the compliance viewer's next / previous failing element). Keys that are not viewer controls,
 * Tab above all, keep their usual meaning.
 */
export function useViewerKeyboard(
  viewer: ModelViewer | null,
  onStep?: ((direction: 1 | -1) => void) | undefined,
): void {
  const onStepRef = useRef(onStep);
  useEffect(() => {
    onStepRef.current = onStep;
  }, [onStep]);
  const canStep = onStep !== undefined;

  useEffect(() => {
    if (!viewer) return;
    const canvas = viewer.renderer.domElement;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = viewerKeyAction(event, canStep);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'orbit') viewer.orbit(action.left, action.up);
      else if (action.kind === 'pan') viewer.pan(action.x, action.y);
      else if (action.kind === 'zoom') viewer.zoom(action.factor);
      else if (action.kind === 'reset') void viewer.resetView().catch(() => {});
      else onStepRef.current?.(action.direction);
    };
    canvas.addEventListener('keydown', onKeyDown);
    return () => canvas.removeEventListener('keydown', onKeyDown);
  }, [viewer, canStep]);
}
