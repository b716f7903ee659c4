// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { renderWithApp } from '@/lib/testing/render';
import { ProcessingNotice } from './processing-notice';

afterEach(() => switchLocale('en'));

// Issue 31: the Overview's words in the page's language, counts inside one sentence per language.
describe('ProcessingNotice in each language', () => {
  const processing = { total_files: 3, settled_files: 1, rechecking: false };

  it.each([
    ['en', 'Your models are being processed', '1 of 3 models processed.'],
    ['de', 'Ihre Modelle werden verarbeitet', '1 von 3 Modellen verarbeitet.'],
    ['fr', 'Vos maquettes sont en cours de traitement', '1 maquette traitée sur 3.'],
    ['nl', 'Uw modellen worden verwerkt', '1 van 3 modellen verwerkt.'],
  ] as const)('%s', async (locale, title, count) => {
    await switchLocale(locale);
    renderWithApp(<ProcessingNotice processing={processing} demo={false} />);
    expect(await screen.findByText(title)).toBeVisible();
    expect(screen.getByText(new RegExp(`^${count.replace('.', '\\.')}`))).toBeVisible();
  });
});
