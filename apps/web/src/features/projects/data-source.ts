import {
  type AddAttributeRequest,
  type AddAttributeResponse,
  addAttributeResponseSchema,
  type BimFile,
  bimFileListResponseSchema,
  type CreateProjectBody,
  type CreateProjectFromAccBody,
  type FileSelectionResponse,
  fileSelectionResponseSchema,
  type Member,
  memberListResponseSchema,
  type Project,
  type ProjectRefreshResponse,
  projectListResponseSchema,
  projectRefreshResponseSchema,
  projectResponseSchema,
  type RecommendationUpdate,
  recommendationResponseSchema,
  teamMembersAllResponseSchema,
  tokenRefreshResponseSchema,
  type UpdateProjectBody,
} from '@plumbline/contracts';
import { z } from 'zod';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { type DataSourceMode, ReadOnlyDataSourceError, useDataSource } from '@/lib/data-source';
import type { Membership } from './project-stats';

/**
 * Everything the projects area reads and writes, independent of where the data lives: the project,
 * its file selection and refresh, and its IDS attribute work. Every write is here, so the demo's
 * source refuses each one before any request (decision 0061).
 */
export interface ProjectsSource {
  listProjects(signal?: AbortSignal): Promise<Project[]>;
  listProjectFiles(projectId: string, signal?: AbortSignal): Promise<BimFile[]>;
  listProjectMembers(projectId: string, signal?: AbortSignal): Promise<Member[]>;
  /** Every membership of every project the caller belongs to (spec 2 §7 `team-members-all`). */
  listAllMemberships(signal?: AbortSignal): Promise<Membership[]>;
  createProject(body: CreateProjectBody): Promise<Project>;
  /** A project importing ACC files (spec 2 §7), on installations that sell no plans. */
  createProjectFromAcc(body: CreateProjectFromAccBody): Promise<{ project_id: string }>;
  updateProject(projectId: string, body: UpdateProjectBody): Promise<Project>;
  /** Which uploaded files belong to the project (manage files). */
  setFileSelection(projectId: string, fileIds: string[]): Promise<FileSelectionResponse>;
  /** Smart refresh (spec 2 §4); an ACC project's 401 is Autodesk's, so it does not sign out. */
  refreshProject(projectId: string): Promise<ProjectRefreshResponse>;
  /** Restores an ACC project's Autodesk connection (spec 2 §4), before a refresh is tried again. */
  refreshAccTokens(projectId: string): Promise<void>;
  setRecommendation(
    projectId: string,
    update: RecommendationUpdate,
  ): Promise<z.infer<typeof recommendationResponseSchema>>;
  addToSpecification(request: AddAttributeRequest): Promise<AddAttributeResponse>;
}

export const liveProjectsSource: ProjectsSource = {
  async listProjects(signal) {
    return (await apiRequest(apiPath('/projects'), { schema: projectListResponseSchema, signal })).projects;
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
    const { data } = await apiRequest(apiPath('/team-members-all'), {
      schema: teamMembersAllResponseSchema,
      signal,
    });
    return data.map((member) => ({ projectId: member.projectId, userId: member.user.id }));
  },
  async createProject(body) {
    const path = apiPath('/projects');
    return (await apiRequest(path, { method: 'POST', body, schema: projectResponseSchema })).project;
  },
  createProjectFromAcc(body) {
    return apiRequest(apiPath('/projects/from-acc'), {
      method: 'POST',
      body,
      schema: z.object({ project_id: z.string() }),
    });
  },
  async updateProject(projectId, body) {
    const path = apiPath('/projects/{projectId}', { path: { projectId } });
    return (await apiRequest(path, { method: 'PATCH', body, schema: projectResponseSchema })).project;
  },
  setFileSelection(projectId, fileIds) {
    return apiRequest(apiPath('/projects/{projectId}/file-selection', { path: { projectId } }), {
      method: 'PUT',
      body: { file_ids: fileIds },
      schema: fileSelectionResponseSchema,
    });
  },
  refreshProject(projectId) {
    return apiRequest(apiPath('/projects/{projectId}/refresh', { path: { projectId } }), {
      method: 'POST',
      schema: projectRefreshResponseSchema,
      redirectOnUnauthorized: false,
    });
  },
  async refreshAccTokens(projectId) {
    await apiRequest(apiPath('/projects/{projectId}/acc/refresh-tokens', { path: { projectId } }), {
      method: 'POST',
      schema: tokenRefreshResponseSchema,
      redirectOnUnauthorized: false,
    });
  },
  setRecommendation(projectId, update) {
    return apiRequest(apiPath('/projects/{projectId}/attributes/recommendation', { path: { projectId } }), {
      method: 'PATCH',
      body: update,
      schema: recommendationResponseSchema,
    });
  },
  addToSpecification(request) {
    return apiRequest(apiPath('/attributes/add-to-specification'), {
      method: 'POST',
      body: request,
      schema: addAttributeResponseSchema,
    });
  },
};

const refuse = async (): Promise<never> => {
  throw new ReadOnlyDataSourceError();
};

/**
 * The demo's projects (spec 1 §1): the server's public demo list, then the same project routes as live
 * (the demo project is readable without an account). Writes are always refused before any request:
 * demo data cannot be modified (spec 2 §6), and the server would answer 403 anyway.
 */
export const demoProjectsSource: ProjectsSource = {
  async listProjects(signal) {
    return (await apiRequest(apiPath('/demo/projects'), { schema: projectListResponseSchema, signal }))
      .projects;
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
  createProject: refuse,
  createProjectFromAcc: refuse,
  updateProject: refuse,
  setFileSelection: refuse,
  refreshProject: refuse,
  refreshAccTokens: refuse,
  setRecommendation: refuse,
  addToSpecification: refuse,
};

const SOURCES: Record<DataSourceMode, ProjectsSource> = {
  live: liveProjectsSource,
  demo: demoProjectsSource,
};

export function useProjectsSource(): { mode: DataSourceMode; source: ProjectsSource } {
  const { mode } = useDataSource();
  return { mode, source: SOURCES[mode] };
}
