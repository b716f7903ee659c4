import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AccFile, AccHub, AccProject } from '@plumbline/contracts';
import { z } from 'zod';
import { formatBytes } from '../bimfiles';
import type { ApsTokens } from './token-seal';

/**
 * A thin client on fetch for the part of Autodesk Platform Services the ACC import uses, written to
 * APS's documented REST (decision 0154): Authentication v2 (three-legged, PKCE), Data Management
 * (hubs, projects, folders, items, versions), OSS signed downloads, Model Derivative (IFC output).
 * Every call is bounded: a timeout, a page limit, a depth limit and an item limit.
 */

/** Read-only access (spec 1 §1); viewables:read lets the short-lived viewer token be narrowed to it. */
export const APS_SCOPES = 'data:read viewables:read';
export const VIEWER_SCOPE = 'viewables:read';

const TIMEOUT_MS = 30_000;
const MAX_PAGES = 50;
const MAX_FOLDER_DEPTH = 12;
const MAX_BIM_ITEMS = 500;
const MAX_FOLDERS = 2_000;

/** An answer from Autodesk that was not a success, with its HTTP status (0: unreachable). */
export class ApsError extends Error {
  override name = 'ApsError';
  constructor(
    readonly status: number,
    message: string,
    /** OAuth's error code (invalid_grant, …) when Autodesk gave one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
  get isAuth(): boolean {
    return this.status === 401 || this.code === 'invalid_grant';
  }
}

export interface ApsClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Model Derivative's urn of a source: the base64url of its id, unpadded. */
export function derivativeUrn(versionId: string): string {
  return Buffer.from(versionId, 'utf8').toString('base64url');
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number(),
});

const resource = z.object({
  type: z.string(),
  id: z.string(),
  attributes: z.record(z.string(), z.unknown()).default({}),
  relationships: z.record(z.string(), z.unknown()).optional(),
});
type Resource = z.infer<typeof resource>;
const page = z.object({
  data: z.array(resource).default([]),
  included: z.array(resource).optional(),
  links: z.object({ next: z.object({ href: z.string() }).optional() }).optional(),
});

function attr(r: Resource, key: string): unknown {
  return r.attributes[key];
}
function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}
function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}
function extensionData(r: Resource): Record<string, unknown> {
  const ext = r.attributes.extension as { data?: Record<string, unknown> } | undefined;
  return ext?.data ?? {};
}
function bimType(name: string): 'ifc' | 'rvt' | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.ifc')) return 'ifc';
  if (lower.endsWith('.rvt')) return 'rvt';
  return null;
}

export interface ItemVersion {
  id: string;
  versionNumber: number;
  size: number;
  name: string;
}

export interface TranslationStatus {
  state: 'pending' | 'success' | 'failed';
  /** The IFC derivative's urn once the translation has succeeded. */
  ifcUrn: string | null;
  /** Autodesk's message when it failed. */
  message: string | null;
}

