import type { DataSourceMode } from './data-source';

/**
 * Every cache key the app reads a project by, from one factory (issue 37, decision 0215). What a
 * project shows lives under its root, ['project', mode, projectId], so one invalidation of that
 * root refreshes every view of it: Overview, IDS Compliance, attributes, 3D statuses, metadata,
 * reports, the assistant's context. The mode comes first after the family, so live and demo answers
 * never share an entry (decision 0061). Keys that are not a project's (the project list, the session,
 * billing) keep their own families.
 */
type Mode = DataSourceMode;
type Id = string;

const project = (mode: Mode, projectId: Id) => ['project', mode, projectId] as const;
const files = (mode: Mode, projectId: Id) => [...project(mode, projectId), 'files'] as const;
const attributes = (mode: Mode, projectId: Id) => [...project(mode, projectId), 'attributes'] as const;
const compliance = (mode: Mode, projectId: Id, fileId: Id, versionId: Id) =>
  [...project(mode, projectId), 'compliance', fileId, versionId] as const;
const metadata = (mode: Mode, projectId: Id, fileId: Id) =>
  [...project(mode, projectId), 'metadata', fileId] as const;
const reports = (mode: Mode, projectId: Id) => [...project(mode, projectId), 'reports'] as const;

export const queryKeys = {
  /** The lists across projects (the project list, every membership): a project's row changes with it. */
  projects: (mode: Mode) => ['projects', mode] as const,
  projectList: (mode: Mode) => ['projects', mode, 'list'] as const,
  memberships: (mode: Mode) => ['projects', mode, 'memberships'] as const,
  /** The prefix of every project's root in this mode. */
  everyProject: (mode: Mode) => ['project', mode] as const,

  /** The root: everything one project shows. */
  project,
  /** The project's BIM files (every uploaded one; the pickers drop excluded ones per observer). */
  files,
  fileVersions: (mode: Mode, projectId: Id, fileId: Id) =>
    [...files(mode, projectId), fileId, 'versions'] as const,
  /** Two versions of a file compared (empty ids: the server's default pair), and one page of changes. */
  comparison: (mode: Mode, projectId: Id, fileId: Id, from: Id, to: Id) =>
    [...files(mode, projectId), fileId, 'comparison', from, to] as const,
  comparisonChanges: (
    mode: Mode,
    projectId: Id,
    fileId: Id,
    from: Id,
    to: Id,
    specKey: string,
    kind: string,
  ) => [...files(mode, projectId), fileId, 'comparison', from, to, 'changes', specKey, kind] as const,
  idsFiles: (mode: Mode, projectId: Id) => [...project(mode, projectId), 'ids-files'] as const,
  /** The text of one IDS file as the Studio opened it. */
  idsText: (mode: Mode, projectId: Id, idsFileId: Id) =>
    [...project(mode, projectId), 'ids-studio', 'text', idsFileId] as const,
  /** The signed-in person's change-mail choice in every project: no one project's. */
  projectMail: ['profile', 'project-mail'] as const,
  /** The Studio's linter (the page's worker): no project's. */
  studioLinter: ['ids-studio', 'linter'] as const,
  /** How the installation signs people in (passwords, single sign-on): read before any session. */
  authMethods: ['auth', 'methods'] as const,
  /**
   * API tokens, the signed-in person's own ('personal') or one project's: credentials, not the
   * project's data, so outside its root (settling the project does not refetch them).
   */
  tokens: (owner: 'personal' | Id) => ['tokens', owner] as const,
  /** The audit trail, one project's or the installation's (null), with its filters; outside the root likewise. */
  auditTrail: (projectId: Id | null, filters: unknown) =>
    ['audit', projectId ?? 'installation', filters] as const,
  /** The project's outbound webhooks, and one hook's delivery log. */
  webhooks: (mode: Mode, projectId: Id) => [...project(mode, projectId), 'webhooks'] as const,
  webhookDeliveries: (mode: Mode, projectId: Id, webhookId: Id) =>
    [...project(mode, projectId), 'webhooks', webhookId, 'deliveries'] as const,
  /** The revisions of one IDS file's lineage. */
  idsRevisions: (mode: Mode, projectId: Id, idsFileId: Id) =>
    [...project(mode, projectId), 'ids-files', idsFileId, 'revisions'] as const,
  members: (mode: Mode, projectId: Id) => [...project(mode, projectId), 'members'] as const,
  overview: (mode: Mode, projectId: Id) => [...project(mode, projectId), 'overview'] as const,
  fileSelection: (mode: Mode, projectId: Id) => [...project(mode, projectId), 'file-selection'] as const,
  limits: (mode: Mode, projectId: Id) => [...project(mode, projectId), 'limits'] as const,
  /** The create-project wizard's wait for the new project's files (live only). */
  wizardFiles: (projectId: Id) => [...project('live', projectId), 'wizard-files'] as const,

  idsSpecifications: (mode: Mode, projectId: Id, fileId: Id | null, versionId: Id | null) =>
    [...project(mode, projectId), 'ids-specifications', fileId, versionId] as const,
  compliance,
  complianceResults: (mode: Mode, projectId: Id, fileId: Id, versionId: Id, filters: unknown) =>
    [...compliance(mode, projectId, fileId, versionId), 'results', filters] as const,
  elementStatuses: (mode: Mode, projectId: Id, fileId: Id, versionId: Id, specificationId: Id | null) =>
    [...project(mode, projectId), 'element-statuses', fileId, versionId, specificationId] as const,
  element: (mode: Mode, projectId: Id, fileId: Id, versionId: Id | null, viewerDbId: number, part: string) =>
    [...project(mode, projectId), 'element', fileId, versionId ?? 'latest', viewerDbId, part] as const,

  attributes,
  extraAttributes: (mode: Mode, projectId: Id, fileId: Id, versionId: Id | null) =>
    [...attributes(mode, projectId), 'extra', fileId, versionId] as const,
  schemaAttributes: (mode: Mode, projectId: Id, fileId: Id, versionId: Id | null) =>
    [...attributes(mode, projectId), 'schema', fileId, versionId] as const,
  schemaSummary: (mode: Mode, projectId: Id) => [...attributes(mode, projectId), 'schema-summary'] as const,
  attributeInsights: (mode: Mode, projectId: Id) => [...attributes(mode, projectId), 'insights'] as const,

  metadataRows: (mode: Mode, projectId: Id, fileId: Id, query: string) =>
    [...metadata(mode, projectId, fileId), 'rows', query] as const,
  /** A version's facet counts under a selection (`query`: every other active filter, decision 0346). */
  metadataFacets: (mode: Mode, projectId: Id, fileId: Id, versionId: Id, query: string) =>
    [...metadata(mode, projectId, fileId), 'facets', versionId, query] as const,
  metadataElement: (mode: Mode, projectId: Id, fileId: Id, versionId: Id, viewerDbId: number | null) =>
    [...metadata(mode, projectId, fileId), 'element', versionId, viewerDbId] as const,

  /** A version's model validity (its rules, with up to `maxFindings` findings each); `null` is the latest version. */
  validity: (mode: Mode, projectId: Id, fileId: Id, versionId: Id | null, maxFindings: number) =>
    [...project(mode, projectId), 'validity', fileId, versionId ?? 'latest', maxFindings] as const,

  chatContext: (mode: Mode, projectId: Id, fileId: Id | null, versionId: Id | null) =>
    [...project(mode, projectId), 'chat-context', fileId, versionId ?? 'latest'] as const,

  reports,
  reportList: (mode: Mode, projectId: Id) => [...reports(mode, projectId), 'list'] as const,
  reportUsage: (mode: Mode, projectId: Id) => [...reports(mode, projectId), 'usage'] as const,
};

/** The project a key belongs to, when it is under a project's root. */
export function projectOfKey(key: readonly unknown[]): { mode: Mode; projectId: Id } | null {
  const [family, mode, projectId] = key;
  if (family !== 'project' || (mode !== 'live' && mode !== 'demo') || typeof projectId !== 'string')
    return null;
  return { mode, projectId };
}
