import pg from 'pg';

/** Runs one statement (create or drop a database) as the test server's administrator, on a connection of its own. */
export async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
