// Build of the benchmark page (bench/viewer-bench.ts runs Vite with this config): the app's viewer
// engine with web-ifc stubbed out, as in apps/web/vite.config.ts.
import { fileURLToPath } from 'node:url';

export default {
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  resolve: {
    alias: [
      {
        find: /^web-ifc$/,
        replacement: fileURLToPath(
          new URL('../../apps/web/src/features/viewer/engine/web-ifc-stub.cjs', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('../out/viewer-page', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
};
