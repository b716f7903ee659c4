/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) on /login, /demo
 * and a signed-in dashboard of the built app, three runs each, medians printed (issue 21: performance
 * ≥ 90 with LCP ≤ 2.5 s and TBT ≤ 200 ms; accessibility). A benchmark, not a test: figures and
 * PASS/MISS against the targets, never a timed assertion (decision 0169).
 *
 *   npm run build && npm run bench:lighthouse -- [--runs 3] [--port 3795] [--json bench/out/lighthouse.json] [--lhr DIR] [--trace DIR] [--only login]
 *
 * Everything is local: the server on loopback with its own data directory, Chromium at
 * E2E_CHROMIUM_PATH or /usr/bin/chromium. Lighthouse is the current release, kept in its own tool
 * directory (bench/lighthouse, with its own lock file) and installed there on the first run: it asks for
 * a newer Node than the app's floor and brings a browser driver the app does not need (decision 0428).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startBuiltServer } from './lib/api-server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'bench', 'out');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3795' },
    json: { type: 'string' },
    /** A directory for each run's full Lighthouse report (opportunities, diagnostics, treemap data). */
    lhr: { type: 'string' },
    /** A directory for each run's trace (the main thread's tasks, which Lantern times four). */
    trace: { type: 'string' },
    /** Only the pages whose name contains this (login, demo, dashboard). */
    only: { type: 'string' },
  },
});
const runs = Number(values.runs);

/** bench/lighthouse's packages, exactly its lock file's, installed when missing or older than the lock. */
function lighthouseTool(): { require: NodeJS.Require; version: string } {
  const dir = join(root, 'bench', 'lighthouse');
  const marker = join(dir, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || statSync(join(dir, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs) {
    console.log('Installing Lighthouse into bench/lighthouse…');
    const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    if (npm.status !== 0) throw new Error('npm ci in bench/lighthouse failed');
  }
  const installed = join(dir, 'node_modules', 'lighthouse', 'package.json');
  const { version } = JSON.parse(readFileSync(installed, 'utf8')) as { version: string };
  return { require: createRequire(join(dir, 'package.json')), version };
}

interface LighthouseResult {
  artifacts?: { Trace?: unknown };
  lhr: {
    runtimeError?: { code: string; message: string };
    finalDisplayedUrl: string;
    audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
    categories: Record<string, { score: number | null } | undefined>;
  };
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<LighthouseResult | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

const tool = lighthouseTool();
const lighthouse = (await import(pathToFileURL(tool.require.resolve('lighthouse')).href))
  .default as Lighthouse;
const chromeLauncher = (await import(
  pathToFileURL(tool.require.resolve('chrome-launcher')).href
)) as ChromeLauncher;
console.log(`Lighthouse ${tool.version}, mobile preset`);

const TARGET = { performance: 90, lcpMs: 2500, tbtMs: 200, accessibility: 90 };

interface Sample {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  jsTransferBytes: number;
}

/** Lighthouse's own failure to record a run (its runtimeError), not a property of the page. */
class LighthouseRunError extends Error {}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** A signed-in session with one project, through the public API: its cookies (`name=value; …`). */
async function signedInCookie(baseUrl: string): Promise<string> {
  const account = {
    email: `lighthouse-${Date.now()}@example.com`,
    password: 'lighthouse-2026',
    fullName: 'Light House',
  };
  const signup = await fetch(`${baseUrl}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const project = await fetch(`${baseUrl}/api/v1/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'Lighthouse House' }),
  });
  if (!project.ok) throw new Error(`project failed: ${project.status} ${await project.text()}`);
  return cookie;
}

/**
 * Puts the session's cookies into the browser (Storage.setCookies over the DevTools protocol), as a
 * signed-in person's browser has them: the app reads the script-readable session hint from
 * `document.cookie`, which a Cookie request header alone would not fill. Lighthouse keeps cookies.
 */
