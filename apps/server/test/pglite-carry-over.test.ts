import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { fromPglite, PgBoss } from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../src/jobs';
import { purgeExpiredSessionsJob } from '../src/jobs/purge-expired-sessions';
import { hashPassword } from '../src/platform/auth/passwords';
import { embeddedDataDir, startOnDataDir } from './support/default-install';
import { migrationsFolder } from './support/paths';
import { eventually } from './support/server';

// Decision 0160: a data directory written by the PGlite default is carried over once to the embedded
// PostgreSQL at start, never silently ignored.
const dataDir = embeddedDataDir('plumbline-carry-');
const PASSWORD = 'a long passphrase nobody guesses';
const PROPERTY_VERSION = '6c1f6d8e-2f5b-4c3a-9d7e-1a2b3c4d5e6f';
const PROPERTY_ROWS = 3;
const PARTITIONED = ['element_properties', 'elements', 'element_results'] as const;

/** What an installation of the PGlite default left: an account, its project, and a job not yet run. */
async function writeEarlierInstallation(dir: string): Promise<{ jobId: string; projectId: string }> {
  const pglite = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  await migrate(drizzle({ client: pglite }) as never, { migrationsFolder });
  const user = await pglite.query<{ id: string }>(
    // Accounts of that time count as verified (migration 0024 marks them so).
    `insert into users (email, password_hash, full_name, email_verified_at)
     values ('early@example.com', $1, 'Early Adopter', now()) returning id`,
    [await hashPassword(PASSWORD)],
  );
  const userId = user.rows[0]?.id;
  const project = await pglite.query<{ id: string }>(
    `insert into projects (name, created_by, owner_user_id) values ('Kept Tower', $1, $1) returning id`,
    [userId],
  );
  const projectId = project.rows[0]?.id as string;
  await pglite.query(`insert into project_members (project_id, user_id, role) values ($1, $2, 'Admin')`, [
    projectId,
    userId,
  ]);
  // A processed version's property rows, element and element result, each in the version's partition
  // of its table as processing writes them (migrations 0034 and 0036).
  for (const table of PARTITIONED) {
    const partition = await pglite.query<{ name: string }>(
      `select plumbline_version_partition($1, $2::uuid) as name`,
      [table, PROPERTY_VERSION],
    );
    await pglite.query(
      `create table "${partition.rows[0]?.name}" partition of ${table} for values in ('${PROPERTY_VERSION}')`,
    );
  }
  await pglite.query(`insert into elements (file_version_id, step_id, ifc_class) values ($1, 1, 'IfcWall')`, [
    PROPERTY_VERSION,
  ]);
  await pglite.query(
    `insert into element_results (file_version_id, specification_id, element_step_id, passed)
     values ($1, gen_random_uuid(), 1, true)`,
    [PROPERTY_VERSION],
  );
  for (let step = 1; step <= PROPERTY_ROWS; step++) {
    await pglite.query(
      `insert into element_properties (file_version_id, element_step_id, property_set, name, value)
       values ($1, $2, 'Pset_WallCommon', 'FireRating', $3)`,
      [PROPERTY_VERSION, step, `EI${step}`],
    );
  }
  const boss = new PgBoss({ db: fromPglite(pglite), backend: 'pglite' });
  await boss.start();
  await boss.createQueue(purgeExpiredSessionsJob.name, purgeExpiredSessionsJob.queue);
  const jobId = (await boss.send(purgeExpiredSessionsJob.name, {})) as string;
  await boss.stop({ graceful: false });
  await pglite.close();
  return { jobId, projectId };
}

const start = () => startOnDataDir(dataDir);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a data directory of the PGlite default', () => {
  it('is copied to the embedded PostgreSQL once: accounts, projects and waiting jobs', async () => {
    const { jobId, projectId } = await writeEarlierInstallation(join(dataDir, 'pglite'));
    expect(jobDefinitions.some((d) => d.name === purgeExpiredSessionsJob.name)).toBe(true);

    const server = await start();
    try {
      expect(server.database.kind).toBe('embedded');
      const signIn = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'early@example.com', password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      const token = (signIn.json() as { token: string }).token;
      const projects = await server.app.inject({
        method: 'GET',
        url: '/api/v1/projects',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(projects.statusCode).toBe(200);
      expect(JSON.stringify(projects.json())).toContain(projectId);
      // Property rows of a version land in that version's partition on the new database.
      const properties = await server.database.db.execute(
        sql`select value from element_properties where file_version_id = ${PROPERTY_VERSION} order by element_step_id`,
      );
      expect((properties as unknown as { rows: Array<{ value: string }> }).rows.map((r) => r.value)).toEqual([
        'EI1',
        'EI2',
        'EI3',
      ]);
      for (const table of PARTITIONED) {
        const partition = await server.database.db.execute(
          sql`select count(*)::int as n from pg_inherits i join pg_class c on c.oid = i.inhrelid
              where i.inhparent = ${table}::regclass
                and c.relname = plumbline_version_partition(${table}, ${PROPERTY_VERSION}::uuid)`,
        );
        expect((partition as unknown as { rows: Array<{ n: number }> }).rows[0]?.n, table).toBe(1);
      }
      const carried = await server.database.db.execute(
        sql`select (select ifc_class from elements where file_version_id = ${PROPERTY_VERSION}) as ifc_class,
          (select count(*)::int from element_results where file_version_id = ${PROPERTY_VERSION}) as results`,
      );
      expect((carried as unknown as { rows: unknown[] }).rows[0]).toEqual({
        ifc_class: 'IfcWall',
        results: 1,
      });
      // The job queued before the move runs on the new database under its old id.
      await eventually(async () => {
        const result = await server.database.db.execute(
          sql`select state from pgboss.job where id = ${jobId}`,
        );
        return (result as unknown as { rows: Array<{ state: string }> }).rows[0]?.state === 'completed';
      });
    } finally {
      await server.close();
    }
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(join(dataDir, 'pglite.carried-over', 'PG_VERSION'))).toBe(true);

    // A PGlite directory reappearing beside a database with accounts stops the start with what to
    // do, instead of copying over anything.
    await writeEarlierInstallation(join(dataDir, 'pglite'));
    await expect(start()).rejects.toThrow(/already has accounts, so it is not copied over them/);
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  });
});
