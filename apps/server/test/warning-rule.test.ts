import type { ComplianceStatus } from '@plumbline/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requirementCountSql, STATUS_BY_RANK, statusRankSql } from '../src/modules/compliance/status';
import { testBackends } from './support/backends';
import { type TestServer, testServerForBlock } from './support/server';

/**
 * The warning rule (spec 2 §4, decision 0081) is defined once, as the SQL function
 * `compliance_status_rank` (drizzle/0031, waiver input since 0044) that every status read calls through `statusRankSql`.
 * Asked of the database for every case up to ten requirement facets, passed or not, with every
 * number of failing facets; the expectation is the spec's wording, read independently here.
 */
interface Case {
  passed: boolean;
  failed: number;
  n: number;
  waived?: boolean;
}

const cases: Case[] = Array.from({ length: 11 }, (_, n) =>
  Array.from({ length: n + 1 }, (_, failed) => [
    { passed: true, failed: 0, n, waived: false },
    { passed: false, failed, n, waived: false },
    { passed: false, failed, n, waived: true },
  ]).flat(),
).flat();

/** Spec 2 §4 in words: a passing element passes (nothing required: not applicable); a failing one is
 * waived when an approved waiver covers it (issue 32), else a warning when it still meets at least
 * half of its requirements, failed otherwise. */
function specSays(c: Case): ComplianceStatus {
  if (c.passed) return c.n === 0 ? 'not_applicable' : 'passed';
  if (c.waived) return 'waived';
  const metShare = c.n === 0 ? 0 : (c.n - c.failed) / c.n;
  return c.failed > 0 && metShare >= 0.5 ? 'warning' : 'failed';
}

for (const backend of testBackends()) {
  describe(`the warning rule, asked of the database (${backend.name})`, () => {
    let server: TestServer;
    testServerForBlock(backend, (started) => {
      server = started;
    });

    async function statusesOf(list: ReadonlyArray<Case>) {
      const values = sql.join(
        list.map(
          (c) =>
            sql`(${c.passed}::boolean, ${JSON.stringify(Array.from({ length: c.failed }, (_, i) => ({ facetIndex: i })))}::jsonb, ${c.n}::int, ${c.waived ?? false}::boolean)`,
        ),
        sql`, `,
      );
      const result = await server.database.db.execute(
        sql`select ${statusRankSql(sql`er`, sql`er.n`, sql`er.waived`)} as rank
            from (values ${values}) as er(passed, failures, n, waived)`,
      );
      return (result as unknown as { rows: { rank: number | string }[] }).rows.map(
        (r) => STATUS_BY_RANK[Number(r.rank)],
      );
    }

    it('gives every case up to ten requirements the status the spec names', async () => {
      expect(await statusesOf(cases)).toEqual(cases.map(specSays));
    });

    it('is inlined by the planner, also with a requirement count per specification of a large pack', async () => {
      // A function call per row would cost every status count and list; inlined, the plan shows the
      // rule's own expression instead of the function's name.
      const specs = Array.from({ length: 500 }, (_, i) => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        requirementCount: i % 11,
      }));
      const plan = await server.database.db.execute(
        sql`explain (verbose, costs off) select ${statusRankSql(sql`er`, requirementCountSql(specs))} as rank
            from element_results er`,
      );
      const text = (plan as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r).join(''))
        .join('\n');
      expect(text).toMatch(/CASE/);
      expect(text).not.toMatch(/compliance_status_rank/);
    });

    it('draws the line at exactly half: met half is a warning, one less is failed', async () => {
      expect(
        await statusesOf([
          { passed: false, failed: 2, n: 4 },
          { passed: false, failed: 3, n: 4 },
          { passed: false, failed: 1, n: 20 },
          { passed: false, failed: 1, n: 1 },
          { passed: false, failed: 0, n: 0 },
          { passed: true, failed: 0, n: 0 },
          { passed: true, failed: 0, n: 3 },
        ]),
      ).toEqual(['warning', 'failed', 'warning', 'failed', 'failed', 'not_applicable', 'passed']);
    });
  });
}
