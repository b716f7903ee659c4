import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OVERVIEW_HEADING } from '@/lib/dashboard-tabs';
import { withOpeningHeading } from '../../../build/route-html';
import { PageLoading } from './page-loading';

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
});
