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

    /** Creates a `dm.version.added` hook on a folder; returns its id (the Location header's last segment). */
    async createVersionHook(
      token: string,
      hook: {
        folderId: string;
        callbackUrl: string;
        hubId: string;
        projectId: string;
        attribute: Record<string, string>;
      },
    ): Promise<string> {
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
      if (response.status !== 201) throw await failure(response, 'Creating the Autodesk webhook');
      const hookId = (response.headers.get('location') ?? '').split('/').filter(Boolean).pop();
      if (!hookId) throw new ApsError(502, 'Creating the Autodesk webhook: no hook in the answer');
      return decodeURIComponent(hookId);
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
