// `npm run worker`: the job workers as their own process (WORKER_MODE=none on the API servers;
// docs/scaling.md). Built by `npm run build` (or `npm start`) into apps/server/dist/worker.js.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { runUnderSupportedNode } from './node-runtime.mjs';

// Node 22 LTS or newer, as for `npm start`; on an older Node this runs again under Node 22 from .node/.
await runUnderSupportedNode(import.meta.url);

const entry = join(dirname(fileURLToPath(import.meta.url)), '../apps/server/dist/worker.js');
if (!existsSync(entry)) {
  console.error('The worker is not built yet: run `npm run build` (or `npm start` once) first.');
  process.exit(1);
}
await import(pathToFileURL(entry).href);
