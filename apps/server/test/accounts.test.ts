// Issue 16 point 4: no account enumeration, verified addresses, invitations, the project owner.
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { mailsTo, verificationTokenFor } from './support/mail';
import {
  advanceAndSignIn,
  call,
  type Session,
  signIn,
  signUp,
  TEST_PASSWORD,
  type TestServer,
  testServerForBlock,
  uniqueEmail,
} from './support/server';

const HOUR = 60 * 60 * 1000;

for (const backend of testBackends()) {
  describe(`accounts, invitations and owners (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    let address = 0;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      // The installation's first account (its operator) is verified at once; everyone after verifies.
      await signUp(server, 'Operator');
      owner = await signUp(server, 'Olivia Owner');
    });

    /** Signs up without verifying (the raw route), from its own client address. */
    function signUpRaw(email: string, fullName = 'Somebody', password = TEST_PASSWORD) {
      address += 1;
      return server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { email, password, fullName },
        remoteAddress: `10.77.${Math.floor(address / 250)}.${address % 250}`,
      });
    }

    const verify = (token: string) => call(server, null, 'POST', '/api/v1/auth/verify-email', { token });

    async function createProject(session: Session, name: string): Promise<string> {
      const response = await call(server, session, 'POST', '/api/v1/projects', { name });
      expect(response.statusCode).toBe(201);
      return response.json().project.id;
    }

    const add = (session: Session, projectId: string, email: string, role: string) =>
      call(server, session, 'POST', `/api/v1/projects/${projectId}/members`, { email, role });

    async function team(projectId: string) {
      const response = await call(server, owner, 'GET', `/api/v1/projects/${projectId}/members`);
      expect(response.statusCode).toBe(200);
      return response.json() as {
        data: Array<{ userId: string; projectRole: string; isOwner: boolean; user: { email: string } }>;
        invitations: Array<{
          id: string;
          email: string;
          role: string;
          createdAt: string;
          expiresAt: string;
          expired: boolean;
        }>;
      };
    }

    async function acceptAll(session: Session): Promise<string[]> {
      const mine = (await call(server, session, 'GET', '/api/v1/invitations')).json().data as Array<{
        id: string;
      }>;
      const joined: string[] = [];
      for (const invitation of mine) {
        const accepted = await call(server, session, 'POST', `/api/v1/invitations/${invitation.id}/accept`);
        expect(accepted.statusCode, accepted.body).toBe(200);
        joined.push(accepted.json().projectId);
      }
      return joined;
    }

    it('answers a sign-up for a taken address exactly as for a new one and mails the owner a note', async () => {
      const email = uniqueEmail('Taken');
      const fresh = await signUpRaw(email, 'First Person');
      const taken = await signUpRaw(email.toUpperCase(), 'Second Person', 'another long passphrase here');
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(fresh.statusCode).toBe(202);
      expect(Object.keys(taken.json())).toEqual(Object.keys(fresh.json()));
      expect(taken.json()).toEqual(fresh.json());
      expect(taken.headers['set-cookie']).toBeUndefined();
      const notes = await mailsTo(server, email, 'account.signup_attempt');
      expect(notes).toHaveLength(1);
      expect(notes[0]?.subject).toBe('Someone tried to create a Plumbline account with your address');
      // The first sign-up's password and name stand.
      const token = await verificationTokenFor(server, email);
      expect((await verify(token as string)).statusCode).toBe(200);
      const me = await call(server, await signIn(server, email), 'GET', '/api/v1/auth/me');
      expect(me.json().user).toMatchObject({ email, fullName: 'First Person', emailVerified: true });
    });

    it('answers adding an unknown address exactly as adding an existing account', async () => {
      const projectId = await createProject(owner, 'Enumeration Yard');
      const existing = await signUp(server, 'Existing Person');
      const known = await add(owner, projectId, existing.email, 'Viewer');
      const unknown = await add(owner, projectId, uniqueEmail('Nobody'), 'Viewer');
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(known.statusCode).toBe(201);
      expect(Object.keys(unknown.json())).toEqual(Object.keys(known.json()));
    });

    it('uses a verification link once, and not after 24 hours', async () => {
      const email = uniqueEmail('Once');
      await signUpRaw(email);
      const token = (await verificationTokenFor(server, email)) as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await verify(token)).statusCode).toBe(200);
      const again = await verify(token);
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('verification_invalid');
      expect((await verify('x'.repeat(43))).json().error.code).toBe('verification_invalid');

      const late = uniqueEmail('Late');
      await signUpRaw(late);
      const lateToken = (await verificationTokenFor(server, late)) as string;
      server.clock.advance(24 * HOUR + 60_000);
      const expired = await verify(lateToken);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.code).toBe('verification_expired');
      const me = await call(server, await signIn(server, late), 'GET', '/api/v1/auth/me');
      expect(me.json().user.emailVerified).toBe(false);
    });

    it('lets an unverified account sign in and read itself, and nothing else until it verifies', async () => {
      const email = uniqueEmail('Unverified');
      await signUpRaw(email);
      const session = await signIn(server, email);
      const me = await call(server, session, 'GET', '/api/v1/auth/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().user.emailVerified).toBe(false);
      const projects = await call(server, session, 'GET', '/api/v1/projects');
      expect(projects.statusCode).toBe(403);
      expect(projects.json().error.code).toBe('email_unverified');
      expect((await call(server, session, 'POST', '/api/v1/projects', { name: 'Nope' })).statusCode).toBe(
        403,
      );
      // A new link, at most one a minute.
      server.clock.advance(2 * 60_000);
      expect((await call(server, session, 'POST', '/api/v1/auth/verification')).statusCode).toBe(202);
      expect((await call(server, session, 'POST', '/api/v1/auth/verification')).statusCode).toBe(429);
      expect(await mailsTo(server, email, 'account.verify')).toHaveLength(2);
      expect((await verify((await verificationTokenFor(server, email)) as string)).statusCode).toBe(200);
      expect((await call(server, session, 'GET', '/api/v1/projects')).statusCode).toBe(200);
    });

    it('grants no membership to an address before its owner verifies it and accepts', async () => {
      const projectId = await createProject(owner, 'Alice Works');
      const alice = uniqueEmail('Alice');
      await signUpRaw(alice, 'Alice Squatter');
      const invited = await add(owner, projectId, alice, 'Editor');
      expect(invited.statusCode).toBe(201);
      let now = await team(projectId);
      expect(now.data.map((m) => m.user.email)).not.toContain(alice);
      expect(now.invitations).toEqual([expect.objectContaining({ email: alice, role: 'Editor' })]);
      expect(await mailsTo(server, alice, 'member.invited')).toHaveLength(1);

      // Signed in but unverified: neither the invitation nor the project (read as by nobody).
      const session = await signIn(server, alice);
      expect((await call(server, session, 'GET', '/api/v1/invitations')).statusCode).toBe(403);
      expect((await call(server, session, 'GET', `/api/v1/projects/${projectId}`)).statusCode).toBe(401);

      expect((await verify((await verificationTokenFor(server, alice)) as string)).statusCode).toBe(200);
      // Verified, still not a member until accepting.
      expect((await call(server, session, 'GET', `/api/v1/projects/${projectId}`)).statusCode).toBe(404);
      expect(await acceptAll(session)).toEqual([projectId]);
      now = await team(projectId);
      expect(now.data.find((m) => m.user.email === alice)?.projectRole).toBe('Editor');
      expect(now.invitations).toEqual([]);
    });

    it('adds an existing account as Admin only when that person accepts', async () => {
      const projectId = await createProject(owner, 'Admin Acceptance');
      const bea = await signUp(server, 'Bea Admin');
      expect((await add(owner, projectId, bea.email, 'Admin')).statusCode).toBe(201);
      expect((await team(projectId)).data.map((m) => m.userId)).not.toContain(bea.userId);
      expect((await call(server, bea, 'GET', `/api/v1/projects/${projectId}`)).statusCode).toBe(404);
      expect(await acceptAll(bea)).toEqual([projectId]);
      expect((await team(projectId)).data.find((m) => m.userId === bea.userId)?.projectRole).toBe('Admin');
    });

    it('lets an Admin revoke an invitation; it can then not be accepted', async () => {
      const projectId = await createProject(owner, 'Revoked Rooms');
      const cleo = await signUp(server, 'Cleo Revoked');
      await add(owner, projectId, cleo.email, 'Admin');
      const [invitation] = (await team(projectId)).invitations;
      const revoked = await call(
        server,
        owner,
        'DELETE',
        `/api/v1/projects/${projectId}/invitations/${invitation?.id}`,
      );
      expect(revoked.statusCode).toBe(204);
      expect((await call(server, cleo, 'GET', '/api/v1/invitations')).json().data).toEqual([]);
      const accepted = await call(server, cleo, 'POST', `/api/v1/invitations/${invitation?.id}/accept`);
      expect(accepted.statusCode).toBe(404);
    });

    it('expires an invitation after INVITATION_VALID_DAYS (14 by default); inviting again renews it', async () => {
      const projectId = await createProject(owner, 'Late Letters');
      const dana = await signUp(server, 'Dana Late');
      expect((await add(owner, projectId, dana.email, 'Admin')).statusCode).toBe(201);
      const [first] = (await team(projectId)).invitations;
      expect(first?.expired).toBe(false);
      expect(Date.parse(first?.expiresAt ?? '') - Date.parse(first?.createdAt ?? '')).toBe(14 * 24 * HOUR);
      const [mail] = await mailsTo(server, dana.email, 'member.invited');
      expect(mail?.bodyText).toContain('can be accepted for 14 days');
      expect((await add(owner, projectId, dana.email, 'Admin')).json().error.code).toBe('already_invited');

      // One minute short of 14 days it still stands; at 14 days it is gone from the invitee's list.
      await advanceAndSignIn(server, 14 * 24 * HOUR - 60_000, [owner, dana]);
      expect((await call(server, dana, 'GET', '/api/v1/invitations')).json().data).toHaveLength(1);
      await advanceAndSignIn(server, 60_000, [owner, dana]);
      expect((await call(server, dana, 'GET', '/api/v1/invitations')).json().data).toEqual([]);
      expect((await team(projectId)).invitations).toEqual([
        expect.objectContaining({ id: first?.id, expired: true }),
      ]);
      const late = await call(server, dana, 'POST', `/api/v1/invitations/${first?.id}/accept`);
      expect(late.statusCode).toBe(410);
      expect(late.json().error).toMatchObject({
        code: 'invitation_expired',
        message: 'This invitation has expired. Ask an Admin of the project to invite you again.',
      });
      expect((await team(projectId)).data.map((m) => m.userId)).not.toContain(dana.userId);

      // Asked again: a new invitation replaces the expired one, and this one can be accepted.
      expect((await add(owner, projectId, dana.email, 'Admin')).statusCode).toBe(201);
      const renewed = (await team(projectId)).invitations;
      expect(renewed).toEqual([
        expect.objectContaining({ email: dana.email, role: 'Admin', expired: false }),
      ]);
      expect(renewed[0]?.id).not.toBe(first?.id);
      expect(await acceptAll(dana)).toEqual([projectId]);
      expect((await team(projectId)).data.find((m) => m.userId === dana.userId)?.projectRole).toBe('Admin');
    });

    describe('the project owner', () => {
      let projectId: string;
      let bea: Session;
      let carl: Session;

      beforeAll(async () => {
        projectId = await createProject(owner, 'Owner Hall');
        bea = await signUp(server, 'Bea Second Admin');
        carl = await signUp(server, 'Carl Third Admin');
        await add(owner, projectId, bea.email, 'Admin');
        await add(owner, projectId, carl.email, 'Admin');
        await acceptAll(bea);
        await acceptAll(carl);
      });

      const member = (session: Session, userId: string, method: 'PATCH' | 'DELETE') =>
        call(
          server,
          session,
          method,
          `/api/v1/projects/${projectId}/members/${userId}`,
          method === 'PATCH' ? { role: 'Viewer' } : undefined,
        );

      it('is the creator, shown as owner, and cannot be removed or demoted', async () => {
        const members = (await team(projectId)).data;
        expect(members.filter((m) => m.isOwner).map((m) => m.userId)).toEqual([owner.userId]);
        for (const method of ['PATCH', 'DELETE'] as const) {
          const refused = await member(bea, owner.userId, method);
          expect(refused.statusCode).toBe(403);
          expect(refused.json().error.code).toBe('owner_protected');
          expect((await member(owner, owner.userId, method)).json().error.code).toBe('owner_protected');
        }
      });

      it('lets no other Admin change or remove an Admin', async () => {
        for (const method of ['PATCH', 'DELETE'] as const) {
          const refused = await member(bea, carl.userId, method);
          expect(refused.statusCode).toBe(403);
          expect(refused.json().error.code).toBe('admin_protected');
        }
        const transfer = await call(server, bea, 'POST', `/api/v1/projects/${projectId}/owner`, {
          userId: bea.userId,
        });
        expect(transfer.statusCode).toBe(403);
        expect(transfer.json().error.code).toBe('owner_only');
      });

      it('lets the owner demote and remove another Admin', async () => {
        const demoted = await member(owner, carl.userId, 'PATCH');
        expect(demoted.statusCode).toBe(200);
        expect(demoted.json().member.projectRole).toBe('Viewer');
        expect((await member(owner, carl.userId, 'DELETE')).statusCode).toBe(204);
        expect((await team(projectId)).data.map((m) => m.userId)).not.toContain(carl.userId);
      });

      it('hands the ownership to another Admin only; the new owner then manages the old one', async () => {
        const viewer = await signUp(server, 'Vic Viewer');
        await add(owner, projectId, viewer.email, 'Viewer');
        const toViewer = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/owner`, {
          userId: viewer.userId,
        });
        expect(toViewer.statusCode).toBe(400);
        expect(toViewer.json().error.code).toBe('not_an_admin');

        const transferred = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/owner`, {
          userId: bea.userId,
        });
        expect(transferred.statusCode).toBe(200);
        const owners = (await team(projectId)).data.filter((m) => m.isOwner).map((m) => m.userId);
        expect(owners).toEqual([bea.userId]);
        // The old owner stays an Admin, now one the new owner may demote; it may no longer touch Bea.
        expect((await member(owner, bea.userId, 'PATCH')).json().error.code).toBe('owner_protected');
        const demoted = await member(bea, owner.userId, 'PATCH');
        expect(demoted.statusCode).toBe(200);
        expect(demoted.json().member).toMatchObject({ projectRole: 'Viewer', isOwner: false });
      });
    });

    it('gives a never-verified address to a new sign-up once its links have expired', async () => {
      const email = uniqueEmail('Stale');
      await signUpRaw(email, 'Squatter');
      server.clock.advance(25 * HOUR);
      await signUpRaw(email, 'Rightful Owner', 'the rightful owners passphrase');
      expect(await mailsTo(server, email, 'account.signup_attempt')).toHaveLength(0);
      expect((await verify((await verificationTokenFor(server, email)) as string)).statusCode).toBe(200);
      const signedIn = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: 'the rightful owners passphrase' },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.fullName).toBe('Rightful Owner');
    });
  });
}
