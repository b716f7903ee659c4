// Zod's compiled parsers probe for eval with new Function when a schema is built, which the Content
// Security Policy forbids (script-src has no 'unsafe-eval', decision 0155). Zod reads this global
// config when it loads; a classic script runs before every module chunk, however the bundler orders
// them (a schema built in a shared chunk ran before an import-time z.config call in the entry).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
