// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale, useT } from '@/lib/i18n';
import { renderWithApp } from '@/lib/testing/render';
import { useModelViewer } from './use-model-viewer';

/** What the stand-in engine was asked: each viewer made, and each name its canvas was given. */
const made = vi.hoisted(() => ({ viewers: 0, names: [] as Array<[string, string]> }));

vi.mock('./engine/model-viewer', () => ({
  ModelViewer: class {
    constructor(options: { label: string; roleDescription: string }) {
      made.viewers += 1;
      made.names.push([options.label, options.roleDescription]);
    }
    load = async () => {};
    elementIds = async () => [1];
    setAccessibleName(label: string, roleDescription: string) {
      made.names.push([label, roleDescription]);
    }
    dispose() {}
  },
}));
vi.mock('./engine/worker-url', () => ({ fragmentsWorkerUrl: '/worker.js' }));
vi.mock('./queries', () => ({ fetchFragments: async () => new ArrayBuffer(8) }));

function Viewer() {
  const t = useT('viewer');
  const { containerRef, state } = useModelViewer({
    projectId: '00000000-0000-4000-8000-000000000001',
    fileId: '00000000-0000-4000-8000-000000000002',
    versionId: '00000000-0000-4000-8000-000000000003',
    label: t('viewer.canvas.model'),
  });
  return (
    <div ref={containerRef} data-state={state.status}>
      {state.status}
    </div>
  );
}

afterEach(() => switchLocale('en'));

describe('the viewer canvas name', () => {
  it('follows a language switch without loading the model again', async () => {
    renderWithApp(<Viewer />);
    expect(await screen.findByText('ready')).toBeVisible();
    expect(made.viewers).toBe(1);
    expect(made.names.at(-1)).toEqual(['3D model', '3D model viewer']);

    await act(() => switchLocale('de'));
    expect(made.names.at(-1)).toEqual(['3D-Modell', '3D-Modellbetrachter']);
    expect(made.viewers).toBe(1);
    expect(screen.getByText('ready')).toBeVisible();
  });
});
