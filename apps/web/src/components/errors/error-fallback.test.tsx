// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { renderWithApp } from '@/lib/testing/render';
import { ErrorFallback } from './error-fallback';

afterEach(() => switchLocale('en'));

describe('ErrorFallback', () => {
  it("names the API variant's failure and its way out when the error has no message", async () => {
    const onReset = vi.fn();
    const { user } = renderWithApp(<ErrorFallback error={new Error('')} variant="api" onReset={onReset} />);
    expect(await screen.findByRole('heading', { name: 'API Error' })).toBeVisible();
    expect(screen.getByText('The server could not complete the request.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('keeps the error message and offers Try again and Refresh for the generic variant', async () => {
    renderWithApp(<ErrorFallback error={new Error('Chart data unreadable')} onReset={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByText('Chart data unreadable')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeVisible();
  });

  it('speaks the page language (German)', async () => {
    await switchLocale('de');
    renderWithApp(<ErrorFallback error={new Error('')} variant="form" onReset={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Formularfehler' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Zurücksetzen' })).toBeVisible();
    expect(screen.queryByText('Form Error')).not.toBeInTheDocument();
  });
});
