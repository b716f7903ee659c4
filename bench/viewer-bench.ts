/**
 * `npm run bench:viewer`: how a big model opens in the web viewer. Generates a synthetic IFC (or
 * takes --ifc / --frag), converts it with the server's converter, builds a page around the app's
 * own viewer engine, and drives headless Chromium (software WebGL): load time, then frame rate
 * while orbiting. Figures, not pass/fail (decision 0113).
 *
 *   npm run bench:viewer -- [--mb 105] [--ifc model.ifc | --frag model.frag] [--seconds 5]
 *                          [--width 1280 --height 800]
 */

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateIfc } from '@plumbline/ifc-gen';
import { chromium } from 'playwright-core';
import { convertIfcToFragments } from '../apps/server/src/modules/viewer/fragments-converter';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'out');
const require = createRequire(import.meta.url);

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '105' },
    ifc: { type: 'string' },
    frag: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
    /** fragments' graphicsQuality (0 low … 1 high); the viewer's default when absent. */
    quality: { type: 'string' },
  },
});

async function fragmentsFile(): Promise<string> {
  if (values.frag) return values.frag;
  mkdirSync(out, { recursive: true });
  let ifc = values.ifc;
  if (!ifc) {
    ifc = join(out, `viewer-${values.mb}mb.ifc`);
    if (!existsSync(ifc)) {
      const summary = await generateIfc({ targetBytes: Number(values.mb) * 1_000_000, out: ifc, seed: 1 });
      console.log(`generated ${ifc}: ${summary.elements.toLocaleString('en')} elements`);
    }
  }
  const frag = ifc.replace(/\.ifc$/i, '.frag');
  if (!existsSync(frag)) {
    const started = performance.now();
    const bytes = await convertIfcToFragments(new Uint8Array(readFileSync(ifc)), 'bench');
    writeFileSync(frag, bytes);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `converted ${(statSync(ifc).size / 1e6).toFixed(1)} MB IFC -> ${(bytes.length / 1e6).toFixed(1)} MB .frag in ${seconds.toFixed(1)} s`,
    );
  }
  return frag;
}

/** Builds viewer-page/ with the web app's Vite (apps/web owns the dependency). */
function buildPage(): string {
  const webRequire = createRequire(join(here, '../apps/web/package.json'));
  const viteBin = join(dirname(webRequire.resolve('vite/package.json')), 'bin', 'vite.js');
  const built = spawnSync(
    process.execPath,
    [viteBin, 'build', '--config', join(here, 'viewer-page', 'vite.config.mjs')],
    {
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('building the benchmark page failed');
  const dir = join(out, 'viewer-page');
  const worker = join(dirname(require.resolve('@thatopen/fragments')), 'Worker', 'worker.min.mjs');
  copyFileSync(worker, join(dir, 'fragments-worker.mjs'));
  return dir;
}

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.frag': 'application/octet-stream',
};

async function main(): Promise<void> {
  const frag = await fragmentsFile();
  const pageDir = buildPage();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path === '/model.frag' ? frag : join(pageDir, path === '/' ? 'index.html' : path);
    if (!existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({
    executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: Number(values.width), height: Number(values.height) },
    });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(`http://127.0.0.1:${port}/`);
    const quality = values.quality === undefined ? undefined : Number(values.quality);
    const load = await page.evaluate(
      (q) =>
        (globalThis as never as { bench: { load(u: string, q?: number): Promise<object> } }).bench.load(
          '/model.frag',
          q,
        ),
      quality,
    );
    console.log('load', JSON.stringify(load));
    const seconds = Number(values.seconds);
    const orbit = await page.evaluate(
      (s) => (globalThis as never as { bench: { orbit(s: number): Promise<object> } }).bench.orbit(s),
      seconds,
    );
    console.log('orbit', JSON.stringify(orbit));
    mkdirSync(out, { recursive: true });
    await page.screenshot({ path: join(out, 'viewer-bench.png') });
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
