// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chooseLocale } from '@/lib/i18n/locale';
import { withOpeningHeading } from '../../build/route-html';

const web = join(dirname(fileURLToPath(import.meta.url)), '../..');
const script = readFileSync(join(web, 'public/shell-language.js'), 'utf8');
const indexHtml = readFileSync(join(web, 'index.html'), 'utf8');
/** The `app` catalogue as written (read as text: the test setup compiles imported catalogues). */
const app = (locale: string) =>
  JSON.parse(
    readFileSync(join(web, `src/messages/app/${locale === 'en-XA' ? 'en' : locale}.json`), 'utf8'),
  ) as Record<string, string>;

interface Visit {
  search: string;
  cookie: string;
  languages: string[];
}

/** Runs the classic script over a page's static shell as the browser would, before any module. */
function paint(html: string, visit: Visit) {
  const root = /<div id="root">[\s\S]*?<\/div>\s*<!-- \/root -->/.exec(html)?.[0] ?? '';
  document.body.innerHTML = root;
  const fakeDocument = {
    cookie: visit.cookie,
    documentElement: { lang: 'en' },
    querySelector: (selector: string) => document.querySelector(selector),
  };
  new Function('location', 'document', 'navigator', script)({ search: visit.search }, fakeDocument, {
    languages: visit.languages,
    language: visit.languages[0],
  });
  const heading = document.querySelector('[data-loading-heading]');
  return {
    lang: fakeDocument.documentElement.lang,
    loading: document.querySelector('[role="status"]')?.textContent,
    title: heading?.children[0]?.textContent,
    description: heading?.children[1]?.textContent,
  };
}

const VISITS: Visit[] = [
  { search: '', cookie: '', languages: ['de-DE', 'en'] },
  { search: '', cookie: '', languages: ['fr-BE'] },
  { search: '', cookie: '', languages: ['it', 'nl-NL'] },
  { search: '', cookie: '', languages: ['es'] },
  { search: '', cookie: 'a=1; plumbline_locale=nl', languages: ['de'] },
  { search: '?lang=fr', cookie: 'plumbline_locale=de', languages: ['nl'] },
  { search: '?lang=xx', cookie: 'plumbline_locale=de', languages: ['nl'] },
  { search: '?lang=en-XA', cookie: '', languages: ['de'] },
  { search: '?tab=overview', cookie: 'plumbline_locale=en', languages: ['fr'] },
];

describe("the static loading shell in the page's language (before the app's code runs)", () => {
  it.each(VISITS)(
    'chooses the language as lib/i18n/locale.ts does and words it as the app catalogue: %o',
    (visit) => {
      const locale = chooseLocale({ search: visit.search, cookie: visit.cookie, languages: visit.languages });
      const words = app(locale);
      expect(paint(indexHtml, visit)).toEqual({
        lang: locale,
        loading: words['app.loading'],
        title: undefined,
        description: undefined,
      });
      // dashboard.html and demo.html name the Overview in the shell.
      expect(paint(withOpeningHeading(indexHtml), visit)).toEqual({
        lang: locale,
        loading: words['app.loading'],
        title: words['app.overview.title'],
        description: words['app.overview.description'],
      });
    },
  );

  it('is loaded by index.html right after the shell, before any module', () => {
    expect(indexHtml).toMatch(/<!-- \/root -->\s*<script src="\/shell-language.js"><\/script>/);
  });
});
