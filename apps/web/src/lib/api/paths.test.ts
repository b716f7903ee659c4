import { describe, expect, it } from 'vitest';
import { apiPath, apiUrl } from './paths';

describe('apiPath', () => {
  it('fills the path parameters by name, each URL-encoded', () => {
    expect(
      apiPath('/projects/{projectId}/members/{userId}', { path: { projectId: 'a/b', userId: 'c d?' } }),
    ).toBe('/projects/a%2Fb/members/c%20d%3F');
  });

  it('adds the query parameters that have a value and leaves out null and undefined ones', () => {
    expect(
      apiPath('/projects/{projectId}/bimfiles/{fileId}/compliance/results', {
        path: { projectId: 'p', fileId: 'f' },
        query: { versionId: null, specificationId: undefined, status: 'failed', limit: 20 },
      }),
    ).toBe('/projects/p/bimfiles/f/compliance/results?status=failed&limit=20');
  });

  it('takes a route without parameters as it is, and prefixes the API base for a URL', () => {
    expect(apiPath('/projects')).toBe('/projects');
    expect(apiUrl('/billing/tiers', { query: { currency: 'EUR' } })).toBe(
      '/api/v1/billing/tiers?currency=EUR',
    );
  });

  it('refuses, at compile time, a route the server does not have and a misnamed parameter', () => {
    // @ts-expect-error: no such route in the OpenAPI document
    expect(() => apiPath('/projectz')).not.toThrow();
    // @ts-expect-error: the parameter is projectId
    expect(() => apiPath('/projects/{projectId}', { path: { id: 'x' } })).toThrow('Missing path parameter');
    apiPath('/projects/{projectId}/bimfiles/{fileId}/compliance/results', {
      path: { projectId: 'p', fileId: 'f' },
      // @ts-expect-error: the compliance results take no 'state' query parameter
      query: { state: 'x' },
    });
  });
});
