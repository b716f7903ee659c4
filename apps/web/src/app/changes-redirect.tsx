import { Navigate, useParams, useSearchParams } from 'react-router';

/**
 * `/projects/:projectId/files/:fileId/changes?from=&to=`: the address of a file's Changes view, as
 * notice mails and webhooks link it (decision 0290). Until that view exists (issue 30 item 3) it opens
 * the Overview with the project, the file and the newer version selected.
 */
export function ChangesRedirect() {
  const { projectId = '', fileId = '' } = useParams();
  const [search] = useSearchParams();
  const query = new URLSearchParams({ tab: 'overview', project: projectId, file: fileId });
  const to = search.get('to');
  if (to) query.set('version', to);
  return <Navigate to={`/dashboard?${query}`} replace />;
}
