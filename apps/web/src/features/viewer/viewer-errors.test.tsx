// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockAnswer, mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { ComplianceViewer } from './compliance-viewer';
import { ModelViewerPanel } from './model-viewer-panel';

// Moved from viewer-and-chat-errors.e2e (issue 37; the file is gone): the 3D viewer's error states,
// which it forced by answering the browser's requests itself, as the server cannot fail on demand. Here
// the same answers come from the mocked API, through the real fetch of the model and the real error
// wording; only the drawing engine is a stand-in. A real model's load and draw, and the table's
// "Show … in the 3D viewer" button reaching the GlobalId conversion, stay in viewer.e2e; the
// assistant's error states are chat-panel.test.tsx's.

vi.mock('./engine/model-viewer', () => ({
  ModelViewer: class {
    isLoaded = false;
    renderer = { domElement: document.createElement('canvas') };
    load = async () => {
      this.isLoaded = true;
    };
    elementIds = async () => [1, 2, 3];
    setAccessibleName() {}
    existing = async (ids: number[]) => ids;
    clearHighlight = async () => {};
    addHighlight = async () => {};
    frameElements = async () => {};
    colourBy = async () => {};
    dispose() {}
  },
}));
vi.mock('./engine/worker-url', () => ({ fragmentsWorkerUrl: '/worker.js' }));

const IDS = {
  projectId: '00000000-0000-4000-8000-000000000001',
  fileId: '00000000-0000-4000-8000-000000000002',
  versionId: '00000000-0000-4000-8000-000000000003',
};
const FRAGMENTS = `GET /projects/${IDS.projectId}/bimfiles/${IDS.fileId}/versions/${IDS.versionId}/fragments`;
const HIGHLIGHT = `POST /projects/${IDS.projectId}/bimfiles/${IDS.fileId}/elements/highlight`;
const apiError = (status: number, code: string, message: string): MockAnswer => ({
  status,
  body: { error: { code, message } },
});

/** How many error toasts were raised with this title (a toast outlives no retry: sonner closes it after 4 s). */
const raised = (spy: { mock: { calls: unknown[][] } }, title: string) =>
  spy.mock.calls.filter(([message]) => message === title).length;

/** The 3D panel with a search's GlobalIds to highlight, set by a button as the explorer's table sets them. */
function PanelWithHighlight() {
  const [guids, setGuids] = useState<string[] | undefined>(undefined);
  return (
    <>
      <button type="button" onClick={() => setGuids(['2idC0G3ezCdhA9WVjWemcy'])}>
        Show the wall
      </button>
      <ModelViewerPanel {...IDS} highlightGuids={guids} />
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the 3D viewer’s error states', () => {
  it('shows the error cards, toasts and hints, and recovers with Try Again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The first download hangs a moment (the loading text shows), then the file is gone.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answer: () => MockAnswer | Promise<MockAnswer> = async () => {
      await held;
      return apiError(404, 'not_found', 'File not found');
    };
    let fragmentAnswers = 0;
    const highlight = apiError(500, 'internal', 'The element index is unavailable');
    mockApi({
      [FRAGMENTS]: () => {
        fragmentAnswers += 1;
        return answer();
      },
      [HIGHLIGHT]: () => highlight,
    });
    const { user } = renderWithApp(<PanelWithHighlight />);
    const viewer = screen.getByRole('region', { name: '3D BIM viewer' });
    expect(await within(viewer).findByText('Loading BIM viewer...')).toBeInTheDocument();
    release();

    const card = await within(viewer).findByRole('alert');
    expect(within(card).getByRole('heading', { name: '3D Viewer Unavailable' })).toBeInTheDocument();
    expect(
      within(card).getByText('The file may have been deleted or is not accessible.'),
    ).toBeInTheDocument();
    expect(
      within(viewer).getByText(
        'You can still view and analyze the metadata and elements data using the tables below.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('File Not Found')).toBeInTheDocument();

    // The session ended meanwhile: Try Again says so.
    answer = () => apiError(401, 'unauthenticated', 'Not signed in');
    await user.click(within(card).getByRole('button', { name: 'Try Again' }));
    expect(
      await within(viewer).findByText('Your session has expired. Please refresh the page and log in again.'),
    ).toBeInTheDocument();

    // The model is still being converted: the viewer says so and asks again by itself.
    const errorToasts = vi.spyOn(toast, 'error');
    answer = () => apiError(409, 'fragments_not_ready', 'The model is being prepared');
    await user.click(within(viewer).getByRole('button', { name: 'Try Again' }));
    expect(
      await within(viewer).findByText(
        'The file is still being processed or has no viewable 3D geometry; try again in a few minutes.',
      ),
    ).toBeInTheDocument();
    expect(within(viewer).getByText('Checking again automatically…')).toBeInTheDocument();
    expect(await screen.findByText('Model Not Ready')).toBeInTheDocument();
    // One toast, not one per retry: two automatic retries (every 5 s) add none.
    const answeredBefore = fragmentAnswers;
    for (const retry of [1, 2]) {
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(fragmentAnswers).toBe(answeredBefore + retry));
      await waitFor(() =>
        expect(within(viewer).getByText('Checking again automatically…')).toBeInTheDocument(),
      );
    }
    expect(raised(errorToasts, 'Model Not Ready')).toBe(1);

    // Converted at last: the next automatic retry loads it, and the card goes.
    answer = () => new Response(new ArrayBuffer(8), { status: 200 });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(viewer).toHaveAttribute('data-viewer-state', 'ready'));
    expect(within(viewer).queryByRole('alert')).toBeNull();

    // A GlobalId conversion that fails is a 'Highlight Error' toast with the server's words.
    await user.click(screen.getByRole('button', { name: 'Show the wall' }));
    expect(await screen.findByText('Highlight Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to convert GUIDs: The element index is unavailable')).toBeInTheDocument();
  });

  it('words a failed model in the IDS compliance viewer as "Failed to load model"', async () => {
    mockApi({
      [FRAGMENTS]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithApp(<ComplianceViewer {...IDS} />);
    const viewer = screen.getByRole('region', { name: 'IDS compliance 3D viewer' });
    const card = await within(viewer).findByRole('alert');
    expect(within(card).getByRole('heading', { name: '3D Viewer Unavailable' })).toBeInTheDocument();
    expect(
      within(card).getByText(
        /^Failed to load model: Failed to load BIM model\. This may happen .* Error: Unable to reach the server\./,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Model Load Error')).toBeInTheDocument();
  });
});