async function setBrowserCookies(port: number, baseUrl: string, cookie: string): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const cookies = cookie.split('; ').map((pair) => {
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: baseUrl };
  });
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onerror = () => reject(new Error('DevTools socket failed'));
    socket.onopen = () =>
      socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }));
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (message.id !== 1) return;
      socket.close();
      if (message.error) reject(new Error(`Storage.setCookies: ${message.error.message}`));
      else resolve();
    };
  });
}

async function measure(
  url: string,
  port: number,
  cookie?: string,
  lhrFile?: string,
  traceFile?: string,
): Promise<Sample> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRunError(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  // A page that sent the visitor elsewhere (e.g. a lost session to /login) would be measured by mistake.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  if (lhrFile) {
    mkdirSync(dirname(lhrFile), { recursive: true });
    writeFileSync(lhrFile, JSON.stringify(lhr));
  }
  if (traceFile && result.artifacts?.Trace) {
    mkdirSync(dirname(traceFile), { recursive: true });
    writeFileSync(traceFile, JSON.stringify(result.artifacts.Trace));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items =
    (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] })
      ?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    jsTransferBytes: items.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
  };
}

/**
 * A run whose trace Lighthouse could not record (e.g. NO_NAVSTART, seen on a loaded machine) has no
 * figures: it is run again, up to twice, rather than counted as 0.
 */
async function measureWithRetry(
  url: string,
  port: number,
  cookie?: string,
  lhrFile?: string,
  traceFile?: string,
) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, port, cookie, lhrFile, traceFile);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof LighthouseRunError)) throw error;
      console.warn(`${url}: ${error.message}; running again`);
    }
  }
}

const server = await startBuiltServer({
  root,
  port: Number(values.port),
  dataDir: join(out, 'lighthouse-data'),
  logFile: join(out, 'lighthouse-server.log'),
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
const report: Record<string, { samples: Sample[]; median: Sample }> = {};
try {
  const cookie = await signedInCookie(server.baseUrl);
  const pages = [
    { name: '/login', url: `${server.baseUrl}/login` },
    { name: '/demo', url: `${server.baseUrl}/demo` },
    { name: '/dashboard (signed in)', url: `${server.baseUrl}/dashboard`, cookie },
  ];
  for (const page of pages.filter((p) => !values.only || p.name.includes(values.only))) {
    if (page.cookie) await setBrowserCookies(chrome.port, server.baseUrl, page.cookie);
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i += 1) {
      const name = `${new URL(page.url).pathname.slice(1)}-${i + 1}.json`;
      const lhrFile = values.lhr ? join(values.lhr, name) : undefined;
      const traceFile = values.trace ? join(values.trace, name) : undefined;
      samples.push(await measureWithRetry(page.url, chrome.port, page.cookie, lhrFile, traceFile));
    }
    const keys = Object.keys(samples[0] as Sample) as (keyof Sample)[];
    const mid = Object.fromEntries(
      keys.map((k) => [k, median(samples.map((s) => s[k]))]),
    ) as unknown as Sample;
    report[page.name] = { samples, median: mid };
    const verdict =
      mid.performance >= TARGET.performance && mid.lcpMs <= TARGET.lcpMs && mid.tbtMs <= TARGET.tbtMs
        ? 'PASS'
        : 'MISS';
    console.log(
      `${page.name.padEnd(24)} performance ${mid.performance} (${verdict}: ≥ ${TARGET.performance}, LCP ≤ 2.5 s, TBT ≤ 200 ms)  LCP ${(mid.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(mid.tbtMs)} ms  FCP ${(mid.fcpMs / 1000).toFixed(2)} s  JS ${(mid.jsTransferBytes / 1000).toFixed(0)} kB  accessibility ${mid.accessibility} (${mid.accessibility >= TARGET.accessibility ? 'PASS' : 'MISS'})  [median of ${runs}]`,
    );
  }
  if (values.json) {
    mkdirSync(dirname(values.json), { recursive: true });
    writeFileSync(values.json, JSON.stringify(report, null, 2));
  }
} finally {
  chrome.kill();
  await server.stop();
}
