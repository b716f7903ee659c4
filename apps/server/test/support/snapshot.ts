import { asc } from 'drizzle-orm';
import type { Database } from '../../src/platform/db';
import { projectMembers, projects, users } from '../../src/schema';

/** Everything a project or member write could change, to prove a refused request changed nothing. */
export async function snapshot(db: Database): Promise<string> {
  const [projectRows, memberRows, userRows] = await Promise.all([
    db.select().from(projects).orderBy(asc(projects.id)),
    db.select().from(projectMembers).orderBy(asc(projectMembers.id)),
    db
      .select({ id: users.id, email: users.email, fullName: users.fullName })
      .from(users)
      .orderBy(asc(users.id)),
  ]);
  return JSON.stringify({ projectRows, memberRows, userRows });
}
