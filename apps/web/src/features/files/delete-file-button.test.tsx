// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { DeleteFileButton } from './delete-file-button';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const FILE = '00000000-0000-4000-8000-000000000002';

function renderButton(mode: 'live' | 'demo' = 'live') {
  return renderWithApp(
    <DeleteFileButton
      projectId={PROJECT}
      fileId={FILE}
      fileName="tower.ifc"
      kind="bim"
      blockedReason={undefined}
    />,
    { mode },
  );
}

describe('DeleteFileButton', () => {
  it('asks first, then deletes the model by its route and says so', async () => {
    const calls = mockApi({ [`DELETE /projects/${PROJECT}/bimfiles/${FILE}`]: { status: 204 } });
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Delete tower.ifc' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete tower.ifc?' });
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('tower.ifc was deleted.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE /projects/${PROJECT}/bimfiles/${FILE}`,
    ]);
  });

  it('is refused in the demo without a request (decision 0061)', async () => {
    const calls = mockApi({});
    const { user } = renderButton('demo');
    await user.click(screen.getByRole('button', { name: 'Delete tower.ifc' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Demo data cannot be modified.')).toBeVisible();
    expect(calls).toEqual([]);
  });
});
