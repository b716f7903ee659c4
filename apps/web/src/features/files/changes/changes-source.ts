import {
  type ChangeKind,
  type ChangesResponse,
  type ComparisonResponse,
  changesResponseSchema,
  comparisonResponseSchema,
  type SpecificationComparison,
} from '@plumbline/contracts';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';

/** Two versions of a file; either left out means the server's default (newest against the one before). */
export interface VersionPair {
  from?: string;
  to?: string;
}

export type Comparison = ComparisonResponse['comparison'];

/** One specification of a file's two compared versions: what every part of the Changes view is drawn for. */
export interface SpecificationOfPair {
  projectId: string;
  fileId: string;
  pair: { from: string; to: string };
  specification: SpecificationComparison;
}

interface ChangesQuery {
  from: string;
  to: string;
  specificationKey: string;
  pageSize: number;
}

/** One page of the comparison's changes; without a kind, of every kind. */
function changesPage(
  projectId: string,
  fileId: string,
  query: ChangesQuery & { kind?: ChangeKind },
  signal?: AbortSignal,
): Promise<ChangesResponse> {
  const path = apiPath('/projects/{projectId}/bimfiles/{fileId}/comparison/changes', {
    path: { projectId, fileId },
    query: {
      from: query.from,
      to: query.to,
      specification_key: query.specificationKey,
      kind: query.kind,
      page_size: query.pageSize,
    },
  });
  return apiRequest(path, { schema: changesResponseSchema, signal });
}

/**
 * What the Changes view reads (issue 30): two of a file's versions compared, and a page of one
 * specification's changed findings. The routes are demo-readable, so the demo reads them too.
 */
export const changesSource = {
  async comparison(
    projectId: string,
    fileId: string,
    pair: VersionPair,
    signal?: AbortSignal,
  ): Promise<Comparison> {
    const path = apiPath('/projects/{projectId}/bimfiles/{fileId}/comparison', {
      path: { projectId, fileId },
      query: { from: pair.from, to: pair.to },
    });
    return (await apiRequest(path, { schema: comparisonResponseSchema, signal })).comparison;
  },
  /** A page of one specification's changes of one kind. */
  changes(
    projectId: string,
    fileId: string,
    query: ChangesQuery & { kind: ChangeKind },
    signal?: AbortSignal,
  ): Promise<ChangesResponse> {
    return changesPage(projectId, fileId, query, signal);
  },
  /** The first page of one specification's changes of every kind (the Changes viewer's marks). */
  all(
    projectId: string,
    fileId: string,
    query: ChangesQuery,
    signal?: AbortSignal,
  ): Promise<ChangesResponse> {
    return changesPage(projectId, fileId, query, signal);
  },
};
