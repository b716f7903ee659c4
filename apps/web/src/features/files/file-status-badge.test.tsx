// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { renderWithApp } from '@/lib/testing/render';
import { FileStatusBadge } from './file-status-badge';

afterEach(() => switchLocale('en'));

// Issue 31: a failed version's reason is rendered from its code in the page's language, whatever
// language the server worded `error` in; its detail (the IFC reader's own text) stays as it is.
describe('FileStatusBadge of a failed version', () => {
  const failure = { code: 'unreadable' as const, params: { detail: 'line 2: expected HEADER;' } };

  it.each([
    ['en', 'The file could not be read as IFC: line 2: expected HEADER;'],
    ['de', 'Die Datei konnte nicht als IFC gelesen werden: line 2: expected HEADER;'],
    // The no-break space before the colon reads as a space here (Testing Library collapses white space).
    ['fr', "Le fichier n'a pas pu être lu comme IFC : line 2: expected HEADER;"],
    ['nl', 'Het bestand kon niet als IFC worden gelezen: line 2: expected HEADER;'],
  ] as const)('%s', async (locale, reason) => {
    await switchLocale(locale);
    renderWithApp(
      <FileStatusBadge
        status="failed"
        failure={failure}
        error="as the server worded it"
        rechecking={false}
      />,
    );
    expect(await screen.findByText(reason)).toBeVisible();
    expect(screen.queryByText('as the server worded it')).toBeNull();
  });

  it("shows the server's words when it sent no code", async () => {
    renderWithApp(
      <FileStatusBadge status="failed" error="Processing failed: disk full" rechecking={false} />,
    );
    expect(await screen.findByText('Processing failed: disk full')).toBeVisible();
  });
});
