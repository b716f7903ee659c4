import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type ApsClientOptions, ApsError } from './aps-client';

/**
 * The part of APS Webhooks (v1) that tells us of new versions (issue 30 item 5, decision 0360), written
 * to Autodesk's documented REST: a two-legged app token (client credentials, `data:read data:write`,
 * which the Webhooks API asks for), `POST /webhooks/v1/systems/data/events/dm.version.added/hooks` on a
 * folder scope (201, the hook in the Location header), `PATCH …/hooks/:id` to set the hook's own
 * secret token and keep it active (the renewal), and the folder of an item (Data Management). The
 * user's three-legged token stays read-only (`data:read viewables:read`).
 */

const TIMEOUT_MS = 30_000;
export const VERSION_ADDED = 'dm.version.added';
const HOOKS_PATH = `/webhooks/v1/systems/data/events/${VERSION_ADDED}/hooks`;
/** The callback's signature header: `sha1hash=<hex HMAC-SHA1 of the body with the hook's token>`. */
export const APS_SIGNATURE_HEADER = 'x-adsk-signature';

export function apsSignature(body: Buffer | string, secret: string): string {
  return `sha1hash=${createHmac('sha1', secret).update(body).digest('hex')}`;
}

export function apsSignatureValid(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(apsSignature(body, secret));
  const given = Buffer.from(header.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The part of a `dm.version.added` callback we read (payload fields as Autodesk documents them). */
export const apsCallbackSchema = z.object({
  hook: z.object({ hookId: z.string().min(1).max(200), event: z.string().max(100) }),
  payload: z
    .object({
      lineageUrn: z.string().max(500).optional(),
      source: z.string().max(500).optional(),
      version: z.union([z.number(), z.string()]).optional(),
    })
    .passthrough(),
});
export type ApsCallback = z.infer<typeof apsCallbackSchema>;

/** A hook as Autodesk describes it (in a list, or in the 409 answer to a duplicate). */
const hookSchema = z
  .object({
    hookId: z.string().min(1).max(200),
    callbackUrl: z.string().optional(),
    scope: z.object({ folder: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();
const hookListSchema = z.object({
  data: z.array(hookSchema),
  links: z.object({ next: z.string().nullable().optional() }).passthrough().optional(),
});
/** Pages of a folder's hooks read to find ours (200 hooks a page). */
const MAX_HOOK_PAGES = 20;

/**
 * The hook in Autodesk's answer that is this one (same callback URL and folder; a detail it leaves
 * out is not held against it), from `hooks` (the 409 answer, as Autodesk documents it) or a lone
 * `hookId`.
 */
function sameHook(body: unknown, hook: { folderId: string; callbackUrl: string }): string | null {
  const parsed = z
    .object({ hooks: z.array(hookSchema).optional(), hookId: z.string().min(1).max(200).optional() })
    .passthrough()
    .safeParse(body);
  if (!parsed.success) return null;
  const match = (parsed.data.hooks ?? []).find(
    (h) =>
      (h.callbackUrl === undefined || h.callbackUrl === hook.callbackUrl) &&
      (h.scope?.folder === undefined || h.scope.folder === hook.folderId),
  );
  return match?.hookId ?? parsed.data.hookId ?? null;
}

export function createApsHooksClient(options: ApsClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetchImpl ?? fetch;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new ApsError(0, 'Autodesk Platform Services could not be reached.');
    }
  }
  async function failure(response: Response, what: string): Promise<ApsError> {
    let detail = '';
    try {
      const body = (await response.json()) as Record<string, unknown>;
      const text = body.detail ?? body.developerMessage ?? body.error_description ?? body.title;
      detail = typeof text === 'string' ? text.slice(0, 200) : '';
    } catch {
      // Not JSON: the status says enough.
    }
    return new ApsError(response.status, `${what} failed (${response.status}${detail ? `: ${detail}` : ''})`);
  }
  const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  /** The folder's `dm.version.added` hook calling `callbackUrl` back, from Autodesk's list (paged). */
  async function findVersionHook(
    token: string,
    hook: { folderId: string; callbackUrl: string },
  ): Promise<string | null> {
    const query = new URLSearchParams({ scopeName: 'folder', scopeValue: hook.folderId });
    let path: string | null = `${HOOKS_PATH}?${query}`;
    for (let page = 0; path && page < MAX_HOOK_PAGES; page++) {
      const response: Response = await send(path, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw await failure(response, 'Listing the Autodesk webhooks');
      const parsed = hookListSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success)
        throw new ApsError(502, "Listing the Autodesk webhooks: Autodesk's answer was not understood");
      const found = sameHook({ hooks: parsed.data.data }, hook);
      if (found) return found;
      const next = parsed.data.links?.next;
      path = next
        ? `${HOOKS_PATH}?${new URLSearchParams({ ...Object.fromEntries(query), pageState: next })}`
        : null;
    }
    return null;
  }

  return {
    /** A two-legged token of this installation's Autodesk app: hooks belong to the app, not a person. */
    async appToken(): Promise<string> {
      const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
      const response = await send('/authentication/v2/token', {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          scope: 'data:read data:write',
        }).toString(),
      });
      if (!response.ok) throw await failure(response, 'Getting the app token');
      const parsed = z
        .object({ access_token: z.string().min(1) })
        .safeParse(await response.json().catch(() => null));
      if (!parsed.success)
        throw new ApsError(502, "Getting the app token: Autodesk's answer was not understood");
      return parsed.data.access_token;
    },

    /** The folder an item is in (`relationships.parent` of the item). */
    async itemFolder(token: string, projectId: string, itemId: string): Promise<string> {
      const response = await send(
        `/data/v1/projects/${encodeURIComponent(projectId)}/items/${encodeURIComponent(itemId)}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      if (!response.ok) throw await failure(response, 'Reading the item');
      const parsed = z
        .object({
          data: z.object({
            relationships: z.object({ parent: z.object({ data: z.object({ id: z.string().min(1) }) }) }),
          }),
        })
        .safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new ApsError(502, "Reading the item: Autodesk's answer was not understood");
      return parsed.data.data.relationships.parent.data.id;
    },

    /**
     * Creates a `dm.version.added` hook on a folder; returns its id (the Location header's last
     * segment). Autodesk keeps one hook per event, callback URL and scope and answers 409 to a second:
     * that hook is ours (another project linked to the same folder, or one whose row we lost), so its
     * id is returned, `existed` true, read from the 409 answer's hook details or, if it names none,
     * from the folder's hooks.
     */
    async createVersionHook(
      token: string,
      hook: {
        folderId: string;
        callbackUrl: string;
        hubId: string;
        projectId: string;
        attribute: Record<string, string>;
      },
    ): Promise<{ hookId: string; existed: boolean }> {
      const response = await send(HOOKS_PATH, {
        method: 'POST',
        headers: json(token),
        body: JSON.stringify({
          callbackUrl: hook.callbackUrl,
          scope: { folder: hook.folderId },
          hubId: hook.hubId,
          projectId: hook.projectId,
          hookAttribute: hook.attribute,
          autoReactivateHook: true,
        }),
      });
      if (response.status === 409) {
        const named = sameHook(await response.json().catch(() => null), hook);
        const hookId = named ?? (await findVersionHook(token, hook));
        if (!hookId) throw new ApsError(502, 'Creating the Autodesk webhook: 409 without the existing hook');
        return { hookId, existed: true };
      }
      if (response.status !== 201) throw await failure(response, 'Creating the Autodesk webhook');
      const hookId = (response.headers.get('location') ?? '').split('/').filter(Boolean).pop();
      if (!hookId) throw new ApsError(502, 'Creating the Autodesk webhook: no hook in the answer');
      return { hookId: decodeURIComponent(hookId), existed: false };
    },

    /**
     * Sets the hook's secret token and keeps it active (the renewal: an inactive hook is switched
     * back on). False when Autodesk no longer has the hook (404), so the caller creates it anew.
     */
    async renewHook(token: string, hookId: string, secret: string): Promise<boolean> {
      const response = await send(`${HOOKS_PATH}/${encodeURIComponent(hookId)}`, {
        method: 'PATCH',
        headers: json(token),
        body: JSON.stringify({ token: secret, status: 'active', autoReactivateHook: true }),
      });
      if (response.status === 404) return false;
      if (!response.ok) throw await failure(response, 'Renewing the Autodesk webhook');
      return true;
    },
  };
}

export type ApsHooksClient = ReturnType<typeof createApsHooksClient>;
