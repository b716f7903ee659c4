// @vitest-environment happy-dom
import type { Profile } from '@plumbline/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { LanguageCard } from './language-card';

const PROFILE: Profile = {
  full_name: 'Greta Gerber',
  email: 'greta@example.com',
  company: '',
  avatar_url: null,
  role: 'user',
  preferences: { job_title: '', emailNotifications: true, language: 'en' },
};

afterEach(() => switchLocale('en'));

describe('LanguageCard (issue 31: the profile language)', () => {
  it('shows the app in the chosen language at once and keeps it in the profile', async () => {
    const calls = mockApi({
      'PATCH /profile': ({ body }) => ({
        body: {
          profile: { ...PROFILE, preferences: { ...PROFILE.preferences, ...(body as Profile).preferences } },
        },
      }),
    });
    const onSaved = vi.fn();
    const { user } = renderWithApp(<LanguageCard onSaved={onSaved} />);
    expect(await screen.findByRole('heading', { name: 'Language' })).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');

    // The card's own words follow the switch; the choice is saved as the profile's language.
    expect(await screen.findByText('Sprache gespeichert')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Sprache' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(calls).toEqual([{ method: 'PATCH', path: '/profile', body: { preferences: { language: 'de' } } }]);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSaved.mock.calls[0]?.[0].preferences.language).toBe('de');
  });
});
