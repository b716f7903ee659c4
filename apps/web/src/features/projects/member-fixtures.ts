import type { Member, ProjectRole } from '@plumbline/contracts';

let next = 0;

/** Builder for unit tests: a valid member with a fresh id, the given name, e-mail and role. */
export function makeMember(name: string, email: string, role: ProjectRole = 'Viewer'): Member {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  return {
    id,
    userId: id,
    projectRole: role,
    isOwner: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    user: { id, name, email, avatar: null },
  };
}
