import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireDeclaredAccess } from './access';

describe('requireDeclaredAccess', () => {
  it('refuses to register an API route that declares no access rule, or an unknown one', async () => {
    const app = Fastify();
    requireDeclaredAccess(app);
    expect(() => app.get('/api/v1/forgotten', async () => 'x')).toThrow(
      'Route GET /api/v1/forgotten declares no access rule',
    );
    expect(() =>
      app.get('/api/v1/misspelt', { config: { access: 'everyone' as never } }, async () => 'x'),
    ).toThrow('declares no access rule');
    await app.close();
  });

  it('accepts a declared rule, and leaves routes outside the API (the web app, /api/docs) alone', async () => {
    const app = Fastify();
    requireDeclaredAccess(app);
    app.get('/api/v1/declared', { config: { access: 'signed-in' } }, async () => 'x');
    app.get('/index.html', async () => 'x');
    await app.ready();
    expect((await app.inject({ url: '/api/v1/declared' })).statusCode).toBe(200);
    await app.close();
  });
});
