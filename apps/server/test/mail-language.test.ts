import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/schema';
import { testBackends } from './support/backends';
import {
  call,
  eventually,
  type Session,
  signUp,
  TEST_PASSWORD,
  type TestServer,
  testServerForBlock,
  uniqueEmail,
} from './support/server';

// Issue 31: a mail is written in the project's language when the project set one, else in the
// recipient's profile language, which starts as the language of the page they signed up on. The
// expected sentences are written here from the catalogues' wording, not rendered by the code under test.
for (const backend of testBackends()) {
  describe(`mails in the reader's language (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    let projectId: string;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      owner = await signUp(server, 'Olga Owner');
      projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Turm Nord' })).json()
        .project.id;
    });

    const mailTo = (address: string, kind: string) =>
      eventually(async () => {
        const rows = await server.database.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)));
        return rows.at(-1);
      });

    it('sends the verification link in the language of the page the person signed up on', async () => {
      const email = uniqueEmail('Dora Deutsch');
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
        payload: { email, password: TEST_PASSWORD, fullName: 'Dora Deutsch' },
        remoteAddress: '10.31.0.1',
      });
      expect(res.statusCode, res.body).toBe(202);
      const mail = await mailTo(email, 'account.verify');
      expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Plumbline');
      expect(mail.bodyText).toContain('läuft in 24 Stunden ab');
    });

    it("writes a member's mail in their profile language", async () => {
      const colleague = await signUp(server, 'Noor Nederlands');
      const saved = await call(server, colleague, 'PATCH', '/api/v1/profile', {
        preferences: { language: 'nl' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().profile.preferences.language).toBe('nl');
      const added = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
        email: colleague.email,
        role: 'Editor',
      });
      expect(added.statusCode, added.body).toBe(201);
      const mail = await mailTo(colleague.email, 'member.added');
      expect(mail.subject).toBe('U bent toegevoegd aan Turm Nord');
      expect(mail.bodyText).toContain('als Bewerker');
    });

    it("prefers the project's language to the recipient's, for members and invitations", async () => {
      const set = await call(server, owner, 'PATCH', `/api/v1/projects/${projectId}`, { language: 'fr' });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().project.language).toBe('fr');
      const reader = await signUp(server, 'Dirk Deutsch');
      await call(server, reader, 'PATCH', '/api/v1/profile', { preferences: { language: 'de' } });
      const added = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
        email: reader.email,
        role: 'Viewer',
      });
      expect(added.statusCode, added.body).toBe(201);
      const mail = await mailTo(reader.email, 'member.added');
      expect(mail.subject).toBe('Vous avez été ajouté à Turm Nord');
      expect(mail.bodyText).toContain('en tant que Lecteur');

      const stranger = uniqueEmail('Nobody Yet');
      const invited = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
        email: stranger,
        role: 'Editor',
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const invitation = await mailTo(stranger, 'member.invited');
      expect(invitation.subject).toBe('Vous êtes invité à rejoindre Turm Nord');
      expect(invitation.bodyText).toContain('Olga Owner vous a invité au projet Turm Nord');
    });
  });
}
