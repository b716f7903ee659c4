import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RouteAccess, routeAccessKinds } from '../src/platform/http/access';
import {
  type AccessFixture,
  type CallerKind,
  callerKinds,
  seedAccessFixture,
} from './support/access-fixture';
import { testBackends } from './support/backends';
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
import { routeRequests } from './support/route-requests';
import { type TestServer, testServerForBlock } from './support/server';
import { snapshot } from './support/snapshot';

/**
 * Issue 16: every route × every kind of caller, from the live route table (the OpenAPI document, where
 * each operation carries its route's declared `x-access`). A route without a declared rule cannot
 * even be registered (platform/http/access.ts); here it would fail the first test as well.
 */

type Outcome = 'allowed' | 401 | 403 | 404;

/** What the declared rule promises each caller, written from the rule's meaning (decision 0159). */
function expectedOutcome(access: RouteAccess, caller: CallerKind): Outcome {
  if (access === 'public' || access === 'webhook') return 'allowed';
  if (caller === 'anonymous') return 401;
  if (caller === 'demo') return access === 'demo-readable' ? 'allowed' : 401;
  if (access === 'signed-in') return 'allowed';
  if (access === 'account-admin') return caller === 'installation-admin' ? 'allowed' : 403;
  // A project rule. Not a member: the project must not be seen to exist. The demo project is readable
  // by anyone where the route says so, and changed by no one.
  if (caller === 'outsider' || caller === 'installation-admin') return 404;
  if (caller === 'demo-signed-in') return access === 'demo-readable' ? 'allowed' : 403;
  const need = { 'demo-readable': 1, 'project-viewer': 1, 'project-editor': 2, 'project-admin': 3 }[access];
  const has = { owner: 3, editor: 2, viewer: 1 }[caller];
  return has >= need ? 'allowed' : 403;
}

/**
 * Routes this server cannot take past the access gate, because the integration they drive is not
 * configured here (Autodesk, Stripe): an allowed caller gets this answer instead. Their refusals are
 * still checked, since the services check the caller before the integration.
 */
const withoutIntegration: Record<string, { status: number; code: string }> = {
  'POST /api/v1/projects/{projectId}/acc/refresh-tokens': { status: 404, code: 'not_configured' },
  'GET /api/v1/auth/aps/login/{projectId}': { status: 404, code: 'not_linked' },
  'GET /api/v1/aps-token/viewer-token/file/{fileId}': { status: 404, code: 'not_configured' },
  // The fixture's file was uploaded, not imported from ACC.
  'GET /api/v1/aps-token/model-urn/file/{fileId}': { status: 404, code: 'not_acc_file' },
};

interface Case {
  route: Route;
  caller: CallerKind;
  expected: Outcome;
}

function isProjectRule(access: RouteAccess): boolean {
  return access.startsWith('project-') || access === 'demo-readable';
}

/** Why an answer breaks the rule, or null when it keeps it. */
function verdict(c: Case, res: LightMyRequestResponse): string | null {
  const { status, code } = { status: res.statusCode, code: safeCode(res) };
  const special = withoutIntegration[c.route.key];
  if (c.expected !== 'allowed') {
    return status === c.expected ? null : `expected ${c.expected}`;
  }
  if (special)
    return status === special.status && code === special.code
      ? null
      : `expected ${special.status} ${special.code}`;
  if (status === 401 || status === 403) return 'expected to be let through';
  // Every id sent is real, so a 404 on a project route can only be the access check hiding the project.
  if (status === 404 && c.route.access && isProjectRule(c.route.access))
    return 'expected to be let through (404)';
  if (status >= 500) return 'server error';
  return null;
}

function safeCode(res: LightMyRequestResponse): string | undefined {
  try {
    return res.json()?.error?.code;
  } catch {
    return undefined;
  }
}

for (const backend of testBackends()) {
  describe(`authorization matrix (${backend.name})`, () => {
    let server: TestServer;
    let fixture: AccessFixture;
    let routes: Route[];

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      fixture = await seedAccessFixture(server);
      await server.app.ready();
      routes = routesOf(server);
    });

    async function run(c: Case): Promise<LightMyRequestResponse> {
      const ctx = requestContext(server, fixture, c.caller);
      return callRoute(c.route, ctx, await validRequest(c.route, ctx));
    }

    function cases(): Case[] {
      return routes.flatMap((route) =>
        callerKinds.map((caller) => ({
          route,
          caller,
          expected: route.access ? expectedOutcome(route.access, caller) : ('allowed' as const),
        })),
      );
    }

    async function check(list: Case[], concurrently: boolean): Promise<string[]> {
      const failures: string[] = [];
      await inBatches(list, concurrently, async (c) => {
        const res = await run(c);
        const why = verdict(c, res);
        if (why)
          failures.push(
            `${c.route.key} as ${c.caller}: ${res.statusCode} ${res.body.slice(0, 160)} — ${why}`,
          );
      });
      return failures;
    }

    it('finds every API route in the route table, each with a declared access rule', () => {
      expect(routes.length).toBeGreaterThanOrEqual(100);
      const undeclared = routes.filter((r) => !r.access || !(r.access in routeAccessKinds)).map((r) => r.key);
      expect(undeclared).toEqual([]);
      for (const key of [...Object.keys(routeRequests), ...Object.keys(withoutIntegration)]) {
        expect(
          routes.map((r) => r.key),
          `${key} is not a route`,
        ).toContain(key);
      }
    });

    it('refuses every caller the rule does not allow, with 401, 404 or 403, and changes nothing', async () => {
      const before = await snapshot(server.database.db);
      const refused = cases().filter((c) => c.expected !== 'allowed');
      const failures = await check(refused, true);
      expect(failures).toEqual([]);
      expect(await snapshot(server.database.db)).toBe(before);
      expect(refused.length).toBeGreaterThan(300);
    }); // hundreds of calls: on a loaded 2-core machine well past the 60 s default

    it('lets every allowed caller through (reads, then writes, then deletes, the project last)', async () => {
      const allowed = cases().filter((c) => c.expected === 'allowed');
      const reads = allowed.filter((c) => isConcurrentRead(c.route));
      const writes = allowed
        .filter((c) => !reads.includes(c))
        .sort((a, b) => writeOrder(a.route) - writeOrder(b.route));
      const failures = [...(await check(reads, true)), ...(await check(writes, false))];
      expect(failures).toEqual([]);
      const total = routes.length * callerKinds.length;
      console.info(
        `authorization matrix (${backend.name}): ${routes.length} routes × ${callerKinds.length} callers = ${total} calls`,
      );
      expect(allowed.length + cases().filter((c) => c.expected !== 'allowed').length).toBe(total);
    }); // hundreds of calls: on a loaded 2-core machine well past the 60 s default
  });
}
