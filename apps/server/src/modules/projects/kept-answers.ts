import { type $ZodType, safeEncode } from 'zod/v4/core';
import type { Database } from '../../platform/db';
import { requireProjectReader } from './access';

/** What the kept answers of a process may hold, in UTF-16 code units of their JSON (about 2 bytes each). */
const DEFAULT_MAX_CHARS = 16 << 20;

export interface KeptRead {
  /** Null: an anonymous reader (the demo project only, as `requireProjectReader` decides). */
  userId: string | null;
  projectId: string;
  /** The route's name: answers of different routes never share a key. */
  route: string;
  /** Everything else the answer depends on besides the project and the reader's role: query, locale. */
  variant?: string;
}

interface Entry {
  revision: number;
  json: Promise<string>;
  chars: number;
}

/**
 * Project read answers kept as their JSON text, keyed by route, project, the reader's role and the
 * request's other inputs, valid for one revision of the project (decision 0452). Every request still
 * makes the reader check (`requireProjectReader`: the project, the caller's role and the revision in
 * one statement), so a removed member is refused at once and an answer is never older than the
 * revision the request read: the triggers raise it in the same transaction as any change the answer
 * is made of. A miss computes the answer once for every request waiting on it (single flight) and
 * encodes it with the route's response schema as the serializer would; the least recently used
 * answers leave beyond `maxChars`.
 */
export function createKeptAnswers(deps: { db: Database; maxChars?: number }) {
  const { db } = deps;
  const maxChars = deps.maxChars ?? DEFAULT_MAX_CHARS;
  const entries = new Map<string, Entry>();
  let held = 0;
  let computed = 0;

  function forget(key: string, entry: Entry): void {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    held -= entry.chars;
  }

  return {
    /** The answer's JSON text: kept at the project's current revision, or computed by `compute`. */
    async json(read: KeptRead, schema: $ZodType, compute: () => Promise<unknown>): Promise<string> {
      const access = await requireProjectReader({ db, userId: read.userId }, read.projectId);
      const key = `${read.route}\u0000${read.projectId}\u0000${access.role}\u0000${read.variant ?? ''}`;
      const found = entries.get(key);
      if (found && found.revision === access.revision) {
        // Most recently used last: Map keeps insertion order.
        entries.delete(key);
        entries.set(key, found);
        return found.json;
      }
      if (found) forget(key, found);
      computed += 1;
      const entry: Entry = {
        revision: access.revision,
        chars: 0,
        json: compute().then((value) => {
          const encoded = safeEncode(schema, value);
          if (!encoded.success) throw encoded.error;
          return JSON.stringify(encoded.data);
        }),
      };
      entries.set(key, entry);
      try {
        const json = await entry.json;
        if (entries.get(key) === entry && entry.chars === 0) {
          entry.chars = json.length + key.length;
          held += entry.chars;
          for (const [oldest, old] of entries) {
            if (held <= maxChars || old === entry) break;
            forget(oldest, old);
          }
        }
        return json;
      } catch (error) {
        // A refusal or failure is not kept: the next request asks again.
        forget(key, entry);
        throw error;
      }
    },

    /** How many answers were computed rather than served kept (tests). */
    computedCount: () => computed,
  };
}

export type KeptAnswers = ReturnType<typeof createKeptAnswers>;

/**
 * Sends an answer's JSON text as it is: Fastify sends a string with a JSON content type without
 * serializing it again (the kept text was encoded with the route's schema already).
 */
export function sendJson<Reply extends { type(contentType: string): unknown }>(
  reply: Reply,
  json: string,
): Reply {
  (reply.type('application/json; charset=utf-8') as { send(payload: string): unknown }).send(json);
  return reply;
}
