// A loopback stand-in for the part of Autodesk Platform Services the ACC import uses, speaking APS's
// documented wire format: Authentication v2 (authorize page, token endpoint with PKCE S256, refresh
// with rotation), Data Management JSON:API (hubs, projects, top folders, folder contents, item
// versions, versions), OSS signeds3download, Model Derivative (job, manifest, signedcookies).
// Used by the tests and by `npm run dev:aps`. Listens on 127.0.0.1 only.
// Over 500 lines: one server whose routes share the state of one closure (tokens, folders, items,
// translations, test switches); split into files, that state would have to be passed around.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export interface ApsStandinOptions {
  clientId: string;
  clientSecret: string;
  /** The registered callback URL; authorize refuses any other redirect_uri (settable later). */
  callbackUrl: string;
  /** Folder holding the sample IFC files (../shared/ifc-samples). */
  samplesDir: string;
  port?: number;
  /** Access token lifetime in seconds (default 3600). */
  accessTokenSeconds?: number;
  /** Manifest polls before a translation is done (default 1). */
  translationPolls?: number;
}

interface Version {
  id: string;
  number: number;
  objectKey: string;
  bytes: Buffer;
  /** For .rvt: what Model Derivative makes of it (an IFC), or the failure it reports. */
  translation?: { ifc: Buffer } | { error: string };
}
interface Item {
  id: string;
  name: string;
  folderId: string;
  versions: Version[];
}
interface Folder {
  id: string;
  name: string;
  parentId: string | null;
  projectId: string;
}
interface Project {
  id: string;
  hubId: string;
  name: string;
  type: 'ACC' | 'BIM360';
  /** 403 on every folder call: the user is not a member. */
  forbidden?: boolean;
}

export const STANDIN_USER = { name: 'Alex Builder', email: 'alex.builder@example.com' };

