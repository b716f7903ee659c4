// @vitest-environment happy-dom
import type { IdsFile } from '@plumbline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { IdsRevisions } from '../projects/files/ids-revisions';
import { UploadArea } from './upload-area';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const CURRENT = '00000000-0000-4000-8000-000000000012';
const OLD = '00000000-0000-4000-8000-000000000011';

function idsFile(id: string, revision: number, superseded: string | null): IdsFile {
  return {
    id,
    name: 'rules.ids',
    title: 'Wall rules',
    is_active: superseded === null,
    lineage_id: OLD,
    revision,
    revisions_count: 2,
    superseded_at: superseded,
    size_bytes: 1200,
    sha256: 'a'.repeat(64),
    specifications_count: 2,
    created_at: '2026-12-01T10:00:00.000Z',
    updated_at: '2026-12-01T10:00:00.000Z',
  };
}

/** An XMLHttpRequest stand-in that answers each upload with `answer(target)` and records it. */
function answeringUploads(answer: (target: string) => { status: number; body: unknown }): string[] {
  const sent: string[] = [];
  class AnsweringUpload {
    upload: { onprogress?: unknown } = {};
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    onload: (() => void) | null = null;
    private target = '';
    open(method: string, url: string) {
      this.target = `${method} ${url.replace(/^\/api\/v1/, '')}`;
    }
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      const file = body.get('file');
      sent.push(`${this.target} ${file instanceof File ? file.name : ''}`);
      const { status, body: json } = answer(this.target);
      this.status = status;
      this.responseText = JSON.stringify(json);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', AnsweringUpload);
  return sent;
}

describe('IDS revisions', () => {
  it('lists a file’s revisions when opened, the current one first', async () => {
    const calls = mockApi({
      [`GET /projects/${PROJECT}/idsfiles/${CURRENT}/revisions`]: {
        body: { revisions: [idsFile(CURRENT, 2, null), idsFile(OLD, 1, '2026-12-02T08:00:00.000Z')] },
      },
    });
    const { user } = renderWithApp(<IdsRevisions projectId={PROJECT} file={idsFile(CURRENT, 2, null)} />);
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Revisions (2)' }));
    const list = await screen.findByRole('list', { name: 'Revisions of rules.ids' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Revision 2.*current$/),
      expect.stringMatching(/^Revision 1.*replaced /),
    ]);
  });

  it('asks whether an upload that looks like a new revision replaces the file, and replaces it', async () => {
    mockApi({ [`GET /projects/${PROJECT}/idsfiles`]: { body: { ids_files: [] } } });
    const sent = answeringUploads((target) =>
      target.includes('on_match=ask')
        ? {
            status: 409,
            body: {
              error: {
                code: 'ids_revision_suggested',
                message: 'This looks like a new revision of Wall rules — replace it?',
                fields: { ids_file_id: CURRENT, name: 'rules.ids', title: 'Wall rules' },
              },
            },
          }
        : { status: 201, body: { ids_file: idsFile('00000000-0000-4000-8000-000000000013', 3, null) } },
    );
    const { user } = renderWithApp(
      <UploadArea title="IDS files" projectId={PROJECT} kind="ids" blockedReason={undefined} />,
    );
    await user.upload(screen.getByLabelText('Choose IDS files'), new File(['<ids/>'], 'rules.ids'));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'This looks like a new revision of Wall rules — replace it?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Replace Wall rules' }));
    expect(await screen.findByText('rules.ids uploaded as a new revision')).toBeVisible();
    await waitFor(() =>
      expect(sent).toEqual([
        `POST /projects/${PROJECT}/idsfiles?on_match=ask rules.ids`,
        `POST /projects/${PROJECT}/idsfiles/${CURRENT}/revisions rules.ids`,
      ]),
    );
  });
});
