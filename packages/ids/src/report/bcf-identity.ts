/**
 * What makes a BCF topic's GUID: the model, the IDS specification and the topic's subject (an IFC
 * class, an element, or the specification itself). GUIDs are name-based (UUID v5), so checking the
 * same model against the same IDS again gives the same GUIDs (an issue tracker updates its topics),
 * while another model or another IDS file never shares one.
 */
import type { CheckReport } from '../results';
import { uuidV5 } from './uuid';

export interface BcfIdentity {
  /** Identifies the model: its SHA-256 when known, else its header and IfcProject. */
  readonly model: string;
  /** Identifies each specification (by its index in the report) across IDS files. */
  readonly specifications: readonly string[];
}

/** The identity a report carries; the server passes its own when specifications come from several IDS files. */
export function reportIdentity(report: CheckReport): BcfIdentity {
  const { model, ids } = report;
  const modelKey = model.sha256
    ? `sha256:${model.sha256}`
    : `origin:${model.projectGlobalId ?? ''}\u0000${model.headerFileName ?? ''}\u0000${model.fileName ?? ''}`;
  const idsKey = ids.sha256 ? `sha256:${ids.sha256}` : `ids:${ids.fileName ?? ''}\u0000${ids.title ?? ''}`;
  return {
    model: modelKey,
    specifications: report.specifications.map((specification, index) =>
      specificationKey(idsKey, index, specification.identifier ?? specification.name),
    ),
  };
}

/** A specification's key within its IDS file: position and identifier (or name). */
export function specificationKey(idsKey: string, index: number, identifierOrName: string): string {
  return `${idsKey}\u0000${index}\u0000${identifierOrName}`;
}

export function topicGuid(identity: BcfIdentity, specification: number, subject: string): string {
  return uuidV5(
    `topic\u0000${identity.model}\u0000${identity.specifications[specification]}\u0000${subject}`,
  );
}

export function viewpointGuid(topic: string): string {
  return uuidV5(`viewpoint\u0000${topic}`);
}

/** The summary topic of a capped export: one per model, IDS files and grouping. */
export function summaryTopicGuid(identity: BcfIdentity, grouping: string): string {
  return uuidV5(
    `summary\u0000${identity.model}\u0000${identity.specifications.join('\u0001')}\u0000${grouping}`,
  );
}
