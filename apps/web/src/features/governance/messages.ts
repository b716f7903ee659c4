import type { ApiTokenScope, AuditAction, AuditChainProblem } from '@plumbline/contracts';
import { AUDIT_CHAIN_REASONS } from '@plumbline/contracts';

/**
 * Every sentence the API token and audit trail screens show, in one place so the message catalogue
 * can take them over whole (issue 32; the project is moving to catalogues).
 */
export const GOVERNANCE_TEXT = {
  personalTokensTitle: 'API tokens',
  personalTokensDescription:
    'Tokens let scripts and CI pipelines call the API as you, within their scope. Send one as `Authorization: Bearer <token>`.',
  projectTokensTitle: 'Project API tokens',
  projectTokensDescription: (project: string) =>
    `Tokens that reach ${project} only, for its CI pipeline. They act with your role in the project, within their scope.`,
  newToken: 'New token',
  noTokens: 'No tokens yet.',
  revoke: 'Revoke',
  revoked: 'Token revoked',
  revokeFailed: 'Failed to revoke the token',
  createTitle: 'New API token',
  createDescription:
    'Name it after where it will be used. You will see the token once, right after it is made.',
  nameLabel: 'Name',
  namePlaceholder: 'e.g. CI pipeline',
  scopeLabel: 'Scope',
  expiryLabel: 'Expires in',
  create: 'Create token',
  creating: 'Creating...',
  createFailed: 'Failed to create the token',
  secretTitle: 'Copy your new token',
  secretDescription:
    'This is the only time it is shown. Store it in your CI secrets now; it cannot be shown again.',
  copy: 'Copy',
  copied: 'Token copied',
  done: 'Done',
  loadFailed: 'Failed to load the tokens',
  auditTitle: 'Audit trail',
  auditProjectDescription:
    'Who changed rules, files, members, plans and tokens in this project, when, and what changed.',
  auditInstallationDescription:
    'Every recorded change in this installation, chained by SHA-256 so that an edit in the database shows.',
  allActions: 'All actions',
  actionLabel: 'Action',
  actorLabel: 'Actor e-mail',
  fromLabel: 'From',
  toLabel: 'To',
  exportCsv: 'Export CSV',
  refresh: 'Refresh',
  loadMore: 'Load more',
  noEntries: 'No entries match.',
  installation: 'Installation',
  checkChain: 'Check the chain',
  checking: 'Checking...',
  chainHolds: (checked: number) => `The chain holds: ${checked} entries checked.`,
  chainBroken: (problem: AuditChainProblem) =>
    problem.seq === null
      ? `The chain is broken at its head: ${AUDIT_CHAIN_REASONS[problem.reason]}.`
      : `The chain is broken at entry #${problem.seq} (${problem.action}): ${AUDIT_CHAIN_REASONS[problem.reason]}.`,
  auditLoadFailed: 'Failed to load the audit trail',
} as const;

export const SCOPE_TEXT: Record<ApiTokenScope, { label: string; hint: string }> = {
  read: { label: 'Read', hint: 'Read projects, files and results.' },
  write: { label: 'Write', hint: 'Also upload models and IDS files and change what an Editor may.' },
  admin: { label: 'Admin', hint: 'Everything your role allows, members and plans included.' },
};

export const EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const TOKEN_STATE_TEXT = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

/** How each recorded action reads in the trail. */
export const AUDIT_ACTION_TEXT: Record<AuditAction, string> = {
  'idsfile.uploaded': 'IDS file uploaded',
  'idsfile.replaced': 'IDS file replaced by a new revision',
  'idsfile.deleted': 'IDS file deleted',
  'idsfile.activated': 'IDS file switched on',
  'idsfile.deactivated': 'IDS file switched off',
  'idsfile.requirement_added': 'Requirement added to an IDS',
  'attribute.recommendation_changed': 'Attribute status changed',
  'bimfile.version_uploaded': 'Model version uploaded',
  'bimfile.deleted': 'Model deleted',
  'member.added': 'Member added',
  'member.invited': 'Member invited',
  'member.invitation_accepted': 'Invitation accepted',
  'member.invitation_declined': 'Invitation declined',
  'member.invitation_revoked': 'Invitation revoked',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'project.created': 'Project created',
  'project.updated': 'Project edited',
  'project.deactivated': 'Project deleted',
  'project.ownership_transferred': 'Ownership transferred',
  'project.files_selected': 'Files selected',
  'project.refreshed': 'Project refreshed',
  'project.acc_reconnected': 'Autodesk reconnected',
  'plan.changed': 'Plan changed',
  'plan.canceled': 'Plan cancelled',
  'plan.reactivated': 'Plan reactivated',
  'plan.card_replaced': 'Payment card replaced',
  'plan.invoice_paid': 'Invoice paid',
  'report.requested': 'Report requested',
  'waiver.requested': 'Waiver requested',
  'waiver.approved': 'Waiver approved',
  'waiver.rejected': 'Waiver rejected',
  'waiver.expired': 'Waiver expired',
  'waiver.needs_review': 'Waiver flagged for review (its failure changed)',
  'waiver.settings_changed': 'Waiver self-approval setting changed',
  'report.deleted': 'Report deleted',
  'token.created': 'API token created',
  'token.revoked': 'API token revoked',
  'sso.settings_changed': 'Sign-in settings changed',
  'user.signed_up': 'Account created',
  'user.signed_up_again': 'Account re-created',
  'user.sign_up_repeated': 'Sign-up with a taken address',
  'user.email_verified': 'E-mail verified',
  'user.sso_linked': 'Single sign-on linked',
  'session.created': 'Signed in',
  'session.revoked': 'Signed out',
};

export function actionText(action: string): string {
  return (AUDIT_ACTION_TEXT as Record<string, string>)[action] ?? action;
}
