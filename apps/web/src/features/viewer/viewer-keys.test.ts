import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { stepIndex, viewerKeyAction, viewerKeyHelp } from './viewer-keys';

const key = (k: string, extra: Partial<{ shiftKey: boolean; ctrlKey: boolean }> = {}) => ({
  key: k,
  shiftKey: false,
  ...extra,
});

describe('viewer keyboard controls (issue 21)', () => {
  it('orbits with the arrows, pans with Shift+arrows, zooms with +/− and Page Up/Down, resets with Home', () => {
    expect(viewerKeyAction(key('ArrowLeft'), false)).toMatchObject({ kind: 'orbit', up: 0 });
    expect(viewerKeyAction(key('ArrowUp'), false)).toMatchObject({ kind: 'orbit', left: 0 });
    expect(viewerKeyAction(key('ArrowLeft', { shiftKey: true }), false)).toMatchObject({ kind: 'pan', y: 0 });
    const zoomIn = viewerKeyAction(key('+'), false);
    const zoomOut = viewerKeyAction(key('-'), false);
    expect(zoomIn?.kind === 'zoom' && zoomIn.factor).toBeGreaterThan(1);
    expect(zoomOut?.kind === 'zoom' && zoomOut.factor).toBeLessThan(1);
    expect(viewerKeyAction(key('PageUp'), false)).toEqual(zoomIn);
    expect(viewerKeyAction(key('PageDown'), false)).toEqual(zoomOut);
    expect(viewerKeyAction(key('Home'), false)).toEqual({ kind: 'reset' });
  });

  it('opposite arrows undo each other', () => {
    const left = viewerKeyAction(key('ArrowLeft'), false);
    const right = viewerKeyAction(key('ArrowRight'), false);
    expect(left?.kind === 'orbit' && right?.kind === 'orbit' && left.left + right.left).toBe(0);
  });

  it('steps through failures with N and P only where stepping exists, and leaves Tab and shortcuts alone', () => {
    expect(viewerKeyAction(key('n'), true)).toEqual({ kind: 'step', direction: 1 });
    expect(viewerKeyAction(key('P'), true)).toEqual({ kind: 'step', direction: -1 });
    expect(viewerKeyAction(key('n'), false)).toBeNull();
    expect(viewerKeyAction(key('Tab'), true)).toBeNull();
    expect(viewerKeyAction(key('ArrowLeft', { ctrlKey: true }), true)).toBeNull();
  });

  it('lists every key it handles in the help', () => {
    const help = viewerKeyHelp(true).map((control) => t('viewer.key.keys', { control }));
    expect(help).toEqual(expect.arrayContaining(['Arrow keys', 'Shift + arrow keys', 'Home or 0', 'N', 'P']));
    expect(viewerKeyHelp(false).map((control) => t('viewer.key.keys', { control }))).not.toContain('N');
  });

  it('wraps around when stepping past either end', () => {
    expect(stepIndex(null, 3, 1)).toBe(0);
    expect(stepIndex(null, 3, -1)).toBe(2);
    expect(stepIndex(2, 3, 1)).toBe(0);
    expect(stepIndex(0, 3, -1)).toBe(2);
    expect(stepIndex(null, 0, 1)).toBeNull();
  });
});
