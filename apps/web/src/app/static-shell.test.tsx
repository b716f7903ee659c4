// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '@/components/ui/page-loading';
import { OVERVIEW_HEADING } from '@/lib/dashboard-tabs';
import { withOpeningHeading } from '../../build/route-html';
import { fitStaticShell } from './static-shell';

// A path, not a URL: happy-dom replaces the global URL.
const indexHtml = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');

/** The markup inside a page's `<div id="root">`. */
function staticShell(html: string): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<!-- \/root -->/.exec(html);
  if (!match?.[1]) throw new Error('the page has no static shell in #root');
  return match[1].trim();
}

describe("dashboard.html's and demo.html's static shell (issue 21)", () => {
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
