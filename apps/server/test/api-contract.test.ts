import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessFixture,
  type CallerKind,
  callerKinds,
  seedAccessFixture,
} from './support/access-fixture';
import { testBackends } from './support/backends';
import { DocumentedAnswers, type OpenApiDocument } from './support/documented-answer';
import { invalidRequests } from './support/invalid-requests';
import {
  callRoute,
  inBatches,
  isConcurrentRead,
  type Route,
  requestContext,
  routesOf,
  validRequest,
  writeOrder,
} from './support/route-calls';
import { type TestServer, testServerForBlock } from './support/server';

/**
 * Issue 20 point 4: the OpenAPI document is exact. Every operation is called as every kind of caller,
 * with the valid request the authorization matrix knows and with requests generated from the
 * operation's schemas to be invalid in one place each; every answer's status, media type and JSON
 * body must be one the document describes for that operation.
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

  testServerForBlock(backend, (started) => {
    server = started;
  });
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
    const valid = needsValidBase ? await validRequest(route, ctx) : {};
    const requests = invalid ? invalidRequests(operation, valid) : [{ what, request: valid, raw: undefined }];
    for (const one of requests) {
      const res = await callRoute(route, ctx, one.request, one.raw);
      calls += 1;
      const problem = answers.problem(route.method, route.path, res);
      if (problem)
        failures.push(`${route.key} as ${caller}, ${one.what}: ${problem} — ${res.body.slice(0, 120)}`);
    }
  }

  const everyCaller = (list: Route[]) =>
    list.flatMap((route) => callerKinds.map((caller) => ({ route, caller })));

  it('gives every operation an operationId, unique in the document', () => {
    const ids = routes.map((route) => answers.operation(route.method, route.path).operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

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
  });
});
