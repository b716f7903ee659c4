import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { documentResponses, errorStatusesOf, operationIdOf, securityOf } from './documented-responses';

describe('documented responses', () => {
  it('names each operation from its method and path', () => {
    expect(operationIdOf('GET', '/api/v1/projects/:projectId/bimfiles')).toBe(
      'getProjectsByProjectIdBimfiles',
    );
    expect(operationIdOf('POST', '/api/v1/auth/verify-email')).toBe('postAuthVerifyEmail');
    expect(operationIdOf('GET', '/api/v1/acc/initiate_company_auth')).toBe('getAccInitiateCompanyAuth');
  });

  it('derives the error statuses from the access rule and the inputs', () => {
    expect(errorStatusesOf({ method: 'GET', access: 'public', hasParams: false, hasBody: false })).toEqual([
      400, 500,
    ]);
    expect(
      errorStatusesOf({ method: 'GET', access: 'demo-readable', hasParams: true, hasBody: false }),
    ).toEqual([400, 401, 403, 404, 500]);
    expect(errorStatusesOf({ method: 'POST', access: 'signed-in', hasParams: false, hasBody: true })).toEqual(
      [400, 401, 403, 413, 415, 500],
    );
    expect(
      errorStatusesOf({
        method: 'GET',
        access: 'signed-in',
        hasParams: false,
        hasBody: false,
        unverifiedAllowed: true,
      }),
      // Open to an unverified account, but an API token outside its project is still refused (403).
    ).toEqual([400, 401, 403, 500]);
    expect(securityOf('webhook')).toEqual([]);
    expect(securityOf('demo-readable')).toContainEqual({});
    expect(securityOf('project-editor', 'write')).toContainEqual({ apiToken: ['write'] });
    expect(securityOf('signed-in', null)).not.toContainEqual(
      expect.objectContaining({ apiToken: expect.anything() }),
    );
  });

  it('completes a route schema, keeping what the route documents itself', async () => {
    const app = Fastify();
    documentResponses(app);
    let seen: Record<string, unknown> | undefined;
    app.addHook('onRoute', (route) => {
      seen = route.schema as Record<string, unknown>;
    });
    app.get(
      '/api/v1/projects/:projectId',
      { config: { access: 'project-viewer' }, schema: { response: { 409: { type: 'object' } } } },
      async () => 'x',
    );
    const response = (seen?.response ?? {}) as Record<number, unknown>;
    expect(seen?.operationId).toBe('getProjectsByProjectId');
    expect(Object.keys(response)).toEqual(['400', '401', '403', '404', '409', '500']);
    expect(response[409]).toEqual({ type: 'object' });
    await app.close();
  });
});
