// The schema-free module, not the package's index: the entry loads no schema library (decision 0176).
import { SESSION_HINT_COOKIE } from '@plumbline/contracts/session-cookies';
import { API_BASE } from '@/lib/api/base';
import { startEarlyRequest } from '@/lib/api/early-responses';
import { type ApiAddress, apiPath } from '@/lib/api/paths';
import { getBrowserCookie } from '@/lib/cookies';
import { DEMO_SHELL_OPTIONS } from '@/lib/dashboard-tabs';
import { opensOnOverview } from '@/lib/opening-heading';

/**
 * The requests a dashboard's first view makes, started by main.tsx as the page opens, while the
 * app's and the route's code download, instead of one after another as each component first renders (issue 21, decision
 * 0176): the session, the banners' queries and, when the opening tab is the Overview, the projects
 * and then the selected project's overview and IDS files. Each is the GET its hook sends; the hook takes the answer
 * (lib/api/early-responses.ts). A signed-out visitor (no session hint) asks nothing on /dashboard.
 */
export function startFirstViewRequests(pathname: string, search: string): void {
  if (pathname.startsWith('/dashboard')) {
    if (getBrowserCookie(SESSION_HINT_COOKIE) === undefined) return;
    // The session (fetchCurrentUser asks the same path and takes this answer).
    startEarlyRequest(API_BASE, apiPath('/auth/me'));
    startEarlyRequest(API_BASE, apiPath('/invitations'));
    // The plan banner's subscriptions are asked only where billing is on, as useSubscriptions does.
    void startEarlyRequest(API_BASE, apiPath('/billing/config'))
      .then((response) => (response.ok ? response.clone().json() : undefined))
      .then((config: { enabled?: boolean } | undefined) => {
        if (config?.enabled === true) startEarlyRequest(API_BASE, apiPath('/billing/subscriptions'));
      })
      .catch(() => {});
    if (opensOnOverview({}, search)) startOverviewRequests(apiPath('/projects'), search);
  } else if (pathname.startsWith('/demo') && opensOnOverview(DEMO_SHELL_OPTIONS, search)) {
    startOverviewRequests(apiPath('/demo/projects'), search);
  }
}

/**
 * The project list, then the Overview's three requests for the project it will show: the one in
 * `?project=` when listed, else the first active project (features/overview/selection.ts). A wrong
 * guess costs a request nobody takes, never a wrong answer: the hooks ask by path.
 */
function startOverviewRequests(listPath: ApiAddress, search: string): void {
  const requested = new URLSearchParams(search).get('project');
  void startEarlyRequest(API_BASE, listPath)
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((list: { projects?: { id: string; isActive: boolean }[] } | undefined) => {
      const active = (list?.projects ?? []).filter((project) => project.isActive);
      const project = requested ? active.find((p) => p.id === requested) : active[0];
      if (!project) return;
      const path = { path: { projectId: project.id } };
      startEarlyRequest(API_BASE, apiPath('/projects/{projectId}/overview', path));
      startEarlyRequest(API_BASE, apiPath('/projects/{projectId}/schema-summary', path));
      startEarlyRequest(API_BASE, apiPath('/projects/{projectId}/attribute-insights', path));
      // Whether it has an active IDS file: the Overview draws its figures with the answer (decision 0449).
      startEarlyRequest(API_BASE, apiPath('/projects/{projectId}/idsfiles', path));
    })
    .catch(() => {});
}
