import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../test/support/backends';
import { ManualClock } from '../../platform/clock';
import { type DatabaseHandle, openDatabase } from '../../platform/db';
import { createExportCooldown } from '../metadata';
import { createRateCounter } from './counter';

// Two counters on one database stand for two API servers behind a load balancer.
for (const backend of testBackends()) {
  describe(`rate counters in PostgreSQL (${backend.name})`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    const clock = new ManualClock(new Date('2026-11-26T10:00:00Z'));
    beforeAll(async () => {
      const created = await backend.create();
      drop = created.drop;
      database = await openDatabase(created.target);
    });
    afterAll(async () => {
      await database?.close();
      await drop?.();
    });

    it('spends one budget across servers, and starts over when the window is over', async () => {
      const serverA = createRateCounter({ db: database.db, clock });
      const serverB = createRateCounter({ db: database.db, clock });
      const outcomes = [];
      for (let i = 0; i < 3; i++) {
        outcomes.push(await serverA.spend('signup-ip:10.0.0.1', 4, 900));
        outcomes.push(await serverB.spend('signup-ip:10.0.0.1', 4, 900));
      }
      expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, true, false, false]);
      expect(outcomes[5]?.retryAfterSeconds).toBe(900);
      clock.advance(600_000);
      expect(await serverB.spend('signup-ip:10.0.0.1', 4, 900)).toEqual({
        allowed: false,
        retryAfterSeconds: 300,
      });
      expect((await serverA.spend('signup-ip:10.0.0.2', 4, 900)).allowed).toBe(true); // another key
      clock.advance(300_000);
      expect(await serverA.spend('signup-ip:10.0.0.1', 4, 900)).toEqual({
        allowed: true,
        retryAfterSeconds: 900,
      });
    });

    it('counts every one of many simultaneous hits', async () => {
      const servers = [0, 1, 2].map(() => createRateCounter({ db: database.db, clock }));
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, (_, i) => servers[i % 3]!.spend('signup-account:a@example.com', 10, 900)),
      );
      expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
    });

    it('holds the metadata export cooldown across servers, counting down whole seconds', async () => {
      const onA = createExportCooldown(createRateCounter({ db: database.db, clock }), 30);
      const onB = createExportCooldown(createRateCounter({ db: database.db, clock }), 30);
      expect(await onA.secondsLeft('user-1')).toBe(0);
      await onA.start('user-1');
      expect(await onB.secondsLeft('user-1')).toBe(30);
      expect(await onB.secondsLeft('user-2')).toBe(0);
      clock.advance(12_500);
      expect(await onB.secondsLeft('user-1')).toBe(18);
      clock.advance(17_500);
      expect(await onA.secondsLeft('user-1')).toBe(0);
      await onB.start('user-1');
      expect(await onA.secondsLeft('user-1')).toBe(30);
    });

    it('purges windows that started a week ago', async () => {
      const counter = createRateCounter({ db: database.db, clock });
      clock.advance(8 * 24 * 60 * 60 * 1000);
      await counter.spend('signup-ip:fresh', 1, 900);
      expect(await counter.purge()).toBeGreaterThanOrEqual(3);
      expect(await counter.secondsLeft('signup-ip:fresh', 900)).toBe(900);
    });
  });
}
