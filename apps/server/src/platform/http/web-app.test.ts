import { join } from 'node:path';
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
    expect(api.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    await app.close();
  });
});
