import { createHash } from 'node:crypto';

/** The hash the first entry follows (the chain head's starting value, migration 0042). */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: every recorded field, its place in the chain and the hash before it. */
export interface ChainedFields {
  id: string;
  seq: number;
  at: Date;
  actorId: string | null;
  projectId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  prevHash: string;
}

/**
 * JSON with object keys sorted at every depth and no whitespace: one text per value, whatever order
 * the keys were written or read back in (jsonb keeps its own order). Dates as ISO strings; undefined
 * members left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const members = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${members.join(',')}}`;
}

/**
 * SHA-256 (hex) of the entry's canonical JSON, which includes the previous entry's hash. Only the
 * fields of `ChainedFields` count: a row read back with more columns hashes the same.
 */
export function entryHash(fields: ChainedFields): string {
  const covered: ChainedFields = {
    id: fields.id,
    seq: fields.seq,
    at: fields.at,
    actorId: fields.actorId,
    projectId: fields.projectId,
    action: fields.action,
    targetType: fields.targetType,
    targetId: fields.targetId,
    details: fields.details,
    prevHash: fields.prevHash,
  };
  return createHash('sha256').update(canonicalJson(covered)).digest('hex');
}
