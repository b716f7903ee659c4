import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultStatus, STATUS_BY_RANK, statusRankSql } from '../src/modules/compliance/status';
import { testBackends } from './support/backends';
import { startTestServer, type TestServer } from './support/server';

/**
 * The warning rule (decision 0081) is written in TypeScript (`resultStatus`) and as SQL
 * (`statusRankSql`, which the figures are counted with). Every case up to ten requirement facets,
 * passed or not, with every number of failing facets, must get the same status from both.
 */
const cases = Array.from({ length: 11 }, (_, n) =>
  Array.from({ length: n + 1 }, (_, failed) => [
    { passed: true, failed: 0, n },
    { passed: false, failed, n },
  ]).flat(),
).flat();

for (const backend of testBackends()) {
  describe(`the warning rule in SQL and TypeScript (${backend.name})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(backend);
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
    });

    it('gives every case up to ten requirements the same status', async () => {
      const values = sql.join(
        cases.map(
          (c) =>
            sql`(${c.passed}::boolean, ${JSON.stringify(Array.from({ length: c.failed }, (_, i) => ({ facetIndex: i })))}::jsonb, ${c.n}::int)`,
        ),
        sql`, `,
      );
      const result = await server.database.db.execute(
        sql`select ${statusRankSql(sql`er`, sql`er.n`)} as rank from (values ${values}) as er(passed, failures, n)`,
      );
      const fromSql = (result as unknown as { rows: { rank: number | string }[] }).rows.map(
        (r) => STATUS_BY_RANK[Number(r.rank)],
      );
      expect(fromSql).toEqual(cases.map((c) => resultStatus(c.passed, c.failed, c.n)));
      // The boundary itself: meeting exactly half is a warning, one less is failed.
      expect(resultStatus(false, 2, 4)).toBe('warning');
      expect(resultStatus(false, 3, 4)).toBe('failed');
    });
  });
}
