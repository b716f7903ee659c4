import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageLoading } from './page-loading';

/** The markup inside index.html's `<div id="root">`, drawn by the browser before any script has run. */
function staticShell(): string {
  const html = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<!-- \/root -->/.exec(html);
  if (!match?.[1]) throw new Error('index.html has no static shell in #root');
  return match[1].trim();
}

describe('the static loading shell in index.html (issue 21: first paint before the scripts)', () => {
  it('is exactly what PageLoading renders, so React replaces it with the same page', () => {
    expect(staticShell()).toBe(renderToStaticMarkup(<PageLoading />));
  });
});