export async function startApsStandin(opts: ApsStandinOptions) {
  const sample = (name: string) => readFileSync(join(opts.samplesDir, name));
  const hubs = [
    { id: 'b.hub-bim360', name: 'Harbour Contractors', region: 'US' },
    { id: 'b.hub-acc', name: 'Cornerstone Build', region: 'EMEA' },
  ];
  const projects: Project[] = [
    { id: 'b.proj-legacy', hubId: 'b.hub-bim360', name: 'Legacy Depot', type: 'BIM360' },
    { id: 'b.proj-harbour', hubId: 'b.hub-acc', name: 'Harbour Tower', type: 'ACC' },
    { id: 'b.proj-empty', hubId: 'b.hub-acc', name: 'Empty Site', type: 'ACC' },
    { id: 'b.proj-locked', hubId: 'b.hub-acc', name: 'Restricted Works', type: 'ACC', forbidden: true },
  ];
  const folders: Folder[] = [];
  const items: Item[] = [];
  let seq = 0;
  const nextId = () => (++seq).toString(36).padStart(6, '0');

  const addFolder = (projectId: string, name: string, parentId: string | null) => {
    const folder = { id: `urn:adsk.wipprod:fs.folder:co.${nextId()}`, name, parentId, projectId };
    folders.push(folder);
    return folder;
  };
  const makeVersion = (item: Item, bytes: Buffer, translation?: Version['translation']): Version => {
    const number = item.versions.length + 1;
    const ext = item.name.split('.').pop();
    return {
      id: `${item.id.replace('dm.lineage', 'fs.file').replace(':lin.', ':vf.')}?version=${number}`,
      number,
      objectKey: `${nextId()}.${ext}`,
      bytes,
      translation,
    };
  };
  const addItem = (
    folderId: string,
    name: string,
    contents: Buffer[],
    translation?: Version['translation'],
  ) => {
    const item: Item = { id: `urn:adsk.wipprod:dm.lineage:lin.${nextId()}`, name, folderId, versions: [] };
    for (const bytes of contents) item.versions.push(makeVersion(item, bytes, translation));
    items.push(item);
    return item;
  };

  // Harbour Tower (ACC): nested folders with IFC, RVT (one that translates, one that fails), a non-BIM file.
  const harbourRoot = addFolder('b.proj-harbour', 'Project Files', null);
  const design = addFolder('b.proj-harbour', 'Design', harbourRoot.id);
  const models = addFolder('b.proj-harbour', 'Models', design.id);
  addItem(models.id, 'Harbour Walls.ifc', [sample('SimpleWall.ifc')]);
  addItem(models.id, 'Harbour Structure.ifc', [
    sample('SimpleWall.ifc'),
    sample('wall_door_columnt_rgb4x3.ifc'),
  ]);
  addItem(design.id, 'Harbour Architecture.rvt', [Buffer.from('RVT stand-in model (architecture)\n')], {
    ifc: sample('AC20-FZK-Haus.ifc'),
  });
  addItem(design.id, 'Damaged Services.rvt', [Buffer.from('RVT stand-in model (damaged)\n')], {
    error: 'Revit file is damaged and could not be opened (TranslationWorker-InternalFailure).',
  });
  addItem(harbourRoot.id, 'Site Plan.pdf', [Buffer.from('%PDF-1.4 stand-in\n')]);
  // Empty Site: folders, but nothing BIM in them.
  const emptyRoot = addFolder('b.proj-empty', 'Project Files', null);
  addItem(emptyRoot.id, 'Brief.docx', [Buffer.from('stand-in document\n')]);
  // Legacy Depot (BIM 360).
  const legacyRoot = addFolder('b.proj-legacy', 'Plans', null);
  addItem(legacyRoot.id, 'Depot.ifc', [sample('SimpleWall.ifc')]);
  addFolder('b.proj-locked', 'Project Files', null);

  // OAuth state.
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string }>();
  const access = new Map<string, { expiresAt: number; scope: string }>();
  const refreshTokens = new Map<string, string>(); // token → granted scope
  const translations = new Map<string, { polls: number }>();
  const requests: { method: string; path: string; authorization: string | null }[] = [];
  const everIssued: string[] = [];
  let failNext: number | null = null;
  let failCount = 0;
  /** Lists shown empty (a user with no hubs, a hub with no projects). */
  const emptied = new Set<'hubs' | 'projects'>();
  let refuseRefresh = false;
  const accessSeconds = opts.accessTokenSeconds ?? 3600;
  let base = '';
  let callbackUrl = opts.callbackUrl;
  /** Webhooks v1: dm.version.added hooks on folders, each with its secret token once PATCHed. */
  interface Hook {
    hookId: string;
    callbackUrl: string;
    folderId: string;
    hubId: string;
    projectId: string;
    hookAttribute: Record<string, unknown>;
    token: string | null;
    status: 'active' | 'inactive';
  }
  const hooks: Hook[] = [];
  const callbacks: { hookId: string; status: number }[] = [];
  /** Whether a 409 to a duplicate hook carries the existing hook's details (Autodesk's answer does). */
  let conflictDetails = true;
  /** A hook as Webhooks v1 describes it (GET lists, the 409 answer to a duplicate). */
  const describeHook = (hook: Hook) => ({
    hookId: hook.hookId,
    tenant: hook.folderId,
    callbackUrl: hook.callbackUrl,
    createdBy: opts.clientId,
    event: 'dm.version.added',
    system: 'data',
    creatorType: 'Application',
    status: hook.status,
    scope: { folder: hook.folderId },
    hookAttribute: hook.hookAttribute,
    autoReactivateHook: true,
    __self__: `/systems/data/events/dm.version.added/hooks/${hook.hookId}`,
  });
  const HOOKS_PATH = '/webhooks/v1/systems/data/events/dm.version.added/hooks';
  const inFolder = (folderId: string, scope: string) => {
    for (let f = folders.find((x) => x.id === folderId); f; f = folders.find((x) => x.id === f?.parentId))
      if (f.id === scope) return true;
    return false;
  };
  /** Webhooks' callback for a version added: POSTed to each active hook whose folder holds the item. */
  const notifyVersionAdded = async (item: Item, version: Version) => {
    for (const hook of hooks.filter((h) => h.status === 'active' && inFolder(item.folderId, h.folderId))) {
      const body = JSON.stringify({
        version: '1.0',
        resourceUrn: version.id,
        hook: {
          hookId: hook.hookId,
          event: 'dm.version.added',
          system: 'data',
          callbackUrl: hook.callbackUrl,
          scope: { folder: hook.folderId },
          hookAttribute: hook.hookAttribute,
          status: hook.status,
        },
        payload: {
          ext: item.name.split('.').pop(),
          name: item.name,
          lineageUrn: item.id,
          source: version.id,
          version: version.number,
          parentFolderUrn: item.folderId,
          project: hook.projectId.replace(/^b\./, ''),
          sizeInBytes: version.bytes.length,
        },
      });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (hook.token)
        headers['x-adsk-signature'] = `sha1hash=${createHmac('sha1', hook.token).update(body).digest('hex')}`;
      const status = await fetch(hook.callbackUrl, { method: 'POST', headers, body })
        .then((r) => r.status)
        .catch(() => 0);
      callbacks.push({ hookId: hook.hookId, status });
    }
  };
  const publish = async (name: string, bytes?: Buffer) => {
    const item = items.find((i) => i.name === name);
    if (!item) return null;
    const last = item.versions.at(-1) as Version;
    const version = makeVersion(item, bytes ?? Buffer.from(last.bytes), last.translation);
    item.versions.push(version);
    await notifyVersionAdded(item, version);
    return version;
  };

  const issue = (scope: string) => {
    const accessToken = `sa-${randomBytes(24).toString('base64url')}`;
    const refreshToken = `sr-${randomBytes(24).toString('base64url')}`;
    access.set(accessToken, { expiresAt: Date.now() + accessSeconds * 1000, scope });
    refreshTokens.set(refreshToken, scope);
    everIssued.push(accessToken, refreshToken);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: accessSeconds,
      refresh_token: refreshToken,
    };
  };

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string | string[]> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/vnd.api+json', ...headers });
    res.end(JSON.stringify(body));
  };
  const html = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(text);
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const jsonApiError = (res: ServerResponse, status: number, detail: string) =>
    send(res, status, { jsonapi: { version: '1.0' }, errors: [{ status: String(status), detail }] });

  const folderResource = (f: Folder) => ({
    type: 'folders',
    id: f.id,
    attributes: { name: f.name, displayName: f.name, extension: { type: 'folders:autodesk.bim360:Folder' } },
  });
  const versionResource = (item: Item, v: Version) => ({
    type: 'versions',
    id: v.id,
    attributes: {
      name: item.name,
      displayName: item.name,
      versionNumber: v.number,
      storageSize: v.bytes.length,
      fileType: item.name.split('.').pop(),
      lastModifiedTime: new Date(Date.UTC(2026, 9, v.number)).toISOString(),
    },
    relationships: {
      item: { data: { type: 'items', id: item.id } },
      storage: { data: { type: 'objects', id: `urn:adsk.objects:os.object:wip.dm.prod/${v.objectKey}` } },
    },
  });
  const findVersion = (versionId: string) => {
    for (const item of items) {
      const v = item.versions.find((x) => x.id === versionId);
      if (v) return { item, version: v };
    }
    return null;
  };
  const projectOf = (id: string) => projects.find((p) => p.id === id);

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization ?? null });

    // Authentication v2: the sign-in page of the fixed test user, and its consent.
    if (path === '/authentication/v2/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== opts.clientId) return html(res, 400, '<p>Unknown client_id</p>');
      if (q.get('redirect_uri') !== callbackUrl)
        return html(res, 400, '<p>redirect_uri does not match the app</p>');
      if (
        q.get('response_type') !== 'code' ||
        q.get('code_challenge_method') !== 'S256' ||
        !q.get('code_challenge')
      )
        return html(res, 400, '<p>PKCE (S256) is required</p>');
      const hidden = [...q]
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
        .join('');
      return html(
        res,
        200,
        `<!doctype html><title>Autodesk sign in (stand-in)</title><h1>Sign in to Autodesk (stand-in)</h1>
<p>Signed in as ${STANDIN_USER.name} (${STANDIN_USER.email}).</p>
<p>Plumbline asks for: ${escapeHtml(q.get('scope') ?? '')}</p>
<form method="get" action="/authentication/v2/consent">${hidden}<button type="submit">Allow</button></form>`,
      );
    }
    if (path === '/authentication/v2/consent') {
      const q = url.searchParams;
      const code = `sc-${randomBytes(16).toString('base64url')}`;
      codes.set(code, {
        challenge: q.get('code_challenge') ?? '',
        redirectUri: q.get('redirect_uri') ?? '',
        scope: q.get('scope') ?? '',
      });
      const target = new URL(q.get('redirect_uri') ?? '');
      target.searchParams.set('code', code);
      target.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: target.toString() });
      return res.end();
    }
    if (path === '/authentication/v2/token' && req.method === 'POST') {
      const expected = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected)
        return send(res, 401, {
          error: 'invalid_client',
          error_description: 'The client credentials are invalid.',
        });
      const form = new URLSearchParams(await readBody(req));
      if (form.get('grant_type') === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!grant || grant.redirectUri !== form.get('redirect_uri'))
          return send(res, 400, {
            error: 'invalid_grant',
            error_description: 'The authorization code is invalid.',
          });
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (challenge !== grant.challenge)
          return send(res, 400, {
            error: 'invalid_grant',
            error_description: 'code_verifier does not match the challenge.',
          });
        return send(res, 200, issue(grant.scope));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        const granted = refreshTokens.get(token);
        if (refuseRefresh || granted === undefined)
          return send(res, 400, {
            error: 'invalid_grant',
            error_description: 'The refresh token is invalid or expired.',
          });
        refreshTokens.delete(token); // rotation: a refresh token works once
        const scope = form.get('scope') ?? granted;
        if (!scope.split(' ').every((s) => granted.split(' ').includes(s)))
          return send(res, 400, {
            error: 'invalid_scope',
            error_description: 'The scope exceeds the grant.',
          });
        const tokens = issue(scope);
        // The new refresh token keeps the original grant's scopes; the access token has the asked ones.
        refreshTokens.set(tokens.refresh_token, granted);
        return send(res, 200, tokens);
      }
      if (form.get('grant_type') === 'client_credentials') {
        // Two-legged: an access token only, no refresh token (Authentication v2).
        const { access_token, token_type, expires_in } = issue(form.get('scope') ?? 'data:read');
        return send(res, 200, { access_token, token_type, expires_in });
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }

    // Signed downloads (what S3 and CloudFront would serve).
    if (path.startsWith('/__s3/')) {
      const key = decodeURIComponent(path.slice('/__s3/'.length));
      const found = items.flatMap((i) => i.versions).find((v) => v.objectKey === key);
      if (!found || url.searchParams.get('X-Amz-Signature') !== 'standin')
        return html(res, 403, 'AccessDenied');
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': found.bytes.length,
      });
      return res.end(found.bytes);
    }
    if (path.startsWith('/__cdn/')) {
      const versionId = decodeURIComponent(path.slice('/__cdn/'.length));
      const found = findVersion(versionId);
      const translation = found?.version.translation;
      if (
        !found ||
        !translation ||
        !('ifc' in translation) ||
        !(req.headers.cookie ?? '').includes('CloudFront-Signature=standin')
      )
        return html(res, 403, 'AccessDenied');
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(translation.ifc);
    }

    // Everything below needs a valid bearer token.
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const grant = access.get(bearer);
    if (failNext !== null) {
      const status = failNext;
      failCount -= 1;
      if (failCount <= 0) failNext = null;
      return send(res, status, {
        developerMessage: 'The authorization token is expired or invalid.',
        errorCode: 'AUTH-006',
      });
    }
    if (!grant || grant.expiresAt < Date.now())
      return send(res, 401, {
        developerMessage: 'The authorization token is expired or invalid.',
        errorCode: 'AUTH-006',
      });
    const needsData = !path.startsWith('/modelderivative/') || !path.endsWith('/manifest');
    if (needsData && !grant.scope.split(' ').includes('data:read'))
      return send(res, 403, {
        developerMessage: 'Token does not have the privilege for this request.',
        errorCode: 'AUTH-010',
      });

    if (path === '/project/v1/hubs') {
      return send(res, 200, {
        jsonapi: { version: '1.0' },
        data: (emptied.has('hubs') ? [] : hubs).map((h) => ({
          type: 'hubs',
          id: h.id,
          attributes: { name: h.name, region: h.region, extension: { type: 'hubs:autodesk.bim360:Account' } },
        })),
      });
    }
    const m1 = /^\/project\/v1\/hubs\/([^/]+)\/projects$/.exec(path);
    if (m1) {
      const hubId = decodeURIComponent(m1[1] as string);
      if (!hubs.some((h) => h.id === hubId)) return jsonApiError(res, 404, 'Hub not found');
      const limit = Number(url.searchParams.get('page[limit]') ?? 200);
      const list = emptied.has('projects') ? [] : projects.filter((p) => p.hubId === hubId).slice(0, limit);
      return send(res, 200, {
        jsonapi: { version: '1.0' },
        data: list.map((p) => ({
          type: 'projects',
          id: p.id,
          attributes: {
            name: p.name,
            extension: { type: 'projects:autodesk.bim360:Project', data: { projectType: p.type } },
          },
        })),
      });
    }
    const m2 = /^\/project\/v1\/hubs\/([^/]+)\/projects\/([^/]+)\/topFolders$/.exec(path);
    if (m2) {
      const project = projectOf(decodeURIComponent(m2[2] as string));
      if (!project || project.hubId !== decodeURIComponent(m2[1] as string))
        return jsonApiError(res, 404, 'Project not found');
      if (project.forbidden) return jsonApiError(res, 403, 'You do not have access to this project.');
      const top = folders.filter((f) => f.projectId === project.id && f.parentId === null);
      return send(res, 200, { jsonapi: { version: '1.0' }, data: top.map(folderResource) });
    }
    const m3 = /^\/data\/v1\/projects\/([^/]+)\/folders\/([^/]+)\/contents$/.exec(path);
    if (m3) {
      const project = projectOf(decodeURIComponent(m3[1] as string));
      const folderId = decodeURIComponent(m3[2] as string);
      const folder = folders.find((f) => f.id === folderId && f.projectId === project?.id);
      if (!project || !folder) return jsonApiError(res, 404, 'Folder not found');
      if (project.forbidden) return jsonApiError(res, 403, 'You do not have access to this project.');
      // One entry per page, so the client must follow links.next.
      const entries = [
        ...folders.filter((f) => f.parentId === folder.id).map(folderResource),
        ...items
          .filter((i) => i.folderId === folder.id)
          .map((i) => ({
            type: 'items',
            id: i.id,
            attributes: { displayName: i.name, extension: { type: 'items:autodesk.bim360:File' } },
          })),
      ];
      const offset = Number(url.searchParams.get('page[number]') ?? 0);
      const pageEntries = entries.slice(offset, offset + 1);
      const next = offset + 1 < entries.length ? `${base}${path}?page[number]=${offset + 1}` : undefined;
      return send(res, 200, {
        jsonapi: { version: '1.0' },
        data: pageEntries,
        links: { self: { href: `${base}${path}` }, ...(next ? { next: { href: next } } : {}) },
      });
    }
    const mItem = /^\/data\/v1\/projects\/([^/]+)\/items\/([^/]+)$/.exec(path);
    if (mItem) {
      const item = items.find((i) => i.id === decodeURIComponent(mItem[2] as string));
      if (!item) return jsonApiError(res, 404, 'Item not found');
      return send(res, 200, {
        jsonapi: { version: '1.0' },
        data: {
          type: 'items',
          id: item.id,
          attributes: { displayName: item.name, extension: { type: 'items:autodesk.bim360:File' } },
          relationships: { parent: { data: { type: 'folders', id: item.folderId } } },
        },
      });
    }
    if (path.startsWith('/webhooks/v1/')) {
      if (!grant.scope.split(' ').includes('data:write'))
        return send(res, 403, {
          code: 'AUTH-010',
          detail: 'Token does not have the privilege for this request.',
        });
      if (path === HOOKS_PATH && req.method === 'POST') {
        const body = JSON.parse((await readBody(req)) || '{}') as {
          callbackUrl?: string;
          scope?: { folder?: string };
          hubId?: string;
          projectId?: string;
          hookAttribute?: Record<string, unknown>;
        };
        const folderId = body.scope?.folder ?? '';
        if (!body.callbackUrl || !folders.some((f) => f.id === folderId))
          return send(res, 400, {
            code: 'VALIDATION_ERROR',
            detail: 'callbackUrl and scope.folder are required.',
          });
        const duplicate = hooks.find((h) => h.folderId === folderId && h.callbackUrl === body.callbackUrl);
        if (duplicate)
          return send(res, 409, {
            id: randomBytes(16).toString('hex'),
            status: 409,
            code: 'CONFLICT_ERROR',
            detail: ['Failed to create new hook(s) for the specified event', 'Hook already exists'],
            ...(conflictDetails ? { hooks: [describeHook(duplicate)] } : {}),
          });
        const hookId = `hook-${nextId()}`;
        hooks.push({
          hookId,
          callbackUrl: body.callbackUrl,
          folderId,
          hubId: body.hubId ?? '',
          projectId: body.projectId ?? '',
          hookAttribute: body.hookAttribute ?? {},
          token: null,
          status: 'active',
        });
        res.writeHead(201, { location: `${base}${HOOKS_PATH}/${hookId}` });
        return res.end();
      }
      if (path === HOOKS_PATH && req.method === 'GET') {
        // One page; scopeName/scopeValue narrow the list to a folder's hooks.
        const scope =
          url.searchParams.get('scopeName') === 'folder' ? url.searchParams.get('scopeValue') : null;
        const listed = hooks.filter((h) => scope === null || h.folderId === scope);
        return send(res, 200, { links: { next: null }, data: listed.map(describeHook) });
      }
      const mHook = new RegExp(`^${HOOKS_PATH}/([^/]+)$`).exec(path);
      if (mHook && req.method === 'PATCH') {
        const hook = hooks.find((h) => h.hookId === decodeURIComponent(mHook[1] as string));
        if (!hook) return send(res, 404, { code: 'NOT_FOUND', detail: 'Hook not found.' });
        const body = JSON.parse((await readBody(req)) || '{}') as { token?: string; status?: string };
        if (typeof body.token === 'string') hook.token = body.token;
        if (body.status === 'active' || body.status === 'inactive') hook.status = body.status;
        res.writeHead(204);
        return res.end();
      }
      return send(res, 404, { code: 'NOT_FOUND', detail: `No route ${path}` });
    }
    const m4 = /^\/data\/v1\/projects\/([^/]+)\/items\/([^/]+)\/versions$/.exec(path);
    if (m4) {
      const item = items.find((i) => i.id === decodeURIComponent(m4[2] as string));
      if (!item) return jsonApiError(res, 404, 'Item not found');
      const list = [...item.versions].reverse().map((v) => versionResource(item, v));
      return send(res, 200, { jsonapi: { version: '1.0' }, data: list });
    }
    const m5 = /^\/data\/v1\/projects\/([^/]+)\/versions\/([^/]+)$/.exec(path);
    if (m5) {
      const found = findVersion(decodeURIComponent(m5[2] as string));
      if (!found) return jsonApiError(res, 404, 'Version not found');
      return send(res, 200, {
        jsonapi: { version: '1.0' },
        data: versionResource(found.item, found.version),
      });
    }
    const m6 = /^\/oss\/v2\/buckets\/wip\.dm\.prod\/objects\/([^/]+)\/signeds3download$/.exec(path);
    if (m6) {
      const key = decodeURIComponent(m6[1] as string);
      const found = items.flatMap((i) => i.versions).find((v) => v.objectKey === key);
      if (!found) return send(res, 404, { reason: 'Object not found' });
      return send(res, 200, {
        status: 'complete',
        url: `${base}/__s3/${encodeURIComponent(key)}?X-Amz-Signature=standin`,
        size: found.bytes.length,
      });
    }
    if (path === '/modelderivative/v2/designdata/job' && req.method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as { input?: { urn?: string } };
      const versionId = Buffer.from(body.input?.urn ?? '', 'base64url').toString('utf8');
      const found = findVersion(versionId);
      if (!found?.version.translation)
        return send(res, 400, { diagnostic: 'The source is not a translatable design.' });
      if (!translations.has(versionId)) translations.set(versionId, { polls: 0 });
      return send(res, 200, { result: 'created', urn: body.input?.urn });
    }
    const m7 = /^\/modelderivative\/v2\/designdata\/([^/]+)\/manifest$/.exec(path);
    if (m7) {
      const versionId = Buffer.from(m7[1] as string, 'base64url').toString('utf8');
      const found = findVersion(versionId);
      const job = translations.get(versionId);
      if (!found?.version.translation || !job) return send(res, 404, { diagnostic: 'Manifest not found' });
      job.polls += 1;
      const done = job.polls > (opts.translationPolls ?? 1);
      const translation = found.version.translation;
      const status = !done ? 'inprogress' : 'ifc' in translation ? 'success' : 'failed';
      return send(res, 200, {
        urn: m7[1],
        status,
        progress: done ? 'complete' : '50% complete',
        derivatives: [
          {
            outputType: 'ifc',
            status,
            ...(status === 'failed'
              ? {
                  messages: [
                    {
                      type: 'error',
                      code: 'TranslationWorker-InternalFailure',
                      message: (translation as { error: string }).error,
                    },
                  ],
                }
              : {}),
            children:
              status === 'success'
                ? [
                    {
                      urn: `urn:adsk.viewing:fs.file:${m7[1]}/output/${found.item.name.replace(/\.rvt$/i, '.ifc')}`,
                      role: 'ifc',
                      mime: 'application/octet-stream',
                    },
                  ]
                : [],
          },
        ],
      });
    }
    const m8 = /^\/modelderivative\/v2\/designdata\/([^/]+)\/manifest\/([^/]+)\/signedcookies$/.exec(path);
    if (m8) {
      const versionId = Buffer.from(m8[1] as string, 'base64url').toString('utf8');
      return send(
        res,
        200,
        { url: `${base}/__cdn/${encodeURIComponent(versionId)}`, 'content-type': 'application/octet-stream' },
        {
          'set-cookie': [
            'CloudFront-Policy=standin; Path=/',
            'CloudFront-Key-Pair-Id=standin; Path=/',
            'CloudFront-Signature=standin; Path=/',
          ],
        },
      );
    }
    return jsonApiError(res, 404, `No route ${path}`);
  }

  const server = createServer((req, res) => {
    // Test controls, also usable by hand while trying the app with `npm run dev:aps`.
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/__standin/')) {
      const action = url.pathname.slice('/__standin/'.length);
      if (action === 'fail-next') {
        failNext = Number(url.searchParams.get('status') ?? 401);
        failCount = Number(url.searchParams.get('count') ?? 1);
      } else if (action === 'refuse-refresh') refuseRefresh = url.searchParams.get('on') !== 'false';
      else if (action === 'expire-tokens') for (const grant of access.values()) grant.expiresAt = 0;
      else if (action === 'add-version') {
        const item = items.find((i) => i.name === url.searchParams.get('name'));
        if (!item) return send(res, 404, { error: 'no such item' });
        const last = item.versions.at(-1) as Version;
        item.versions.push(makeVersion(item, Buffer.from(last.bytes), last.translation));
      } else if (action === 'publish-version') {
        // A version as Autodesk publishes it: added, then the webhooks on its folder called back.
        void publish(url.searchParams.get('name') ?? '').then((v) =>
          v ? send(res, 200, { ok: true, version: v.id }) : send(res, 404, { error: 'no such item' }),
        );
        return;
      } else if (action === 'drop-hooks') hooks.length = 0;
      else if (action === 'hooks') return send(res, 200, { hooks, callbacks });
      else return send(res, 404, { error: 'unknown control' });
      return send(res, 200, { ok: true });
    }
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    /** The registered callback, once the app's address is known. */
    setCallbackUrl(url: string) {
      callbackUrl = url;
    },
    /** Every request the stand-in received (method, path, Authorization header), for assertions. */
    requests,
    /** The next `count` authenticated API calls answer `status` (401 drives the reconnect flow). */
    failNext(status = 401, count = 1) {
      failNext = status;
      failCount = count;
    },
    /** Shows the hub list, or every hub's project list, empty (or not, with `on` false). */
    setEmpty(list: 'hubs' | 'projects', on = true) {
      if (on) emptied.add(list);
      else emptied.delete(list);
    },
    /** Refresh tokens are refused (invalid_grant) until turned off. */
    refuseRefresh(on = true) {
      refuseRefresh = on;
    },
    /** Every access token issued so far expires now. */
    expireAccessTokens() {
      for (const grant of access.values()) grant.expiresAt = 0;
    },
    /** Adds a version to the item of that name (same content as its latest). */
    addVersion(name: string) {
      const item = items.find((i) => i.name === name);
      if (!item) throw new Error(`no item ${name}`);
      const last = item.versions.at(-1) as Version;
      item.versions.push(makeVersion(item, Buffer.from(last.bytes), last.translation));
    },
    /**
     * Publishes a new version (`bytes`, else the same content as the latest) and calls back the
     * webhooks on its folder.
     */
    async publishVersion(name: string, bytes?: Buffer) {
      const version = await publish(name, bytes);
      if (!version) throw new Error(`no item ${name}`);
      return version.id;
    },
    /** The webhooks registered, and each callback made with the receiver's answer. */
    hooks: () => hooks.map((h) => ({ ...h })),
    callbacks: () => [...callbacks],
    /** Whether the 409 answer to a duplicate hook names the existing one (on by default, as Autodesk). */
    conflictDetails(on = true) {
      conflictDetails = on;
    },
    /** Autodesk forgets every hook (deleted, expired): the app must create them anew. */
    dropHooks() {
      hooks.length = 0;
    },
    /** Every access token the stand-in has issued (a test greps logs and the database for them). */
    issuedTokens: () => [...everIssued],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type ApsStandin = Awaited<ReturnType<typeof startApsStandin>>;
