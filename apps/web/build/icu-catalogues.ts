import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileCatalogue, type SourceCatalogue } from '@plumbline/i18n/compile';
import type { Plugin } from 'vite';

/** A catalogue file: `<locale>.json` in a `messages` folder (docs/i18n.md). */
export const CATALOGUE_FILE = /[\\/]messages[\\/](?:[^\\/]+[\\/])?(?:en|de|fr|nl)\.json$/;

/**
 * Catalogues reach the browser compiled (decision 0230): each message's ICU syntax tree, or its text
 * when it has no arguments, so the browser never runs the ICU parser. The JSON stays JSON (Vite's own
 * JSON plugin makes the module), only its values change.
 */
export function icuCatalogues(): Plugin {
  return {
    name: 'plumbline-icu-catalogues',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (!CATALOGUE_FILE.test(file)) return undefined;
      const source = JSON.parse(readFileSync(file, 'utf8')) as SourceCatalogue;
      return JSON.stringify(compileCatalogue(source));
    },
  };
}

/**
 * FormatJS's formatter imports the ICU parser for messages given as text; ours are all compiled, so the
 * browser build takes the package's parser-free entry instead (2.5 kB brotli instead of 9.3 kB).
 */
export function icuParserFree() {
  const i18nRequire = createRequire(createRequire(import.meta.url).resolve('@plumbline/i18n/package.json'));
  const formatterRequire = createRequire(i18nRequire.resolve('intl-messageformat'));
  return {
    find: /^@formatjs\/icu-messageformat-parser$/,
    replacement: formatterRequire.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
  };
}
