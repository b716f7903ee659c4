import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessFixture,
  type CallerKind,
  callerKinds,
  seedAccessFixture,
} from './support/access-fixture';
import { completed, conforms } from './support/admitted-requests';
import { testBackends } from './support/backends';
import { DocumentedAnswers, type OpenApiDocument } from './support/documented-answer';
import { invalidRequests } from './support/invalid-requests';
import {
  callRoute,
  inBatches,
  isConcurrentRead,
  type Route,
  requestContext,
  requestParams,
  routesOf,
  validRequest,
  writeOrder,
} from './support/route-calls';
import { call, type TestServer, testServerForBlock } from './support/server';

/**
 * Issue 20 point 4: the OpenAPI document is exact. Every operation is called as every kind of caller,
 * with the valid request the authorization matrix knows (completed with an admitted value for each
 * required query parameter it lacks) and with requests generated from the operation's schemas to be
 * invalid in one place each; every answer's status, media type and JSON body must be one the
 * document describes for that operation. Issue 37 item 5: and a request the document admits is
 * never refused as malformed (400 `validation_failed`): an unknown ACC session is not a bad request.
 */

const [backend] = testBackends();
if (!backend) throw new Error('no test backend');

describe('API contract: every answer is documented', () => {
  let server: TestServer;
  let fixture: AccessFixture;
  let routes: Route[];
  let answers: DocumentedAnswers;
  const failures: string[] = [];
  let calls = 0;

  // With an Autodesk app configured (no Autodesk behind it: nothing here reaches one), so that the
  // ACC routes read the session they are given instead of answering not_configured.
  testServerForBlock(
    backend,
    (started) => {
      server = started;
    },
    {
      APS_CLIENT_ID: 'contract-client-id',
      APS_CLIENT_SECRET: 'contract-client-secret-0123456789',
      APS_CALLBACK_URL: 'http://app.plumbline.test/api/v1/acc/callback',
      APS_BASE_URL: 'http://127.0.0.1:9',
    },
  );
  beforeAll(async () => {
    fixture = await seedAccessFixture(server);
    await server.app.ready();
    routes = routesOf(server);
    answers = new DocumentedAnswers(server.app.swagger() as unknown as OpenApiDocument);
  });

  async function judge(route: Route, caller: CallerKind, what: string, invalid: boolean): Promise<void> {
    const ctx = requestContext(server, fixture, caller);
    const operation = answers.operation(route.method, route.path);
    // An invalid request starts from the valid one only where it has a body or query to spoil: the
    // valid requests of deletes upload fresh files, work these requests never reach.
    const needsValidBase =
      !invalid || operation.requestBody || operation.parameters?.some((p) => p.in === 'query');
    const valid = needsValidBase ? completed(operation, await validRequest(route, ctx)) : {};
    const requests = invalid ? invalidRequests(operation, valid) : [{ what, request: valid, raw: undefined }];
    for (const one of requests) {
      const res = await callRoute(route, ctx, one.request, one.raw);
      calls += 1;
      const problem =
        answers.problem(route.method, route.path, res) ??
        (refusedAsMalformed(res.statusCode, res.body) &&
        conforms(operation, one.request, requestParams(ctx, one.request), one.raw)
          ? 'the document admits this request, the server refused it as malformed'
          : null);
      if (problem)
        failures.push(`${route.key} as ${caller}, ${one.what}: ${problem} — ${res.body.slice(0, 120)}`);
    }
  }

  const refusedAsMalformed = (status: number, body: string) => {
    if (status !== 400) return false;
    try {
      return JSON.parse(body)?.error?.code === 'validation_failed';
    } catch {
      return false;
    }
  };

  const everyCaller = (list: Route[]) =>
    list.flatMap((route) => callerKinds.map((caller) => ({ route, caller })));

  it('gives every operation an operationId, unique in the document', () => {
    const ids = routes.map((route) => answers.operation(route.method, route.path).operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  /**
   * Issue 32 item 3: the scope an API token needs, written here from what each access rule means
   * (decision 0266): what a Viewer may call needs read, an Editor's write, an Admin's (project or
   * installation) admin; the caller's own account: read to read, admin to change; the routes that
   * make and revoke tokens, and signing out, take a signed-in session only.
   */
  const SESSION_ONLY = new Set([
    'POST /api/v1/auth/logout',
    'GET /api/v1/tokens',
    'POST /api/v1/tokens',
    'DELETE /api/v1/tokens/{tokenId}',
    'GET /api/v1/projects/{projectId}/tokens',
    'POST /api/v1/projects/{projectId}/tokens',
    'DELETE /api/v1/projects/{projectId}/tokens/{tokenId}',
  ]);
  function expectedScope(route: Route): string | undefined {
    if (route.access === 'public' || route.access === 'webhook') return undefined;
    if (SESSION_ONLY.has(route.key)) return 'session-only';
    if (route.access === 'demo-readable' || route.access === 'project-viewer') return 'read';
    if (route.access === 'project-editor') return 'write';
    if (route.access === 'project-admin' || route.access === 'account-admin') return 'admin';
    return route.method === 'GET' ? 'read' : 'admin';
  }

  it('names the API token scope of every operation, in x-token-scope and its security', () => {
    const wrong = routes.flatMap((route) => {
      const operation = answers.operation(route.method, route.path);
      const expected = expectedScope(route);
      const inSecurity = operation.security?.find((requirement) => 'apiToken' in requirement)?.apiToken;
      const documented = [operation['x-token-scope'], inSecurity?.join(',')];
      const wanted = [expected, expected === 'session-only' ? undefined : expected];
      return JSON.stringify(documented) === JSON.stringify(wanted)
        ? []
        : [`${route.key}: ${JSON.stringify(documented)}, expected ${JSON.stringify(wanted)}`];
    });
    expect(wrong).toEqual([]);
    expect(routes.filter((route) => expectedScope(route) === 'admin').length).toBeGreaterThan(10);
  });

  it('refuses a token below the scope an operation needs, outside its project, or on session-only routes', async () => {
    const owner = fixture.sessions.owner;
    const make = async (url: string, scope: string) => {
      const res = await call(server, owner, 'POST', url, {
        name: `contract ${scope}`,
        scope,
        expires_in_days: 1,
      });
      if (res.statusCode !== 201) throw new Error(`token: ${res.body}`);
      return res.json().secret as string;
    };
    const below: Record<string, string> = {
      write: await make('/api/v1/tokens', 'read'),
      admin: await make('/api/v1/tokens', 'write'),
    };
    const elsewhere = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Elsewhere' })).json()
      .project.id;
    const otherProject = await make(`/api/v1/projects/${elsewhere}/tokens`, 'admin');
    const refusals: string[] = [];
    let refused = 0;
    await inBatches(
      routes.filter((route) => expectedScope(route) !== undefined),
      true,
      async (route) => {
        const scope = expectedScope(route) as string;
        const ctx = requestContext(server, fixture, 'owner');
        const tries: Array<[string, string]> = [
          [otherProject, scope === 'session-only' ? 'session_required' : 'token_project_only'],
        ];
        if (below[scope]) tries.push([below[scope], 'token_scope_insufficient']);
        if (scope === 'session-only') tries.push([below.admin as string, 'session_required']);
        for (const [token, code] of tries) {
          const res = await callRoute(route, ctx, { token });
          refused += 1;
          const problem = answers.problem(route.method, route.path, res);
          if (res.statusCode !== 403 || res.json().error?.code !== code || problem)
            refusals.push(
              `${route.key}: ${res.statusCode} ${res.body.slice(0, 120)}, expected 403 ${code} ${problem ?? ''}`,
            );
        }
      },
    );
    expect(refusals).toEqual([]);
    expect(refused).toBeGreaterThan(routes.length);
  }, 240_000);

  it('lets a token of the scope a read needs through the gate, answering only as documented', async () => {
    const owner = fixture.sessions.owner;
    const res = await call(server, owner, 'POST', '/api/v1/tokens', {
      name: 'contract reader',
      scope: 'read',
      expires_in_days: 1,
    });
    const reader = res.json().secret as string;
    const problems: string[] = [];
    const reads = routes.filter((route) => isConcurrentRead(route) && expectedScope(route) === 'read');
    await inBatches(reads, true, async (route) => {
      const ctx = { ...requestContext(server, fixture, 'owner'), token: reader };
      const answer = await callRoute(route, ctx, await validRequest(route, ctx));
      const code = answer.statusCode === 401 || answer.statusCode === 403 ? answer.json().error?.code : null;
      const problem = answers.problem(route.method, route.path, answer);
      if (code || problem) problems.push(`${route.key}: ${answer.statusCode} ${code ?? ''} ${problem ?? ''}`);
    });
    expect(problems).toEqual([]);
    expect(reads.length).toBeGreaterThan(30);
  }, 240_000);

  it('answers valid and invalid requests of every operation, as every caller, only as documented', async () => {
    const reads = everyCaller(routes.filter(isConcurrentRead));
    const writes = everyCaller(routes.filter((route) => !isConcurrentRead(route))).sort(
      (a, b) => writeOrder(a.route) - writeOrder(b.route),
    );
    await inBatches(reads, true, (c) => judge(c.route, c.caller, 'valid request', false));
    // Invalid requests change nothing they reach, so they run before the writes and deletes.
    await inBatches(everyCaller(routes), true, (c) => judge(c.route, c.caller, 'invalid', true));
    await inBatches(writes, false, (c) => judge(c.route, c.caller, 'valid request', false));
    console.info(`API contract: ${routes.length} operations, ${calls} calls`);
    expect(failures).toEqual([]);
  }, 600_000); // 3,000 calls: 170 s at load 18 (a deadline, not a measure)
});
