// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterPaint } from './after-paint';

afterEach(() => vi.unstubAllGlobals());

describe('AfterPaint (issue 37: below-the-fold parts after the largest text is painted)', () => {
  it('draws the fallback with the first render and the children only once a frame has been drawn', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    render(
      <AfterPaint fallback={<p>placeholder</p>}>
        <p>below the fold</p>
      </AfterPaint>,
    );
    expect(screen.getByText('placeholder')).toBeTruthy();
    expect(screen.queryByText('below the fold')).toBeNull();
    expect(frames).toHaveLength(1);
    // Tasks pass, but no frame is drawn: still the fallback.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('below the fold')).toBeNull();
    await act(async () => frames[0]?.(0));
    expect(await screen.findByText('below the fold')).toBeTruthy();
    expect(screen.queryByText('placeholder')).toBeNull();
  });
});
