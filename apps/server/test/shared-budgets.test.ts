import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestBackend, testBackends } from './support/backends';
import { startTestServer, type TestServer } from './support/server';

// Two API servers on one database, as behind a load balancer: the sign-up budget of a client address
// is one budget, not one per server (rate_limit_windows, docs/scaling.md).
for (const backend of testBackends()) {
  describe(`request budgets across API servers (${backend.name})`, () => {
    let serverA: TestServer;
    let serverB: TestServer;
    beforeAll(async () => {
      const { target, drop } = await backend.create();
      if (target.kind !== 'postgres') throw new Error('two servers need a PostgreSQL database to share');
      // Both servers on this one database; the second one to stop drops it.
      const sameDatabase = (dropIt: () => Promise<void>): TestBackend => ({
        name: backend.name,
        create: async () => ({ target, drop: dropIt }),
      });
      const limits = { AUTH_RATE_LIMIT_PER_IP: '3', WORKER_MODE: 'none', DATABASE_URL: target.url };
      serverA = await startTestServer(
        sameDatabase(async () => {}),
        limits,
      );
      serverB = await startTestServer(sameDatabase(drop), limits);
    });
    afterAll(async () => {
      await serverA?.stop();
      await serverB?.stop();
    });

    it('counts sign-ups from one address on either server against one budget', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const server = i % 2 === 0 ? serverA : serverB;
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: { email: `budget.${i}@example.com`, password: 'correct horse battery', fullName: 'B' },
          remoteAddress: '10.77.0.1',
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429]);
    });
  });
}
