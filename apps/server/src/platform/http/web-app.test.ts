import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

describe('web app serving without a build', () => {
  it('says at / that the web app is not built, 404s other pages, JSON 404 under /api', async () => {
    const app = Fastify();
    await registerWebApp(app, join(import.meta.dirname, 'no-such-build'));
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('web app is not built');
    expect((await app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      error: { code: 'not_found', messageId: 'error.not_found', message: 'Not found' },
    });
    await app.close();
  });
});

describe('web app serving with a build', () => {
  it('sends the precompressed copy a browser accepts, with a year of cache for hashed assets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dir, 'assets'));
    const script = `console.log(${JSON.stringify('plumbline '.repeat(300))});\n`;
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), script);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.gz'), gzipSync(script));
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.map'), '{"version":3,"mappings":"AAAA"}');
    const app = Fastify();
    await registerWebApp(app, dir);
    try {
      const br = await app.inject({
        method: 'GET',
        url: '/assets/app-1a2b.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

      const gz = await app.inject({
        method: 'GET',
        url: '/assets/app-1a2b.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

      const plain = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);

      const map = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('"mappings"');

      const page = await app.inject({ method: 'GET', url: '/dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('web app serving with route pages', () => {
  it("answers a route with the build's own page for it, every other page with index.html", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>index</title>');
    writeFileSync(join(dir, 'dashboard.html'), '<!doctype html><title>dashboard</title>');
    const app = Fastify();
    await registerWebApp(app, dir);
    try {
      const title = async (url: string) =>
        /<title>(\w+)/.exec((await app.inject({ method: 'GET', url })).body)?.[1];
      expect(await title('/dashboard')).toBe('dashboard');
      expect(await title('/dashboard?tab=team')).toBe('dashboard');
      expect(await title('/dashboard/anything')).toBe('dashboard');
      expect(await title('/login')).toBe('index');
      expect(await title('/dashboardx')).toBe('index');
      expect(await title('/..%2Fdashboard')).toBe('index');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
