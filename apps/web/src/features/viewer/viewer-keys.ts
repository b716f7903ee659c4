/**
 * The viewer's keyboard controls (issue 21): what each key does on the focused canvas. One table
 * serves the key handler and the help popover, so the list a user reads is the list that works.
 */
export type ViewerKeyAction =
  | { kind: 'orbit'; left: number; up: number }
  | { kind: 'pan'; x: number; y: number }
  | { kind: 'zoom'; factor: number }
  | { kind: 'reset' }
  | { kind: 'step'; direction: 1 | -1 };

/** One arrow press turns the model by 1/24 of a turn: 15°, fine enough to aim, few presses to go round. */
const ORBIT_STEP = Math.PI / 12;
/** One Shift+arrow press moves the view by this many pixels of the canvas. */
const PAN_STEP_PX = 40;
/** One +/− press brings the camera 20 % closer (or back). */
const ZOOM_STEP = 1.25;

interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** The action of a key press on the canvas, or null when the key is not a viewer control. */
export function viewerKeyAction(event: KeyInput, canStep: boolean): ViewerKeyAction | null {
  // Browser and screen-reader shortcuts pass through untouched.
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const pan = event.shiftKey;
  switch (event.key) {
    case 'ArrowLeft':
      return pan ? { kind: 'pan', x: PAN_STEP_PX, y: 0 } : { kind: 'orbit', left: ORBIT_STEP, up: 0 };
    case 'ArrowRight':
      return pan ? { kind: 'pan', x: -PAN_STEP_PX, y: 0 } : { kind: 'orbit', left: -ORBIT_STEP, up: 0 };
    case 'ArrowUp':
      return pan ? { kind: 'pan', x: 0, y: PAN_STEP_PX } : { kind: 'orbit', left: 0, up: ORBIT_STEP };
    case 'ArrowDown':
      return pan ? { kind: 'pan', x: 0, y: -PAN_STEP_PX } : { kind: 'orbit', left: 0, up: -ORBIT_STEP };
    case '+':
    case '=':
    case 'PageUp':
      return { kind: 'zoom', factor: ZOOM_STEP };
    case '-':
    case '_':
    case 'PageDown':
      return { kind: 'zoom', factor: 1 / ZOOM_STEP };
    case 'Home':
    case '0':
      return { kind: 'reset' };
    case 'n':
    case 'N':
      return canStep ? { kind: 'step', direction: 1 } : null;
    case 'p':
    case 'P':
      return canStep ? { kind: 'step', direction: -1 } : null;
    default:
      return null;
  }
}

/** A viewer control as the help lists it: its keys and what it does are `viewer.key.*` messages of this value. */
export type ViewerKeyHelp = 'orbit' | 'pan' | 'zoom' | 'reset' | 'next' | 'previous' | 'leave';

/** The help popover's rows, in reading order (the step keys only where there is something to step through). */
export function viewerKeyHelp(canStep: boolean): ViewerKeyHelp[] {
  return ['orbit', 'pan', 'zoom', 'reset', ...(canStep ? (['next', 'previous'] as const) : []), 'leave'];
}

/** Index of the next element when stepping through `count` elements from `current` (null: none yet). */
export function stepIndex(current: number | null, count: number, direction: 1 | -1): number | null {
  if (count === 0) return null;
  if (current === null) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
