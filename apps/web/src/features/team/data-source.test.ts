import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadOnlyDataSourceError } from '@/lib/data-source';
import { makeMember } from '../projects/member-fixtures';
import { demoTeamSource, liveTeamSource } from './data-source';

const PROJECT = '11111111-1111-4111-8111-111111111111';

/** Replaces fetch with one that answers every call with the given status and JSON body. */
function stubFetch(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('liveTeamSource', () => {
  const member = makeMember('Sam Second', 'sam@example.com', 'Viewer');

  it('lists members and invitations with a signal that also follows the caller', async () => {
    const team = { data: [member], invitations: [] };
    const fetchMock = stubFetch(200, team);
    const caller = new AbortController();
    await expect(liveTeamSource.listTeam(PROJECT, caller.signal)).resolves.toEqual(team);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/v1/projects/${PROJECT}/members`);
    const signal = init?.signal;
    expect(signal?.aborted).toBe(false);
    caller.abort();
    expect(signal?.aborted).toBe(true);
  });

  it('adds by e-mail, changes a role and removes, on the member paths', async () => {
    const fetchMock = stubFetch(201, { member, message: 'We sent sam@example.com an e-mail.' });
    await liveTeamSource.addMember(PROJECT, { email: 'sam@example.com', role: 'Viewer' });
    await liveTeamSource.changeRole(PROJECT, member.userId, 'Editor');
    stubFetch(204);
    const removeMock = vi.mocked(fetch);
    await liveTeamSource.removeMember(PROJECT, member.userId);

    const calls = fetchMock.mock.calls.map(([url, init]) => [init?.method, url, init?.body]);
    expect(calls).toEqual([
      ['POST', `/api/v1/projects/${PROJECT}/members`, '{"email":"sam@example.com","role":"Viewer"}'],
      ['PATCH', `/api/v1/projects/${PROJECT}/members/${member.userId}`, '{"role":"Editor"}'],
    ]);
    const [removeUrl, removeInit] = removeMock.mock.calls[0] ?? [];
    expect([removeInit?.method, removeUrl]).toEqual([
      'DELETE',
      `/api/v1/projects/${PROJECT}/members/${member.userId}`,
    ]);
  });

  it("passes the server's refusal through with its message", async () => {
    const body = {
      error: { code: 'already_member', message: 'This person is already a member of the project' },
    };
    stubFetch(409, body);
    await expect(
      liveTeamSource.addMember(PROJECT, { email: 'sam@example.com', role: 'Viewer' }),
    ).rejects.toMatchObject({ status: 409, message: 'This person is already a member of the project' });
  });
});

describe('demoTeamSource', () => {
  it('reads the demo team by the members route and refuses every write with the spec message', async () => {
    const owner = makeMember('Plumbline Demo', 'demo-owner@plumbline.invalid', 'Admin');
    const fetchMock = stubFetch(200, { data: [owner], invitations: [] });
    await expect(demoTeamSource.listTeam(PROJECT)).resolves.toEqual({ data: [owner], invitations: [] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/v1/projects/${PROJECT}/members`);
    await expect(
      demoTeamSource.addMember(PROJECT, { email: 'a@b.co', role: 'Viewer' }),
    ).rejects.toBeInstanceOf(ReadOnlyDataSourceError);
    await expect(demoTeamSource.changeRole(PROJECT, 'u', 'Editor')).rejects.toThrow(
      'Demo data cannot be modified.',
    );
    await expect(demoTeamSource.removeMember(PROJECT, 'u')).rejects.toThrow('Demo data cannot be modified.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
