import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import { type Database, preparedFor } from '../../platform/db';
import { projectMembers, projectRevisions, projects } from '../../schema';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectRole = (typeof projectMembers.$inferSelect)['role'];

export interface ProjectWithCounts extends ProjectRow {
  role: ProjectRole;
  filesCount: number;
  elementsCount: number;
  teamMembersCount: number;
  totalSizeBytes: number;
}

/** The caller's membership of an active project (null: not a member, or no such active project). */
export async function findActiveMembership(
  db: Database,
  projectId: string,
  userId: string,
): Promise<{ project: ProjectRow; role: ProjectRole } | null> {
  const [row] = await db
    .select({ project: projects, role: projectMembers.role })
    .from(projects)
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(and(eq(projects.id, projectId), eq(projects.isActive, true)))
    .limit(1);
  return row ?? null;
}

/**
 * An active project, the caller's role in it (null: not a member) and its revision (decision 0452:
 * raised by every change its read answers are made of), in one statement: the read check of every
 * project route (access.ts) makes this one query instead of two.
 */
export async function findActiveProjectAndRole(
  db: Database,
  projectId: string,
  userId: string,
): Promise<{ project: ProjectRow; role: ProjectRole | null; revision: number } | null> {
  const [row] = await preparedFor(projectAndRoleQueries, db, projectAndRoleQuery).execute({
    projectId,
    userId,
  });
  return row ?? null;
}

const revisionOf = sql<number>`coalesce(${projectRevisions.revision}, 0)`.mapWith(Number);

function projectAndRoleQuery(db: Database) {
  return db
    .select({ project: projects, role: projectMembers.role, revision: revisionOf })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, sql.placeholder('userId'))),
    )
    .leftJoin(projectRevisions, eq(projectRevisions.projectId, projects.id))
    .where(and(eq(projects.id, sql.placeholder('projectId')), eq(projects.isActive, true)))
    .limit(1)
    .prepare('plumbline_project_and_role');
}

/** Every project request asks it: prepared (platform/db.ts `preparedFor`). */
const projectAndRoleQueries = new WeakMap<Database, ReturnType<typeof projectAndRoleQuery>>();

// Counts per project, computed in the same statement, over the files that belong to the project
// (bim_files.included, manage files). Elements count the newest completed version of each file (a
// version still processing has none yet); size counts every stored version (what the project
// occupies). Written as plain SQL with explicit qualifiers: inside a correlated subquery an
// unqualified column would bind to the inner table.
const filesCount = sql<number>`(select count(*)::int from bim_files bf where bf.project_id = "projects"."id" and bf.included)`;
const teamMembersCount = sql<number>`(select count(*)::int from project_members pm where pm.project_id = "projects"."id")`;
const totalSizeBytes = sql<number>`(select coalesce(sum(fv.size_bytes), 0)::bigint from file_versions fv
  join bim_files bf on bf.id = fv.bim_file_id where bf.project_id = "projects"."id" and bf.included)`.mapWith(
  Number,
);
const elementsCount = sql<number>`(select coalesce(sum(latest.elements_count), 0)::bigint from bim_files bf
  cross join lateral (select fv.elements_count from file_versions fv where fv.bim_file_id = bf.id
  and fv.status = 'completed' order by fv.version_number desc limit 1) latest
  where bf.project_id = "projects"."id" and bf.included)`.mapWith(Number);

function selectWithCounts(db: Database, userId: string | Placeholder) {
  return db
    .select({
      project: projects,
      role: projectMembers.role,
      filesCount,
      elementsCount,
      teamMembersCount,
      totalSizeBytes,
    })
    .from(projects)
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    );
}

type CountedRow = Awaited<ReturnType<ReturnType<typeof selectWithCounts>['execute']>>[number];

function flatten(row: CountedRow): ProjectWithCounts {
  return {
    ...row.project,
    role: row.role,
    filesCount: Number(row.filesCount),
    elementsCount: row.elementsCount,
    teamMembersCount: Number(row.teamMembersCount),
    totalSizeBytes: row.totalSizeBytes,
  };
}

/** An active project by id, whoever asks (the access checks decide what the caller may do with it). */
export async function findActiveProject(db: Database, projectId: string): Promise<ProjectRow | null> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** An active project by id with its revision (decision 0452), whoever asks. */
export async function findActiveProjectWithRevision(
  db: Database,
  projectId: string,
): Promise<{ project: ProjectRow; revision: number } | null> {
  const [row] = await db
    .select({ project: projects, revision: revisionOf })
    .from(projects)
    .leftJoin(projectRevisions, eq(projectRevisions.projectId, projects.id))
    .where(and(eq(projects.id, projectId), eq(projects.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** The demo projects with their counts, as a Viewer sees them (/demo, no account). */
export async function listDemoProjects(db: Database): Promise<ProjectWithCounts[]> {
  const rows = await db
    .select({ project: projects, filesCount, elementsCount, teamMembersCount, totalSizeBytes })
    .from(projects)
    .where(and(eq(projects.isDemo, true), eq(projects.isActive, true)))
    .orderBy(asc(projects.name));
  return rows.map((row) => flatten({ ...row, role: 'Viewer' }));
}

export async function listActiveProjectsOfUser(db: Database, userId: string): Promise<ProjectWithCounts[]> {
  const rows = await selectWithCounts(db, userId)
    .where(eq(projects.isActive, true))
    .orderBy(asc(projects.name));
  return rows.map(flatten);
}

export async function getActiveProjectOfUser(
  db: Database,
  projectId: string,
  userId: string,
): Promise<ProjectWithCounts | null> {
  const [row] = await preparedFor(projectOfUserQueries, db, projectOfUserQuery).execute({
    projectId,
    userId,
  });
  return row ? flatten(row) : null;
}

function projectOfUserQuery(db: Database) {
  return selectWithCounts(db, sql.placeholder('userId'))
    .where(and(eq(projects.id, sql.placeholder('projectId')), eq(projects.isActive, true)))
    .limit(1)
    .prepare('plumbline_project_of_user');
}

/** The project read's one query for a member: prepared (platform/db.ts `preparedFor`). */
const projectOfUserQueries = new WeakMap<Database, ReturnType<typeof projectOfUserQuery>>();

export async function insertProject(
  db: Database,
  values: { name: string; description: string; createdBy: string; at: Date },
): Promise<ProjectRow> {
  const [row] = await db
    .insert(projects)
    .values({
      name: values.name,
      description: values.description,
      createdBy: values.createdBy,
      ownerUserId: values.createdBy,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning();
  return row!;
}

export async function insertMembership(
  db: Database,
  values: { projectId: string; userId: string; role: ProjectRole; at: Date },
): Promise<void> {
  await db.insert(projectMembers).values({ ...values, createdAt: values.at });
}

export async function updateProject(
  db: Database,
  projectId: string,
  patch: { name?: string; description?: string; language?: string | null },
  at: Date,
): Promise<void> {
  await db
    .update(projects)
    .set({ ...patch, updatedAt: at })
    .where(eq(projects.id, projectId));
}

export async function deactivateProject(db: Database, projectId: string, at: Date): Promise<void> {
  await db.update(projects).set({ isActive: false, updatedAt: at }).where(eq(projects.id, projectId));
}
