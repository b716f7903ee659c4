import { sql } from 'drizzle-orm';
import type { AccessFixture, CallerKind, ProjectIds } from './access-fixture';
import { multipartBody } from './multipart';
import { call, type TestServer } from './server';

/** What one call of a route sends: path parameters over the project's ids, query, body. */
export interface RouteRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** JSON body. */
  payload?: unknown;
  /** A multipart upload of one file. */
  file?: { name: string; content: Buffer | string };
  /** A session token to use instead of the caller's own (logout spends it). */
  token?: string;
}

export interface RequestContext {
  server: TestServer;
  fixture: AccessFixture;
  /** The project the caller acts on: the demo project for demo callers, 'Tower' for the rest. */
  ids: ProjectIds;
  caller: CallerKind;
  /** The caller's token, null when anonymous. */
  token: string | null;
}

type Build = (ctx: RequestContext) => RouteRequest | Promise<RouteRequest>;

/** A fresh IFC file in the project, so a delete does not take the shared fixture with it. */
async function freshFile(ctx: RequestContext): Promise<string> {
  const owner = ctx.fixture.sessions.owner;
  const body = multipartBody(`spare-${Math.random().toString(36).slice(2)}.ifc`, ctx.fixture.ifc);
  const res = await ctx.server.app.inject({
    method: 'POST',
    url: `/api/v1/projects/${ctx.ids.projectId}/bimfiles`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  // The demo project refuses uploads; a delete there is refused before the id is looked at.
  return res.statusCode === 201 ? res.json().bim_file.id : ctx.ids.fileId;
}

async function freshIdsFile(ctx: RequestContext): Promise<string> {
  const owner = ctx.fixture.sessions.owner;
  const body = multipartBody(`spare-${Math.random().toString(36).slice(2)}.ids`, ctx.fixture.ids);
  const res = await ctx.server.app.inject({
    method: 'POST',
    url: `/api/v1/projects/${ctx.ids.projectId}/idsfiles`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  return res.statusCode === 201 ? res.json().ids_file.id : ctx.ids.idsFileId;
}

async function freshReport(ctx: RequestContext): Promise<string> {
  const res = await call(
    ctx.server,
    ctx.fixture.sessions.owner,
    'POST',
    `/api/v1/projects/${ctx.ids.projectId}/reports`,
    {
      reportType: 'comprehensive',
      name: 'Spare report',
    },
  );
  return res.statusCode === 201 ? res.json().report.id : ctx.ids.reportId;
}

/** The project's current first specification (adding an attribute rewrites the IDS, new ids). */
async function currentSpecification(ctx: RequestContext): Promise<string> {
  const res = await call(
    ctx.server,
    ctx.fixture.sessions.owner,
    'GET',
    `/api/v1/projects/${ctx.ids.projectId}/ids/specifications`,
  );
  return res.json().specifications[0]?.id ?? ctx.ids.specificationId;
}

/** A fresh pending invitation of the project (an address without an account), so a revoke takes no fixture. */
async function freshInvitation(ctx: RequestContext): Promise<string> {
  const owner = ctx.fixture.sessions.owner;
  const email = `invitee.${Math.random().toString(36).slice(2)}@example.com`;
  const base = `/api/v1/projects/${ctx.ids.projectId}/members`;
  await call(ctx.server, owner, 'POST', base, { email, role: 'Viewer' });
  const listed = await call(ctx.server, owner, 'GET', base);
  const invitation = (listed.json().invitations ?? []).find((i: { email: string }) => i.email === email);
  // The demo project refuses invitations; its revoke is refused before the id is looked at.
  return invitation?.id ?? NO_SUCH_INVITATION;
}

/** A fresh webhook of the project, with one delivery (a ping), so a delete takes no other route's hook. */
async function freshWebhook(ctx: RequestContext): Promise<{ webhookId: string; deliveryId: string }> {
  const owner = ctx.fixture.sessions.owner;
  const base = `/api/v1/projects/${ctx.ids.projectId}/webhooks`;
  const created = await call(ctx.server, owner, 'POST', base, {
    name: 'Matrix',
    url: 'https://hooks.example.invalid/matrix',
    format: 'json',
  });
  // The demo project refuses webhooks; its routes are refused before the ids are looked at.
  if (created.statusCode !== 201) return { webhookId: NO_SUCH_INVITATION, deliveryId: NO_SUCH_INVITATION };
  const webhookId = created.json().webhook.id as string;
  const ping = await call(ctx.server, owner, 'POST', `${base}/${webhookId}/ping`);
  return { webhookId, deliveryId: ping.json().delivery.id as string };
}

// A well-formed id of no invitation: the routes of the invitee's own invitations answer 404 for it to
// any signed-in account (the gate is passed), and 401 without one.
const NO_SUCH_INVITATION = '00000000-0000-4000-8000-00000000a11e';

// A well-formed id of no API token: a revoke of it passes the gates and answers 404.
const NO_SUCH_TOKEN = '00000000-0000-4000-8000-0000000070c3';
const NEW_TOKEN = { name: 'Matrix token', scope: 'read', expires_in_days: 1 };

/** A fresh token to revoke: the caller's own personal one, or one of the project made by its owner. */
async function freshToken(ctx: RequestContext, project: boolean): Promise<string> {
  const token = project ? ctx.fixture.sessions.owner.token : ctx.token;
  if (!token) return NO_SUCH_TOKEN;
  const res = await ctx.server.app.inject({
    method: 'POST',
    url: project ? `/api/v1/projects/${ctx.ids.projectId}/tokens` : '/api/v1/tokens',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(NEW_TOKEN),
  });
  // The demo project and unverified accounts make no tokens; their revoke is refused before the id is looked at.
  return res.statusCode === 201 ? res.json().token.id : NO_SUCH_TOKEN;
}

// A well-formed id of no waiver: a decision on it in the demo project is refused before the id is looked at.
const NO_SUCH_WAIVER = '00000000-0000-4000-8000-00000000a1e5';

/**
 * A fresh pending waiver of the project's file to approve or reject, requested by the spare member
 * (so no caller decides their own request); written directly, as the fixture's model may fail nothing.
 */
async function freshWaiver(ctx: RequestContext): Promise<string> {
  const id = crypto.randomUUID();
  await ctx.server.database.db.execute(sql`
    insert into waivers (id, project_id, bim_file_id, scope, specification_key, specification_name, reason,
      expires_at, state, fingerprint, requested_by, requested_at)
    select ${id}, ${ctx.ids.projectId}, ${ctx.ids.fileId}, 'specification', 's_matrix', 'Matrix', 'Matrix',
      now() + interval '30 days', 'requested', '', ${ctx.fixture.spareMember.userId}, now()
    where exists (select 1 from bim_files where id = ${ctx.ids.fileId} and project_id = ${ctx.ids.projectId})`);
  return id;
}

const downloadLinks = new Map<string, Promise<string | null>>();

const samePlan = (ctx: RequestContext) => ({ newTierId: 'skyline', confirmProjectName: ctx.ids.projectName });

/**
 * What each route needs sent so that a refused caller is refused by the access rule, not by input
 * validation (which runs before the services' project checks), and an allowed caller gets past it.
 * Keyed like the OpenAPI document: `METHOD /path/{param}`. A route not listed is called with its
 * path parameters only; the matrix shows at once when that is not enough (400 where 404 is due).
 */
export const routeRequests: Record<string, Build> = {
  'POST /api/v1/auth/logout': async (ctx) => {
    if (!ctx.token) return {};
    // Logout revokes the session it is called with: spend a second one, not the caller's.
    const email = Object.values(ctx.fixture.sessions).find((s) => s.token === ctx.token)?.email;
    const res = await ctx.server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'correct horse battery' },
      remoteAddress: '10.77.0.1',
    });
    return { token: res.json().token };
  },
  'PATCH /api/v1/projects/{projectId}': (ctx) => ({ payload: { name: ctx.ids.projectName } }),
  'POST /api/v1/projects/{projectId}/members': (ctx) => ({
    payload: { email: ctx.fixture.newcomer.email, role: 'Viewer' },
  }),
  'PATCH /api/v1/projects/{projectId}/members/{userId}': () => ({ payload: { role: 'Viewer' } }),
  'DELETE /api/v1/projects/{projectId}/invitations/{invitationId}': async (ctx) => ({
    params: { invitationId: await freshInvitation(ctx) },
  }),
  // To a Viewer: the owner gets past the gate and is told the ownership goes to an Admin only, so the
  // fixture keeps its owner.
  'POST /api/v1/projects/{projectId}/owner': (ctx) => ({
    payload: { userId: ctx.fixture.spareMember.userId },
  }),
  'POST /api/v1/auth/verify-email': () => ({ payload: { token: 'not-a-real-verification-token-000000' } }),
  'POST /api/v1/projects/{projectId}/bimfiles': (ctx) => ({
    file: { name: 'upload.ifc', content: ctx.fixture.ifc },
  }),
  'POST /api/v1/projects/{projectId}/idsfiles': (ctx) => ({
    file: { name: 'upload.ids', content: ctx.fixture.ids },
  }),
  'PATCH /api/v1/projects/{projectId}/idsfiles/{idsFileId}': () => ({ payload: { is_active: true } }),
  'GET /api/v1/ids-studio/schema/{ifcVersion}': () => ({ params: { ifcVersion: 'IFC4' } }),
  'GET /api/v1/projects/{projectId}/ids-studio/model': (ctx) => ({
    query: { file_id: ctx.ids.fileId, version_id: ctx.ids.versionId },
  }),
  'GET /api/v1/projects/{projectId}/ids-studio/values': (ctx) => ({
    query: {
      file_id: ctx.ids.fileId,
      version_id: ctx.ids.versionId,
      property_set: 'Pset_WallCommon',
      name: 'FireRating',
    },
  }),
  'POST /api/v1/projects/{projectId}/ids-studio/live-check': (ctx) => ({
    payload: {
      file_id: ctx.ids.fileId,
      version_id: ctx.ids.versionId,
      ids: ctx.fixture.ids.toString('utf8'),
    },
  }),
  // A revision of a fresh IDS file, so the fixture's own file is not replaced under the other routes.
  'POST /api/v1/projects/{projectId}/idsfiles/{idsFileId}/revisions': async (ctx) => ({
    params: { idsFileId: await freshIdsFile(ctx) },
    file: { name: 'revision.ids', content: ctx.fixture.ids },
  }),
  // The fixture's file has one version: nothing to compare it with (409), past the access gate.
  'GET /api/v1/projects/{projectId}/bimfiles/{fileId}/comparison/changes': () => ({
    query: { specification_key: 's_matrix' },
  }),
  'DELETE /api/v1/projects/{projectId}/idsfiles/{idsFileId}': async (ctx) => ({
    params: { idsFileId: await freshIdsFile(ctx) },
  }),
  'DELETE /api/v1/projects/{projectId}/bimfiles/{fileId}': async (ctx) => ({
    params: { fileId: await freshFile(ctx) },
  }),
  'PATCH /api/v1/projects/{projectId}/attributes/recommendation': () => ({
    payload: { property_set_name: 'Pset_WallCommon', attribute_name: 'FireRating', status: 'pending_review' },
  }),
  'POST /api/v1/attributes/analyze': (ctx) => ({
    payload: {
      project_id: ctx.ids.projectId,
      property_set_name: 'Pset_WallCommon',
      attribute_name: 'FireRating',
    },
  }),
  'POST /api/v1/attributes/add-to-specification': async (ctx) => ({
    payload: {
      specification_id: await currentSpecification(ctx),
      property_set_name: 'Pset_WallCommon',
      property_name: `Matrix${Math.random().toString(36).slice(2, 8)}`,
      usage_type: 'requirement',
      data_type: 'IFCLABEL',
      cardinality: 'optional',
    },
  }),
  'POST /api/v1/ai/chat/{projectId}/{fileId}': () => ({
    payload: { message: 'How many walls are there?', session_id: 'matrix' },
  }),
  'POST /api/v1/projects/{projectId}/bimfiles/{fileId}/elements/highlight': (ctx) => ({
    payload: { element_guids: [ctx.ids.globalId] },
  }),
  'GET /api/v1/projects/{projectId}/bimfiles/{fileId}/metadata/export': () => ({ query: { format: 'csv' } }),
  'PUT /api/v1/projects/{projectId}/file-selection': (ctx) => ({ payload: { file_ids: [ctx.ids.fileId] } }),
  'POST /api/v1/projects/{projectId}/reports': () => ({
    payload: { reportType: 'comprehensive', name: 'Another report' },
  }),
  'DELETE /api/v1/projects/{projectId}/reports/{reportId}': async (ctx) => ({
    params: { reportId: await freshReport(ctx) },
  }),
  'GET /api/v1/reports/{reportId}/file': async (ctx) => {
    // A download link is signed for the caller who asked for it; a caller who may not ask for one
    // presents the owner's (a leaked link). One link per user and report every 30 s: kept.
    const ask = async (token: string | null) => {
      const res = await ctx.server.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${ctx.ids.projectId}/reports/${ctx.ids.reportId}/download`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return res.statusCode === 200 ? (res.json().download_url as string) : null;
    };
    const ownerKey = `${ctx.ids.reportId}:owner`;
    // The owner's own link is the same link: asked twice at once, the second ask would be refused (429).
    const ownKey =
      ctx.token === ctx.fixture.sessions.owner.token ? ownerKey : `${ctx.ids.reportId}:${ctx.token}`;
    // The owner's link is asked first and alone: a caller acting for the same person (one of the owner's
    // API tokens) asked at the same moment could take the 30 s window and leave both without a link.
    if (!downloadLinks.has(ownerKey)) downloadLinks.set(ownerKey, ask(ctx.fixture.sessions.owner.token));
    const ownerLink = await downloadLinks.get(ownerKey);
    if (!downloadLinks.has(ownKey)) downloadLinks.set(ownKey, ask(ctx.token));
    const link = (await downloadLinks.get(ownKey)) ?? ownerLink;
    if (!link) throw new Error('no download link for the report');
    return { query: { token: new URL(link, 'http://x').searchParams.get('token') ?? '' } };
  },
  'POST /api/v1/billing/subscriptions/{subscriptionId}/upgrade': (ctx) => ({ payload: samePlan(ctx) }),
  'POST /api/v1/billing/subscriptions/{subscriptionId}/downgrade': (ctx) => ({ payload: samePlan(ctx) }),
  'POST /api/v1/billing/subscriptions/{subscriptionId}/cancel': () => ({ payload: {} }),
  'POST /api/v1/billing/subscriptions/{subscriptionId}/reactivate': () => ({ payload: {} }),
  'PUT /api/v1/billing/tiers/{tierId}': () => ({ payload: { popular: false } }),
  'PUT /api/v1/billing/subscriptions/{subscriptionId}/card': () => ({
    payload: { card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
  }),
  // The fixture's invoice is paid: an allowed caller is told so (409), the others are refused first.
  'POST /api/v1/billing/invoices/{invoiceId}/pay': () => ({ payload: {} }),
  'POST /api/v1/projects/{projectId}/webhooks': () => ({
    payload: { name: 'Matrix', url: 'https://hooks.example.invalid/matrix', format: 'slack' },
  }),
  'DELETE /api/v1/projects/{projectId}/webhooks/{webhookId}': async (ctx) => ({
    params: await freshWebhook(ctx),
  }),
  'POST /api/v1/projects/{projectId}/webhooks/{webhookId}/ping': async (ctx) => ({
    params: await freshWebhook(ctx),
  }),
  'GET /api/v1/projects/{projectId}/webhooks/{webhookId}/deliveries': async (ctx) => ({
    params: await freshWebhook(ctx),
  }),
  'POST /api/v1/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}/resend': async (ctx) => ({
    params: await freshWebhook(ctx),
  }),
  'PUT /api/v1/profile/project-mail/{projectId}': () => ({ payload: { changes: 'regressions' } }),
  'PUT /api/v1/admin/performance': () => ({ payload: { processing_concurrency: 1, report_concurrency: 1 } }),
  'POST /api/v1/projects/{projectId}/waivers': (ctx) => ({
    payload: {
      file_id: ctx.ids.fileId,
      specification_id: ctx.ids.specificationId,
      scope: 'specification',
      reason: 'Matrix',
      expires_on: new Date(ctx.server.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
  }),
  'POST /api/v1/projects/{projectId}/waivers/{waiverId}/approve': async (ctx) => ({
    params: { waiverId: await freshWaiver(ctx) },
    payload: {},
  }),
  'POST /api/v1/projects/{projectId}/waivers/{waiverId}/reject': async (ctx) => ({
    params: { waiverId: await freshWaiver(ctx) },
    payload: {},
  }),
  'PUT /api/v1/projects/{projectId}/waiver-settings': () => ({ payload: { self_approval: false } }),
  'POST /api/v1/tokens': () => ({ payload: NEW_TOKEN }),
  'POST /api/v1/projects/{projectId}/tokens': () => ({ payload: NEW_TOKEN }),
  'DELETE /api/v1/tokens/{tokenId}': async (ctx) => ({ params: { tokenId: await freshToken(ctx, false) } }),
  'DELETE /api/v1/projects/{projectId}/tokens/{tokenId}': async (ctx) => ({
    params: { tokenId: await freshToken(ctx, true) },
  }),
};

/** Path parameters every route can draw on, from the caller's project. */
export function defaultParams(ctx: RequestContext): Record<string, string | number> {
  return {
    ...ctx.ids,
    userId: ctx.fixture.spareMember.userId,
    tierId: 'blueprint',
    invitationId: NO_SUCH_INVITATION,
    sessionId: 'matrix-session-0000000000',
    hubId: 'matrix-hub',
    // Routes given no builder's ids (invalid-request variants) reach a hook that is not there.
    webhookId: NO_SUCH_INVITATION,
    deliveryId: NO_SUCH_INVITATION,
    tokenId: NO_SUCH_TOKEN,
    waiverId: NO_SUCH_WAIVER,
  };
}
