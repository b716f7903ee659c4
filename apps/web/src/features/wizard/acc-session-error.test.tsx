// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { CreateProjectWizard } from './create-project-wizard';

// Spec 1 §4 ACC session context: an error about the session cleans it up, on the server too.
const SESSION = 'stored-session-0123456789abcdef';

function store() {
  window.sessionStorage.setItem('oauth_session_id', SESSION);
  window.sessionStorage.setItem('oauth_flow_timestamp', String(Date.now()));
  window.sessionStorage.setItem('oauth_flow_context', 'project_creation');
}

const deletes = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'DELETE' && c.path === `/acc/sessions/${SESSION}`);

describe('the wizard and the ACC session clean-up (spec 1 §4)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('cleans the session up when the wizard meets an error about it (the server no longer knows it)', async () => {
    store();
    const calls = mockApi({
      'GET /billing/config': {
        body: { enabled: false, provider: 'ledger', testMode: true, currencies: ['EUR'] },
      },
      'GET /acc/config': { body: { enabled: true } },
      [`GET /acc/sessions/${SESSION}`]: {
        body: { session_id: SESSION, status: 'valid', connected_at: null, expires_at: null },
      },
      'GET /acc/hubs': {
        status: 401,
        body: { error: { code: 'session_not_found', message: 'Authentication session not found.' } },
      },
      [`DELETE /acc/sessions/${SESSION}`]: { status: 204 },
    });
    const { user } = renderWithApp(<CreateProjectWizard user={{ email: 'a@example.com', fullName: 'A' }} />, {
      route: '/dashboard?createProject=true&step=connect_acc',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await user.click(await within(dialog).findByRole('button', { name: 'Continue with Current Session' }));
    await waitFor(() => expect(deletes(calls)).toHaveLength(1));
    expect(window.sessionStorage.getItem('oauth_session_id')).toBeNull();
    expect(await within(dialog).findByRole('button', { name: 'Connect to Autodesk ACC' })).toBeVisible();
  });
});
