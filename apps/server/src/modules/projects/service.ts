import type { Project } from '@plumbline/contracts';
import { isLocale, type Locale } from '@plumbline/i18n';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { AuditRecorder } from '../audit';
import { requireProjectPermission, requireProjectReader } from './access';
import { ProjectError } from './errors';
import * as repo from './repo';

export function toProjectDto(row: repo.ProjectWithCounts): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastProcessedAt: row.lastProcessedAt?.toISOString() ?? null,
    isDemo: row.isDemo,
    language: isLocale(row.language) ? row.language : null,
    role: row.role,
    filesCount: row.filesCount,
    elementsCount: row.elementsCount,
    teamMembersCount: row.teamMembersCount,
    totalSizeBytes: row.totalSizeBytes,
  };
}

export function createProjectService(deps: { db: Database; clock: Clock; audit: AuditRecorder }) {
  const { db, clock, audit } = deps;

  async function load(projectId: string, userId: string): Promise<Project> {
    const row = await repo.getActiveProjectOfUser(db, projectId, userId);
    if (!row) throw new ProjectError('project_not_found');
    return toProjectDto(row);
  }

  return {
    /** Active projects the user is a member of, with counts, by name. */
    async list(userId: string): Promise<Project[]> {
      return (await repo.listActiveProjectsOfUser(db, userId)).map(toProjectDto);
    },

    /** The demo projects (/demo reads these without an account). */
    async listDemo(): Promise<Project[]> {
      return (await repo.listDemoProjects(db)).map(toProjectDto);
    },

    /** One project; the demo project for anyone, any other for its members. */
    async get(userId: string | null, projectId: string): Promise<Project> {
      // A member's read is one query; the check below answers everyone else (demo, 401, 404).
      if (userId !== null) {
        const row = await repo.getActiveProjectOfUser(db, projectId, userId);
        if (row && !row.isDemo) return toProjectDto(row);
      }
      const access = await requireProjectReader({ db, userId }, projectId);
      if (access.project.isDemo) {
        const demo = (await repo.listDemoProjects(db)).find((row) => row.id === projectId);
        if (!demo) throw new ProjectError('project_not_found');
        return toProjectDto(demo);
      }
      return load(projectId, userId as string);
    },

    /** Creates a project; its creator becomes its Admin. */
    async create(userId: string, input: { name: string; description: string }): Promise<Project> {
      const project = await db.transaction(async (tx) => {
        const at = clock.now();
        const created = await repo.insertProject(tx, { ...input, createdBy: userId, at });
        await repo.insertMembership(tx, { projectId: created.id, userId, role: 'Admin', at });
        await audit.record(
          {
            actorId: userId,
            projectId: created.id,
            action: 'project.created',
            targetType: 'project',
            targetId: created.id,
            details: { name: created.name },
          },
          tx,
        );
        return created;
      });
      return load(project.id, userId);
    },

    /** Name and description; Editors and Admins. */
    async update(
      userId: string,
      projectId: string,
      patch: { name?: string; description?: string; language?: Locale | null },
    ): Promise<Project> {
      await db.transaction(async (tx) => {
        const { project } = await requireProjectPermission({ db: tx, userId }, projectId, 'project.edit');
        await repo.updateProject(tx, projectId, patch, clock.now());
        const before = { name: project.name, description: project.description, language: project.language };
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: 'project.updated',
            targetType: 'project',
            targetId: projectId,
            details: { before, after: patch },
          },
          tx,
        );
      });
      return load(projectId, userId);
    },

    /** Deactivates (never deletes) a project; Admins only. It disappears from every list. */
    async deactivate(userId: string, projectId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await requireProjectPermission({ db: tx, userId }, projectId, 'project.delete');
        await repo.deactivateProject(tx, projectId, clock.now());
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: 'project.deactivated',
            targetType: 'project',
            targetId: projectId,
          },
          tx,
        );
      });
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
