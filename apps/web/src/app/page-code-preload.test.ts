// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { withModulePreloads } from '../../build/route-html';
import { preloadPageCode } from './page-code-preload';

describe('the page code preloaded after the first paint (issue 21)', () => {
  it('preloads, as modules, exactly the files the build named in the page', () => {
    const html = withModulePreloads('<html><head><title>x</title></head><body></body></html>', [
      'assets/app-1.js',
      'assets/dashboard-2.js',
    ]);
    // Nothing is fetched before the entry asks: the head has no preload link of its own.
    expect(html).not.toContain('rel="modulepreload"');
    document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
    // The files, in the build's order, for the entry to run one per task.
    expect(preloadPageCode(document)).toEqual(['/assets/app-1.js', '/assets/dashboard-2.js']);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href')])).toEqual([
      ['modulepreload', '/assets/app-1.js'],
      ['modulepreload', '/assets/dashboard-2.js'],
    ]);
  });
});
