import { API_BASE } from './base';
import type { paths } from './generated/schema';

/**
 * API addresses typed by the server's OpenAPI document (generated/schema.d.ts, `npm run gen:api`):
 * a path is written as the document names it, '/projects/{projectId}/members', with its parameters
 * given by name. A path the server does not have, a missing or misnamed parameter, or a query
 * parameter the route does not take fails the typecheck; every value is URL-encoded here, once.
 */
type Prefixed = keyof paths;

declare const typed: unique symbol;
/**
 * An address `apiPath` made: the only kind `apiRequest` takes, so no call is written as a template
 * the typecheck cannot see (issue 37; decision 0180 made the paths typed, this makes them required).
 */
export type ApiAddress = string & { readonly [typed]: true };
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** A route of the API without the '/api/v1' prefix, as the OpenAPI document names it. */
export type ApiPath = Prefixed extends infer K ? (K extends `/api/v1${infer Rest}` ? Rest : never) : never;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
type PathParams<P extends string> = { [Name in ParamNames<P>]: string | number };

type Operations<P extends ApiPath> = paths[`/api/v1${P}`];
type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } }
  ? NonNullable<Query>
  : never;
type RouteQuery<P extends ApiPath> = { [M in Method]: QueryOf<Operations<P>[M]> }[Method];
/** The route's query parameters; null or undefined ones are left out, a list's values each repeat the key. */
type QueryParams<P extends ApiPath> = [RouteQuery<P>] extends [never]
  ? never
  : { [K in keyof RouteQuery<P>]?: RouteQuery<P>[K] | null | undefined };

export type ApiPathOptions<P extends ApiPath> = ([ParamNames<P>] extends [never]
  ? { path?: undefined }
  : { path: PathParams<P> }) & { query?: QueryParams<P> };

type OptionsArgument<P extends ApiPath> = [ParamNames<P>] extends [never]
  ? [options?: ApiPathOptions<P>]
  : [options: ApiPathOptions<P>];

/** The address for `apiRequest`: '/projects/{projectId}' with { path: { projectId } } → '/projects/3f…'. */
export function apiPath<P extends ApiPath>(path: P, ...[options]: OptionsArgument<P>): ApiAddress {
  const params = (options?.path ?? {}) as Record<string, string | number>;
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    // Only reachable by bypassing the types (an empty id from `?? ''` is still sent, and 404s).
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((options?.query ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else if (value !== null && value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return (text ? `${filled}?${text}` : filled) as ApiAddress;
}

/** The same address with the API's base, for links, downloads and requests not made by `apiRequest`. */
export function apiUrl<P extends ApiPath>(path: P, ...options: OptionsArgument<P>): string {
  return `${API_BASE}${apiPath(path, ...options)}`;
}
