import type { LightMyRequestResponse } from 'fastify';
import type { RouteAccess } from '../../src/platform/http/access';
import type { AccessFixture, CallerKind } from './access-fixture';
import { multipartBody } from './multipart';
import { defaultParams, type RequestContext, type RouteRequest, routeRequests } from './route-requests';
import type { TestServer } from './server';

/** One operation of the OpenAPI document, keyed like routeRequests: `METHOD /path/{param}`. */
export interface Route {
  key: string;
  method: string;
  path: string;
  access: RouteAccess | undefined;
}

/** Every /api/v1 operation of the live document, with its declared `x-access`. */
export function routesOf(server: TestServer): Route[] {
  const doc = server.app.swagger() as unknown as {
    paths: Record<string, Record<string, { 'x-access'?: RouteAccess }>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
      })),
    );
}

export function callerToken(fixture: AccessFixture, caller: CallerKind): string | null {
  return caller === 'anonymous' || caller === 'demo' ? null : fixture.sessions[caller].token;
}

/** The context a route's request is built in: demo callers act on the demo project, the rest on 'Tower'. */
export function requestContext(
  server: TestServer,
  fixture: AccessFixture,
  caller: CallerKind,
): RequestContext {
  return {
    server,
    fixture,
    ids: caller === 'demo' || caller === 'demo-signed-in' ? fixture.demo : fixture.tower,
    caller,
    token: callerToken(fixture, caller),
  };
}

/** The valid request routeRequests knows for the route (path parameters only when it knows none). */
export async function validRequest(route: Route, ctx: RequestContext): Promise<RouteRequest> {
  return (await routeRequests[route.key]?.(ctx)) ?? {};
}

/**
 * Sends one request to the route as the context's caller. `raw` overrides the body as sent, for
 * requests that are invalid on purpose.
 */
export async function callRoute(
  route: Route,
  ctx: RequestContext,
  request: RouteRequest,
  raw?: { contentType: string; payload: string },
): Promise<LightMyRequestResponse> {
  const params = requestParams(ctx, request);
  const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`${route.key}: no value for {${name}}`);
    return encodeURIComponent(String(params[name]));
  });
  const headers: Record<string, string> = {};
  const bearer = request.token ?? ctx.token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let payload: string | Buffer | undefined;
  if (raw) {
    headers['content-type'] = raw.contentType;
    payload = raw.payload;
  } else if (request.file) {
    const body = multipartBody(request.file.name, request.file.content);
    headers['content-type'] = body.contentType;
    payload = body.payload;
  } else if (request.payload !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.payload);
  }
  return ctx.server.app.inject({
    method: route.method as 'GET',
    url,
    query: request.query,
    headers,
    payload,
    // Each call from its own address, so sign-in and sign-up budgets never get in the way.
    remoteAddress: `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

/** The path parameters a call sends: the caller's project's ids, under the request's own. */
export function requestParams(ctx: RequestContext, request: RouteRequest): Record<string, string | number> {
  return { ...defaultParams(ctx), ...request.params };
}

/** Runs calls in batches of 16 at a time (or one by one), collecting what they report. */
export async function inBatches<T>(
  list: T[],
  concurrently: boolean,
  one: (item: T) => Promise<void>,
): Promise<void> {
  if (!concurrently) {
    for (const item of list) await one(item);
    return;
  }
  for (let i = 0; i < list.length; i += 16) await Promise.all(list.slice(i, i + 16).map(one));
}

/** The order that keeps the fixture alive: reads, then writes, then deletes, the project last. */
export function writeOrder(route: Route): number {
  if (route.key === 'DELETE /api/v1/projects/{projectId}') return 3;
  return route.method === 'DELETE' ? 2 : 1;
}

/** Reads that may run side by side (the Autodesk login starts a flow: kept with the writes). */
export function isConcurrentRead(route: Route): boolean {
  return route.method === 'GET' && route.key !== 'GET /api/v1/auth/aps/login/{projectId}';
}
