/**
 * Name-based UUIDs (RFC 9562 version 5, SHA-1, from the `uuid` library), so that the same finding
 * gets the same BCF topic GUID on every run and an issue tracker that imports the BCF again updates
 * topics instead of duplicating them.
 */
import { v5 } from 'uuid';

/** Plumbline's namespace for BCF topics and viewpoints (a fixed random UUID; never change it). */
export const PLUMBLINE_BCF_NAMESPACE = '6f1c2b0e-8d3a-4b7e-9c55-2a61f0d4e9b3';

export function uuidV5(name: string, namespace: string = PLUMBLINE_BCF_NAMESPACE): string {
  return v5(name, namespace);
}