export function createApsClient(options: ApsClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
    } catch {
      throw new ApsError(0, 'Autodesk Platform Services could not be reached.');
    }
  }

  /** Autodesk's error text without echoing anything we sent (never a token). */
  async function failure(response: Response, what: string): Promise<ApsError> {
    let code: string | null = null;
    let detail = '';
    try {
      const body = (await response.json()) as Record<string, unknown>;
      code = typeof body.error === 'string' ? body.error : null;
      const text = body.error_description ?? body.developerMessage ?? body.detail ?? body.message;
      const errors = body.errors as { detail?: string }[] | undefined;
      detail = str(text) || str(errors?.[0]?.detail);
    } catch {
      // Not JSON: the status says enough.
    }
    const message = `${what} failed (${response.status}${detail ? `: ${detail.slice(0, 200)}` : ''})`;
    return new ApsError(response.status, message, code);
  }

  async function getJson<T>(token: string, path: string, schema: z.ZodType<T>, what: string): Promise<T> {
    const url = path.startsWith('http') ? path : `${base}${path}`;
    // Pages Autodesk links to must stay on Autodesk's address.
    if (!url.startsWith(`${base}/`)) throw new ApsError(502, `${what}: unexpected address in a page link`);
    const response = await send(url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw await failure(response, what);
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new ApsError(502, `${what}: Autodesk's answer was not understood`);
    return parsed.data;
  }

  async function pages(token: string, path: string, what: string): Promise<z.infer<typeof page>[]> {
    const out: z.infer<typeof page>[] = [];
    let next: string | undefined = path;
    while (next && out.length < MAX_PAGES) {
      const current: z.infer<typeof page> = await getJson(token, next, page, what);
      out.push(current);
      next = current.links?.next?.href;
    }
    return out;
  }

  async function tokenRequest(form: Record<string, string>, what: string): Promise<ApsTokens> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await send(`${base}/authentication/v2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
    });
    if (!response.ok) throw await failure(response, what);
    const parsed = tokenSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new ApsError(502, `${what}: Autodesk's answer was not understood`);
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token,
      expiresAt: now() + parsed.data.expires_in * 1000,
    };
  }

  async function itemVersions(token: string, projectId: string, itemId: string): Promise<ItemVersion[]> {
    const all = await pages(
      token,
      `/data/v1/projects/${encodeURIComponent(projectId)}/items/${encodeURIComponent(itemId)}/versions`,
      'Listing versions',
    );
    return all
      .flatMap((p) => p.data)
      .filter((r) => r.type === 'versions')
      .map((r) => ({
        id: r.id,
        versionNumber: num(attr(r, 'versionNumber')),
        size: num(attr(r, 'storageSize')),
        name: str(attr(r, 'name')) || str(attr(r, 'displayName')),
      }))
      .sort((a, b) => b.versionNumber - a.versionNumber);
  }

  return {
    authorizeUrl(input: { state: string; codeChallenge: string }): string {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: options.callbackUrl,
        scope: APS_SCOPES,
        state: input.state,
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
      });
      return `${base}/authentication/v2/authorize?${query}`;
    },

    exchangeCode(code: string, codeVerifier: string): Promise<ApsTokens> {
      return tokenRequest(
        {
          grant_type: 'authorization_code',
          code,
          code_verifier: codeVerifier,
          redirect_uri: options.callbackUrl,
        },
        'Signing in with Autodesk',
      );
    },

    /** A new access token; `scope` narrows it (the viewer token asks for viewables:read only). */
    refresh(refreshToken: string, scope: string = APS_SCOPES): Promise<ApsTokens> {
      return tokenRequest(
        { grant_type: 'refresh_token', refresh_token: refreshToken, scope },
        'Refreshing the Autodesk token',
      );
    },

    /** BIM 360 and ACC hubs (spec 1 §3 Hub); a hub is ACC when its projects are ACC projects. */
    async hubs(token: string): Promise<AccHub[]> {
      const all = (await pages(token, '/project/v1/hubs', 'Listing hubs')).flatMap((p) => p.data);
      const accounts = all.filter((r) => {
        const ext = r.attributes.extension as { type?: string } | undefined;
        return ext?.type === 'hubs:autodesk.bim360:Account';
      });
      return Promise.all(
        accounts.map(async (hub) => {
          const first = await getJson(
            token,
            `/project/v1/hubs/${encodeURIComponent(hub.id)}/projects?page[limit]=1`,
            page,
            'Listing projects',
          ).catch(() => null);
          const project = first?.data[0];
          const isAcc = project ? extensionData(project).projectType === 'ACC' : false;
          return {
            id: hub.id,
            name: str(attr(hub, 'name'), hub.id),
            region: str(attr(hub, 'region'), 'US'),
            type: isAcc ? ('ACC' as const) : ('BIM 360' as const),
          };
        }),
      );
    },

    async projects(token: string, hubId: string): Promise<AccProject[]> {
      const all = await pages(
        token,
        `/project/v1/hubs/${encodeURIComponent(hubId)}/projects`,
        'Listing projects',
      );
      return all
        .flatMap((p) => p.data)
        .filter((r) => r.type === 'projects')
        .map((r) => ({
          id: r.id,
          name: str(attr(r, 'name'), r.id),
          type: str(extensionData(r).projectType, 'BIM360') === 'ACC' ? 'ACC' : 'BIM 360',
          lastModified: str(attr(r, 'lastModifiedTime')) || null,
        }));
    },

    /** Every .ifc and .rvt item under the project's top folders, with its versions (spec 1 §3 ACC file). */
    async bimFiles(token: string, hubId: string, projectId: string): Promise<AccFile[]> {
      const top = await pages(
        token,
        `/project/v1/hubs/${encodeURIComponent(hubId)}/projects/${encodeURIComponent(projectId)}/topFolders`,
        'Listing folders',
      );
      const queue: { id: string; depth: number }[] = top
        .flatMap((p) => p.data)
        .filter((r) => r.type === 'folders')
        .map((r) => ({ id: r.id, depth: 0 }));
      const items: { id: string; name: string }[] = [];
      let visited = 0;
      while (queue.length > 0 && items.length < MAX_BIM_ITEMS && visited < MAX_FOLDERS) {
        const folder = queue.shift() as { id: string; depth: number };
        visited += 1;
        const contents = await pages(
          token,
          `/data/v1/projects/${encodeURIComponent(projectId)}/folders/${encodeURIComponent(folder.id)}/contents`,
          'Listing folder contents',
        );
        for (const r of contents.flatMap((p) => p.data)) {
          if (r.type === 'folders' && folder.depth + 1 < MAX_FOLDER_DEPTH)
            queue.push({ id: r.id, depth: folder.depth + 1 });
          const name = str(attr(r, 'displayName'));
          if (r.type === 'items' && bimType(name) && items.length < MAX_BIM_ITEMS)
            items.push({ id: r.id, name });
        }
      }
      const files = await Promise.all(
        items.map(async (item): Promise<AccFile> => {
          const versions = await itemVersions(token, projectId, item.id);
          const total = versions.reduce((sum, v) => sum + v.size, 0);
          return {
            id: item.id,
            name: item.name,
            size: formatBytes(total),
            sizeBytes: total,
            latestSize: versions[0]?.size ?? 0,
            versionCount: versions.length,
            type: bimType(item.name) ?? 'ifc',
            versions: versions.map((v) => ({ id: v.id, size: v.size })),
            allVersionIds: versions.map((v) => v.id),
          };
        }),
      );
      return files.sort((a, b) => a.name.localeCompare(b.name));
    },

    itemVersions,

    /** The version's bytes: its storage object's signed S3 download (OSS v2). */
    async download(token: string, projectId: string, versionId: string): Promise<Readable> {
      const version = await getJson(
        token,
        `/data/v1/projects/${encodeURIComponent(projectId)}/versions/${encodeURIComponent(versionId)}`,
        z.object({ data: resource }),
        'Reading the version',
      );
      const storage = (version.data.relationships?.storage as { data?: { id?: string } } | undefined)?.data
        ?.id;
      const match = /^urn:adsk\.objects:os\.object:([^/]+)\/(.+)$/.exec(storage ?? '');
      if (!match) throw new ApsError(502, 'The version has no stored file to download.');
      const [, bucket, object] = match as unknown as [string, string, string];
      const signed = await getJson(
        token,
        `/oss/v2/buckets/${encodeURIComponent(bucket)}/objects/${encodeURIComponent(object)}/signeds3download`,
        z.object({ url: z.string().url() }),
        'Preparing the download',
      );
      return fetchBody(signed.url, {}, 'Downloading the file');
    },

    /** Starts an RVT → IFC translation (Model Derivative); a job already done is not redone. */
    async startIfcTranslation(token: string, versionId: string): Promise<void> {
      const response = await send(`${base}/modelderivative/v2/designdata/job`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          input: { urn: derivativeUrn(versionId) },
          output: { formats: [{ type: 'ifc' }] },
        }),
      });
      if (!response.ok) throw await failure(response, 'Starting the RVT to IFC translation');
    },

    async translationStatus(token: string, versionId: string): Promise<TranslationStatus> {
      const manifest = await getJson(
        token,
        `/modelderivative/v2/designdata/${derivativeUrn(versionId)}/manifest`,
        z.object({
          status: z.string(),
          derivatives: z
            .array(
              z.object({
                outputType: z.string().optional(),
                status: z.string().optional(),
                messages: z.array(z.object({ type: z.string().optional(), message: z.unknown() })).optional(),
                children: z
                  .array(z.object({ urn: z.string().optional(), role: z.string().optional() }))
                  .optional(),
              }),
            )
            .default([]),
        }),
        'Reading the translation',
      );
      const ifc = manifest.derivatives.find((d) => d.outputType === 'ifc');
      const state = ifc?.status ?? manifest.status;
      if (state === 'success') {
        const child = ifc?.children?.find((c) => c.role === 'ifc' && c.urn);
        if (!child?.urn)
          return { state: 'failed', ifcUrn: null, message: 'The translation produced no IFC file.' };
        return { state: 'success', ifcUrn: child.urn, message: null };
      }
      if (state === 'failed' || state === 'timeout') {
        const error = ifc?.messages?.find((m) => m.type === 'error') ?? ifc?.messages?.[0];
        const text = Array.isArray(error?.message) ? error.message.join(' ') : str(error?.message);
        return {
          state: 'failed',
          ifcUrn: null,
          message: text || `The translation ${state === 'timeout' ? 'timed out' : 'failed'}.`,
        };
      }
      return { state: 'pending', ifcUrn: null, message: null };
    },

    /** The IFC derivative's bytes, through its signed cookies (Model Derivative v2). */
    async downloadDerivative(token: string, versionId: string, ifcUrn: string): Promise<Readable> {
      const response = await send(
        `${base}/modelderivative/v2/designdata/${derivativeUrn(versionId)}/manifest/${encodeURIComponent(ifcUrn)}/signedcookies`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      if (!response.ok) throw await failure(response, 'Preparing the IFC download');
      const body = z.object({ url: z.string().url() }).safeParse(await response.json().catch(() => null));
      if (!body.success)
        throw new ApsError(502, "Preparing the IFC download: Autodesk's answer was not understood");
      const cookies = response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      return fetchBody(body.data.url, cookies ? { cookie: cookies } : {}, 'Downloading the IFC file');
    },
  };

  async function fetchBody(url: string, headers: Record<string, string>, what: string): Promise<Readable> {
    let response: Response;
    try {
      response = await doFetch(url, { headers, signal: AbortSignal.timeout(30 * 60_000) });
    } catch {
      throw new ApsError(0, `${what}: the file could not be reached.`);
    }
    if (!response.ok || !response.body) throw await failure(response, what);
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }
}

export type ApsClient = ReturnType<typeof createApsClient>;
