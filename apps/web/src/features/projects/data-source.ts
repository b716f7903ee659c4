import {
  type BimFile,
  bimFileListResponseSchema,
  type CreateProjectBody,
  type Member,
  memberListResponseSchema,
  type Project,
  projectListResponseSchema,
  projectResponseSchema,
  teamMembersAllResponseSchema,
  type UpdateProjectBody,
} from '@plumbline/contracts';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { type DataSourceMode, ReadOnlyDataSourceError, useDataSource } from '@/lib/data-source';
import type { Membership } from './project-stats';

/** Everything the projects area reads and writes, independent of where the data lives. */
export interface ProjectsSource {
  listProjects(signal?: AbortSignal): Promise<Project[]>;
  listProjectFiles(projectId: string, signal?: AbortSignal): Promise<BimFile[]>;
  listProjectMembers(projectId: string, signal?: AbortSignal): Promise<Member[]>;
  /** Every membership of every project the caller belongs to (spec 2 §7 `team-members-all`). */
  listAllMemberships(signal?: AbortSignal): Promise<Membership[]>;
  createProject(body: CreateProjectBody): Promise<Project>;
  updateProject(projectId: string, body: UpdateProjectBody): Promise<Project>;
}

export const liveProjectsSource: ProjectsSource = {
  async listProjects(signal) {
    return (await apiRequest('/projects', { schema: projectListResponseSchema, signal })).projects;
  },
  async listProjectFiles(projectId, signal) {
    const path = apiPath('/projects/{projectId}/bimfiles', { path: { projectId } });
    return (await apiRequest(path, { schema: bimFileListResponseSchema, signal })).bim_files;
  },
  async listProjectMembers(projectId, signal) {
    const path = apiPath('/projects/{projectId}/members', { path: { projectId } });
    return (await apiRequest(path, { schema: memberListResponseSchema, signal })).data;
  },
  async listAllMemberships(signal) {
    const { data } = await apiRequest('/team-members-all', { schema: teamMembersAllResponseSchema, signal });
    return data.map((member) => ({ projectId: member.projectId, userId: member.user.id }));
  },
  async createProject(body) {
    return (await apiRequest('/projects', { method: 'POST', body, schema: projectResponseSchema })).project;
  },
  async updateProject(projectId, body) {
    const path = apiPath('/projects/{projectId}', { path: { projectId } });
    return (await apiRequest(path, { method: 'PATCH', body, schema: projectResponseSchema })).project;
  },
};

/**
 * The demo's projects (spec 1 §1): the server's public demo list, then the same project routes as live
 * (the demo project is readable without an account). Writes are always refused before any request:
 * demo data cannot be modified (spec 2 §6), and the server would answer 403 anyway.
 */
export const demoProjectsSource: ProjectsSource = {
  async listProjects(signal) {
    return (await apiRequest('/demo/projects', { schema: projectListResponseSchema, signal })).projects;
  },
  listProjectFiles: (projectId, signal) => liveProjectsSource.listProjectFiles(projectId, signal),
  listProjectMembers: (projectId, signal) => liveProjectsSource.listProjectMembers(projectId, signal),
  async listAllMemberships(signal) {
    const projects = await demoProjectsSource.listProjects(signal);
    const teams = await Promise.all(
      projects.map(async (project) => {
        const members = await liveProjectsSource.listProjectMembers(project.id, signal);
        return members.map((member) => ({ projectId: project.id, userId: member.userId }));
      }),
    );
    return teams.flat();
  },
  createProject: async () => {
    throw new ReadOnlyDataSourceError();
  },
  updateProject: async () => {
    throw new ReadOnlyDataSourceError();
  },
};

const SOURCES: Record<DataSourceMode, ProjectsSource> = {
  live: liveProjectsSource,
  demo: demoProjectsSource,
};

export function useProjectsSource(): { mode: DataSourceMode; source: ProjectsSource } {
  const { mode } = useDataSource();
  return { mode, source: SOURCES[mode] };
}
