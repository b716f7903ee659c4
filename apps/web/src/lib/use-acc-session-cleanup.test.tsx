// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { markAccHandOver } from './acc';
import { type ApiCall, mockApi } from './testing/fetch-mock';
import { renderWithApp } from './testing/render';
import { useAccSessionCleanup } from './use-acc-session-cleanup';

// Spec 1 §4 ACC session context: clean-up on navigation away from the import, on an error, on page unload.
const SESSION = 'stored-session-0123456789abcdef';

function store() {
  window.sessionStorage.setItem('oauth_session_id', SESSION);
  window.sessionStorage.setItem('oauth_flow_timestamp', String(Date.now()));
  window.sessionStorage.setItem('oauth_flow_context', 'project_creation');
}

const deletes = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'DELETE' && c.path === `/acc/sessions/${SESSION}`);

function Navigator() {
  useAccSessionCleanup();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/dashboard?tab=files')}>
        Files tab
      </button>
      <button type="button" onClick={() => navigate('/subscription/plans')}>
        Plans
      </button>
      <button type="button" onClick={() => navigate('/profile')}>
        Profile
      </button>
    </>
  );
}

describe('ACC session clean-up (spec 1 §4)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('keeps the session within the import and its way back, and cleans it up on leaving for another page', async () => {
    store();
    const calls = mockApi({ [`DELETE /acc/sessions/${SESSION}`]: { status: 204 } });
    const { user } = renderWithApp(<Navigator />, { route: '/dashboard?createProject=true' });
    await user.click(screen.getByRole('button', { name: 'Files tab' }));
    await user.click(screen.getByRole('button', { name: 'Plans' }));
    expect(deletes(calls)).toHaveLength(0);
    expect(window.sessionStorage.getItem('oauth_session_id')).toBe(SESSION);

    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await waitFor(() => expect(deletes(calls)).toHaveLength(1));
    expect(window.sessionStorage.getItem('oauth_session_id')).toBeNull();
    expect(window.sessionStorage.getItem('oauth_flow_context')).toBeNull();
  });

  it('cleans the session up on page unload, but not when the page leaves for Autodesk or Stripe and comes back', async () => {
    store();
    const calls = mockApi({ [`DELETE /acc/sessions/${SESSION}`]: { status: 204 } });
    renderWithApp(<Navigator />, { route: '/dashboard' });
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(deletes(calls)).toHaveLength(1));
    expect(window.sessionStorage.getItem('oauth_session_id')).toBeNull();

    // Last: the hand-over mark lasts for the page's life.
    store();
    markAccHandOver();
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('beforeunload'));
    expect(deletes(calls)).toHaveLength(1);
    expect(window.sessionStorage.getItem('oauth_session_id')).toBe(SESSION);
  });
});
