#!/usr/bin/env node
// The `plumbline` command. The CLI itself is TypeScript (src/cli.ts), bundled by the root build
// (`npm run build`) into dist/cli.js together with the other @plumbline packages.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    'plumbline: the command line is not built yet; run `npm run build` first (from the repository root).\n',
  );
  process.exit(4);
}
const { main } = await import(cli.href);
await main();
