// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/lib/testing/render';
import { AccIntegrationPage } from './acc-integration-page';

// Issue 12 acceptance 5: the ACC help page explains the set-up. Its content is one screen's detail (moved
// here from e2e/acc.e2e.test.ts); that the Connect step opens it in a new tab (its link's target and
// address) stays in e2e (harness/acc.ts connectToAcc), and the served page is audited in
// e2e/accessibility.e2e.test.ts.
describe('the ACC help page', () => {
  it('explains the set-up: the callback path, the settings to give the server, the scopes asked for', () => {
    renderWithApp(<AccIntegrationPage />, { route: '/help/acc-integration' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Autodesk Construction Cloud integration' }),
    ).toBeTruthy();
    const code = screen.getAllByText((_, element) => element?.tagName === 'CODE').map((el) => el.textContent);
    expect(code).toContain('/api/v1/acc/callback');
    expect(code).toContain('APS_CLIENT_ID');
    expect(code).toContain('data:read');
  });
});
