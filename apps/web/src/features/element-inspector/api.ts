import {
  type BimElement,
  bimElementResponseSchema,
  type ElementCompliance,
  elementComplianceSchema,
} from '@plumbline/contracts';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { facetResultList } from './compliance-status';

export interface ElementAddress {
  projectId: string;
  fileId: string;
  /** Without it the server answers for the file's latest completed version. */
  versionId?: string | null | undefined;
  viewerDbId: number;
}

export async function fetchElement(address: ElementAddress, signal?: AbortSignal): Promise<BimElement> {
  const body = await apiRequest(
    apiPath('/projects/{projectId}/bimfiles/{fileId}/elements/{viewerDbId}', {
      path: address,
      query: { versionId: address.versionId || null },
    }),
    {
      schema: bimElementResponseSchema,
      signal,
    },
  );
  return body.element;
}

/** Facet results arrive as lists or as objects holding them (spec 3 §3); both become lists. */
function normalizeCompliance(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const body = raw as { specifications?: unknown };
  if (!Array.isArray(body.specifications)) return raw;
  return {
    ...body,
    specifications: body.specifications.map((spec) =>
      spec && typeof spec === 'object'
        ? {
            ...spec,
            applicability_results: facetResultList((spec as Record<string, unknown>).applicability_results),
            requirement_results: facetResultList((spec as Record<string, unknown>).requirement_results),
          }
        : spec,
    ),
  };
}

export async function fetchElementCompliance(
  address: ElementAddress,
  signal?: AbortSignal,
): Promise<ElementCompliance> {
  // A 401 here shows the tab's own message (spec 3 §8) instead of leaving the page.
  const raw = await apiRequest(
    apiPath('/projects/{projectId}/bimfiles/{fileId}/elements/{viewerDbId}/compliance', {
      path: address,
      query: { versionId: address.versionId || null },
    }),
    {
      signal,
      redirectOnUnauthorized: false,
    },
  );
  return elementComplianceSchema.parse(normalizeCompliance(raw));
}
