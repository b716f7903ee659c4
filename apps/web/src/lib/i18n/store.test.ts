import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatPercent } from '../format';
import { currentLocale, loadNamespaces, switchLocale, t } from './store';

// The test setup loaded every namespace in English (test-setup.ts); these switch and switch back.
describe('the page language', () => {
  afterAll(() => switchLocale('en'));

  it('renders in the language switched to, with its catalogue loaded first', async () => {
    expect(t('app.signIn.submit')).toBe('Sign in');
    await switchLocale('de');
    expect(currentLocale()).toBe('de');
    expect(t('app.signIn.submit')).toBe('Anmelden');
    expect(t('error.not_found')).toBe('Nicht gefunden');
    expect(t('error.refresh_cooldown', { hours: 1 })).toBe(
      'Das Projekt kann in 1 Stunde aktualisiert werden',
    );
  });

  it('formats numbers, percentages and dates for the language (Intl, not ours)', async () => {
    await switchLocale('fr');
    expect(formatNumber(12345.5)).toBe(new Intl.NumberFormat('fr-FR').format(12345.5));
    expect(formatPercent(87.5, 1)).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 }).format(0.875),
    );
    expect(formatDate('2026-11-22T06:14:58Z')).toBe(
      new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric' }).format(
        new Date('2026-11-22T06:14:58Z'),
      ),
    );
  });

  it('has a pseudo-locale: English accented, bracketed and 40 % longer', async () => {
    await loadNamespaces('en-XA', ['app']);
    await switchLocale('en-XA');
    const shown = t('app.signIn.submit');
    expect(shown).toBe('[Šíĝñ íñ···]');
    expect(t('app.signUp.checkEmailSubtitle', { email: 'ada@x.io' })).toMatch(
      /^\[Ŵé šéñţ á ɱéššáĝé ţó ada@x\.io\.·+\]$/,
    );
  });
});
