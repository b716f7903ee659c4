/**
 * Name-based UUIDs (RFC 9562 version 5, SHA-1), so that the same finding gets the same BCF topic
 * GUID on every run and an issue tracker that imports the BCF again updates topics instead of
 * duplicating them.
 */
import { createHash } from 'node:crypto';

/** Plumbline's namespace for BCF topics and viewpoints (a fixed random UUID; never change it). */
export const PLUMBLINE_BCF_NAMESPACE = '6f1c2b0e-8d3a-4b7e-9c55-2a61f0d4e9b3';

export function uuidV5(name: string, namespace: string = PLUMBLINE_BCF_NAMESPACE): string {
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (namespaceBytes.length !== 16) throw new Error(`not a UUID: ${namespace}`);
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
