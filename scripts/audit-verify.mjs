// `npm run audit:verify`: checks the audit trail's hash chain in this installation's database
// (DATABASE_URL, or the embedded one in DATA_DIR). Built by `npm run build` (or `npm start` once) into
// apps/server/dist/audit-verify.js. Exit code 0: the chain holds; 1: broken (the first bad entry is
// printed); 2: the check could not run.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { runUnderSupportedNode } from './node-runtime.mjs';

await runUnderSupportedNode(import.meta.url);

const entry = join(dirname(fileURLToPath(import.meta.url)), '../apps/server/dist/audit-verify.js');
if (!existsSync(entry)) {
  console.error('The server is not built yet: run `npm run build` (or `npm start` once) first.');
  process.exit(2);
}
const { main } = await import(pathToFileURL(entry).href);
await main();
