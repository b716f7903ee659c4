import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { errorMessage } from '@/lib/api';
import { useChangesViewer } from '@/lib/changes-viewer-slot';
import { useDataSource } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';
import { changesSource, type SpecificationOfPair } from './changes-source';

/** The most changes of one specification the viewer reads (the API's largest page). */
export const VIEWER_CHANGES = 500;

/** One specification's changes of every kind, drawn by the app's Changes viewer on the newer version. */
export function ChangesViewerPanel({ projectId, fileId, pair, specification }: SpecificationOfPair) {
  const Viewer = useChangesViewer();
  const { mode } = useDataSource();
  const changes = useQuery({
    queryKey: queryKeys.comparisonChanges(
      mode,
      projectId,
      fileId,
      pair.from,
      pair.to,
      specification.key,
      'all',
    ),
    queryFn: ({ signal }) =>
      changesSource.all(
        projectId,
        fileId,
        { ...pair, specificationKey: specification.key, pageSize: VIEWER_CHANGES },
        signal,
      ),
  });
  if (!Viewer) return null;
  if (changes.isError) return <p className="text-xs text-destructive">{errorMessage(changes.error)}</p>;
  if (!changes.data) return null;
  return (
    <Suspense fallback={null}>
      <Viewer
        projectId={projectId}
        fileId={fileId}
        versionId={pair.to}
        specificationName={specification.name}
        changes={changes.data.changes}
        total={changes.data.total}
      />
    </Suspense>
  );
}
