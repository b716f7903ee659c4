import type { ContractsMessageId } from './messages';
import type { ProjectRole } from './projects';

/**
 * Who may do what in a project: the one permission table (issue 17). The server declares each route's
 * access from it (`config: { access: routeAccessOf(action) }`) and checks the caller's role with it in
 * the services; the web disables every control whose action the caller's role does not reach and
 * shows `reason`, the id of its message (src/messages/permissions), in the reader's language. Reading (lists, figures, viewer) needs a member (Viewer); the routes that read are
 * declared 'demo-readable' and are not listed here.
 */
export const projectPermissions = {
  'project.edit': {
    role: 'Editor',
    reason: 'permission.project.edit',
    routes: ['PATCH /api/v1/projects/{projectId}'],
  },
  'project.delete': {
    role: 'Admin',
    reason: 'permission.project.delete',
    routes: ['DELETE /api/v1/projects/{projectId}'],
  },
  'project.refresh': {
    role: 'Editor',
    reason: 'permission.project.refresh',
    routes: ['POST /api/v1/projects/{projectId}/refresh'],
  },
  'files.upload': {
    role: 'Editor',
    reason: 'permission.files.upload',
    // Editing an IDS in the Studio needs what uploading one needs (issue 33).
    routes: [
      'POST /api/v1/projects/{projectId}/bimfiles',
      'POST /api/v1/projects/{projectId}/idsfiles',
      'POST /api/v1/projects/{projectId}/ids-studio/live-check',
    ],
  },
  'files.select': {
    role: 'Editor',
    reason: 'permission.files.select',
    routes: ['PUT /api/v1/projects/{projectId}/file-selection'],
  },
  'files.delete': {
    role: 'Editor',
    reason: 'permission.files.delete',
    routes: [
      'DELETE /api/v1/projects/{projectId}/bimfiles/{fileId}',
      'DELETE /api/v1/projects/{projectId}/idsfiles/{idsFileId}',
    ],
  },
  'ids.replace': {
    role: 'Editor',
    reason: 'permission.ids.replace',
    routes: ['POST /api/v1/projects/{projectId}/idsfiles/{idsFileId}/revisions'],
  },
  'ids.toggle': {
    role: 'Editor',
    reason: 'permission.ids.toggle',
    routes: ['PATCH /api/v1/projects/{projectId}/idsfiles/{idsFileId}'],
  },
  'attributes.setStatus': {
    role: 'Editor',
    reason: 'permission.attributes.setStatus',
    routes: ['PATCH /api/v1/projects/{projectId}/attributes/recommendation'],
  },
  'attributes.addToSpecification': {
    role: 'Editor',
    reason: 'permission.attributes.addToSpecification',
    routes: ['POST /api/v1/attributes/add-to-specification'],
  },
  'reports.generate': {
    role: 'Editor',
    reason: 'permission.reports.generate',
    routes: ['POST /api/v1/projects/{projectId}/reports'],
  },
  'reports.delete': {
    role: 'Editor',
    reason: 'permission.reports.delete',
    routes: ['DELETE /api/v1/projects/{projectId}/reports/{reportId}'],
  },
  'acc.connect': {
    role: 'Editor',
    reason: 'permission.acc.connect',
    routes: [
      'POST /api/v1/projects/{projectId}/acc/refresh-tokens',
      'GET /api/v1/auth/aps/login/{projectId}',
    ],
  },
  'viewer.open': {
    role: 'Viewer',
    reason: 'permission.viewer.open',
    routes: [
      'GET /api/v1/aps-token/viewer-token/file/{fileId}',
      'GET /api/v1/aps-token/model-urn/file/{fileId}',
    ],
  },
  'members.manage': {
    role: 'Admin',
    reason: 'permission.members.manage',
    routes: [
      'POST /api/v1/projects/{projectId}/members',
      'PATCH /api/v1/projects/{projectId}/members/{userId}',
      'DELETE /api/v1/projects/{projectId}/members/{userId}',
      'DELETE /api/v1/projects/{projectId}/invitations/{invitationId}',
      'POST /api/v1/projects/{projectId}/owner',
    ],
  },
  'audit.read': {
    role: 'Admin',
    reason: 'permission.audit.read',
    routes: ['GET /api/v1/projects/{projectId}/audit', 'GET /api/v1/projects/{projectId}/audit/export'],
  },
  'tokens.manage': {
    role: 'Admin',
    reason: 'permission.tokens.manage',
    routes: [
      'GET /api/v1/projects/{projectId}/tokens',
      'POST /api/v1/projects/{projectId}/tokens',
      'DELETE /api/v1/projects/{projectId}/tokens/{tokenId}',
    ],
  },
  'billing.manage': {
    role: 'Admin',
    reason: 'permission.billing.manage',
    routes: [
      'POST /api/v1/billing/subscriptions/{subscriptionId}/cancel',
      'POST /api/v1/billing/subscriptions/{subscriptionId}/reactivate',
      'POST /api/v1/billing/subscriptions/{subscriptionId}/upgrade',
      'POST /api/v1/billing/subscriptions/{subscriptionId}/downgrade',
      'PUT /api/v1/billing/subscriptions/{subscriptionId}/card',
      'POST /api/v1/billing/invoices/{invoiceId}/pay',
      'GET /api/v1/billing/billing-history/{invoiceId}/receipt/download',
      'GET /api/v1/billing/invoices/{invoiceId}/pdf',
    ],
  },
  'waivers.request': {
    role: 'Editor',
    reason: 'permission.waivers.request',
    routes: ['POST /api/v1/projects/{projectId}/waivers'],
  },
  'waivers.decide': {
    role: 'Admin',
    reason: 'permission.waivers.decide',
    routes: [
      'POST /api/v1/projects/{projectId}/waivers/{waiverId}/approve',
      'POST /api/v1/projects/{projectId}/waivers/{waiverId}/reject',
      'PUT /api/v1/projects/{projectId}/waiver-settings',
    ],
  },
  'webhooks.manage': {
    role: 'Admin',
    reason: 'permission.webhooks.manage',
    routes: [
      'GET /api/v1/projects/{projectId}/webhooks',
      'POST /api/v1/projects/{projectId}/webhooks',
      'DELETE /api/v1/projects/{projectId}/webhooks/{webhookId}',
      'POST /api/v1/projects/{projectId}/webhooks/{webhookId}/ping',
      'GET /api/v1/projects/{projectId}/webhooks/{webhookId}/deliveries',
      'POST /api/v1/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}/resend',
    ],
  },
} as const satisfies Record<
  string,
  { role: ProjectRole; reason: ContractsMessageId; routes: readonly string[] }
