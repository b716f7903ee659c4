import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
// The 3D viewer (features/viewer): the fragments worker ships as a file of our build (minified
// copy), and web-ifc, which fragments imports only for IFC conversion (done on the server), is
// replaced by an empty module: the viewer bundle drops from 669 to 288 KB gzip (decision 0111).
const fragmentsDist = dirname(createRequire(import.meta.url).resolve('@thatopen/fragments'));
const fragmentsWorker = join(fragmentsDist, 'Worker', 'worker.min.mjs');
const webIfcStub = fileURLToPath(new URL('./src/features/viewer/engine/web-ifc-stub.ts', import.meta.url));

// The API server listens on 3000 in development; the browser talks to it through this proxy so the
// session cookie stays first-party (same origin), exactly as in production where the server serves dist/.
const apiTarget = process.env.PLUMBLINE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // @plumbline/contracts is a source package: use its TypeScript directly.
    conditions: ['source'],
    alias: [
      { find: '@', replacement: srcDir },
      { find: /^web-ifc$/, replacement: webIfcStub },
      { find: /^@thatopen\/fragments\/worker(?=$|\?)/, replacement: fragmentsWorker },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: { port: 4173, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: { outDir, emptyOutDir: true, sourcemap: true },
});
