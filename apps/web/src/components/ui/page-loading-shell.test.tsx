// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fitStaticShell } from '@/app/static-shell';
import { OVERVIEW_HEADING } from '@/lib/dashboard-tabs';
import { withOpeningHeading } from '../../../build/route-html';
import { PageLoading } from './page-loading';

// A path, not a URL: happy-dom replaces the global URL.
const indexHtml = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../index.html'), 'utf8');

/** The markup inside a page's `<div id="root">`, drawn by the browser before any script has run. */
function staticShell(html: string): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<!-- \/root -->/.exec(html);
  if (!match?.[1]) throw new Error('the page has no static shell in #root');
  return match[1].trim();
}

describe('the static loading shell in index.html (issue 21: first paint before the scripts)', () => {
  it('is exactly what PageLoading renders, so React replaces it with the same page', () => {
    expect(staticShell(indexHtml)).toBe(renderToStaticMarkup(<PageLoading />));
  });

  it("on dashboard.html and demo.html names the Overview, exactly as PageLoading does with the Overview's heading", () => {
    const shell = staticShell(withOpeningHeading(indexHtml));
    expect(shell).toBe(renderToStaticMarkup(<PageLoading heading={OVERVIEW_HEADING} />));
    expect(shell).toContain('Compliance of your project&#x27;s models against its IDS rules.');
  });

  it('keeps the heading when the page opens on the Overview, and shows the plain loading page when it opens elsewhere', () => {
    const root = document.createElement('div');
    root.innerHTML = staticShell(withOpeningHeading(indexHtml));
    // Both sides as the browser serialises them (it writes the apostrophe React escapes as is).
    const serialised = (markup: string) => {
      const element = document.createElement('div');
      element.innerHTML = markup;
      return element.innerHTML;
    };
    fitStaticShell(root, '/demo', '');
    expect(root.innerHTML).toBe(serialised(renderToStaticMarkup(<PageLoading heading={OVERVIEW_HEADING} />)));
    fitStaticShell(root, '/demo', '?tab=projects');
    expect(root.innerHTML).toBe(serialised(renderToStaticMarkup(<PageLoading />)));
  });
});