>;

export type ProjectAction = keyof typeof projectPermissions;

const ROLE_RANK: Record<ProjectRole, number> = { Viewer: 1, Editor: 2, Admin: 3 };

/** Whether a member with `role` may take `action`; no role (not a member) may take none. */
export function roleAllows(role: ProjectRole | null | undefined, action: ProjectAction): boolean {
  if (!role) return false;
  return ROLE_RANK[role] >= ROLE_RANK[projectPermissions[action].role];
}

/** Why `role` may not take `action` (the message a disabled control shows), or undefined when it may. */
export function permissionBlockedReason(
  role: ProjectRole | null | undefined,
  action: ProjectAction,
): ContractsMessageId | undefined {
  return roleAllows(role, action) ? undefined : projectPermissions[action].reason;
}

/** The route access kind (server, `config: { access }`) that admits exactly the roles an action needs. */
export const projectRouteAccess = {
  Viewer: 'project-viewer',
  Editor: 'project-editor',
  Admin: 'project-admin',
} as const satisfies Record<ProjectRole, string>;

/** The access a route declares for an action: read from the table, so route and screen cannot differ. */
export function routeAccessOf(action: ProjectAction): (typeof projectRouteAccess)[ProjectRole] {
  return projectRouteAccess[projectPermissions[action].role];
}
