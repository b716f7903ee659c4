import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bundleBudget } from './build/bundle-budget';
import { firstViewChunkGroups } from './build/first-view-chunks';
import { icuCatalogues, icuParserFree } from './build/icu-catalogues';
import { precompress } from './build/precompress';
import { routeHtml } from './build/route-html';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
// The 3D viewer (features/viewer): the fragments worker ships as a file of our build (minified
// copy, see fragmentsWorkerUrl below), and web-ifc, which fragments imports only for IFC conversion (done on the server), is
// replaced by an empty module: the viewer bundle drops from 669 to 288 KB gzip (decision 0111).
const fragmentsDist = dirname(createRequire(import.meta.url).resolve('@thatopen/fragments'));
const fragmentsWorker = join(fragmentsDist, 'Worker', 'worker.min.mjs');
const webIfcStub = fileURLToPath(new URL('./src/features/viewer/engine/web-ifc-stub.cjs', import.meta.url));
// react-router's package exports name only its development build (the same code with its developer
// warnings on, run on every render); a production build takes the production one (decision 0176).
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router')), '..');
const reactRouterProduction = (file: string) => join(reactRouterDist, 'production', file);

/**
 * `virtual:fragments-worker-url`: the URL of the fragments worker. The build emits it as an asset of
 * ours; the dev server serves the file from node_modules. Never the CDN FragmentsModels defaults to.
 */
function fragmentsWorkerUrl(): Plugin {
  const id = '\0fragments-worker-url';
  let serving = false;
  return {
    name: 'plumbline-fragments-worker-url',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId: (source) => (source === 'virtual:fragments-worker-url' ? id : undefined),
    load(loaded) {
      if (loaded !== id) return undefined;
      if (serving) return `export default ${JSON.stringify(`/@fs${fragmentsWorker}`)};`;
      const ref = this.emitFile({
        type: 'asset',
        name: 'fragments-worker.mjs',
        source: readFileSync(fragmentsWorker),
      });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

// The API server listens on 3000 in development; the browser talks to it through this proxy so the
// session cookie stays first-party (same origin), exactly as in production where the server serves dist/.
const apiTarget = process.env.PLUMBLINE_API_URL ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  // precompress: .br and .gz beside each asset, sent by the server to browsers that take them.
  // routeHtml: /dashboard and /demo get an index.html that also preloads their route's chunk.
  // bundleBudget: the build fails when a first view's JavaScript outgrows its budget (issue 21).
  // icuCatalogues: message catalogues reach the browser compiled, without the ICU parser (decision 0230).
  plugins: [
    icuCatalogues(),
    react(),
    tailwindcss(),
    fragmentsWorkerUrl(),
    routeHtml(),
    precompress(outDir),
    bundleBudget(),
  ],
  resolve: {
    // @plumbline/contracts is a source package: use its TypeScript directly.
    conditions: ['source'],
    alias: [
      { find: '@', replacement: srcDir },
      { find: /^web-ifc$/, replacement: webIfcStub },
      icuParserFree(),
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: { port: 4173, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  // 'hidden': maps are written for error tooling but never referenced from the bundle; the server refuses
  // to serve them (apps/server/src/platform/http/web-app.ts, decision 0167).
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Fewer, larger first-view files (decision 0176, build/first-view-chunks.ts).
        codeSplitting: {
          groups: firstViewChunkGroups({
            entry: join(srcDir, 'main.tsx'),
            app: join(srcDir, 'app/boot.tsx'),
            dashboard: [
              'app/dashboard-page.tsx',
              'app/demo-page.tsx',
              'features/overview/overview-tab.tsx',
            ].map((file) => join(srcDir, file)),
            signIn: join(srcDir, 'features/auth/sign-in-pages.ts'),
          }),
        },
      },
    },
  },
}));
