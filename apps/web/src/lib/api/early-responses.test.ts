import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, apiRequest } from './client';
import { startEarlyRequest, takeEarlyResponse } from './early-responses';
import { apiPath } from './paths';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('early responses (a first view asks before its code has loaded, issue 21)', () => {
  it('answers the first apiRequest for the same path without asking again, then asks anew', async () => {
    const fetchMock = vi.fn(async (_url: string) => json({ projects: [{ id: 'p1' }] }));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyRequest(API_BASE, apiPath('/projects'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/projects');

    await expect(apiRequest(apiPath('/projects'))).resolves.toEqual({ projects: [{ id: 'p1' }] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await apiRequest(apiPath('/projects'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is never given to a write, and an answer nobody took for ten seconds is dropped', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({})),
    );
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    startEarlyRequest(API_BASE, apiPath('/invitations'));
    await apiRequest(apiPath('/invitations'), { method: 'POST', body: {} });
    expect(takeEarlyResponse('/invitations')).toBeDefined();

    startEarlyRequest(API_BASE, apiPath('/invitations'));
    now.mockReturnValue(11_001);
    expect(takeEarlyResponse('/invitations')).toBeUndefined();
    expect(takeEarlyResponse('/nothing-started')).toBeUndefined();
  });
});
