import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../src/schema';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

// Issue 13 acceptance 5: with SMTP_URL set, mail goes out through a real SMTP conversation (a loopback
// server started here receives it); with the Settings toggle off, nothing is sent.
const simpleWall = sharedFile('ifc-samples/SimpleWall.ifc');

interface Received {
  to: string[];
  raw: string;
}

async function startSmtp(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

for (const backend of testBackends()) {
  describe.skipIf(simpleWall === null)(`notification e-mails over SMTP (${backend.name})`, () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let server: TestServer;
    let owner: Session;
    let colleague: Session;
    let projectId: string;

    beforeAll(async () => {
      smtp = await startSmtp();
      server = await startTestServer(backend, {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Plumbline Test <robot@plumbline.test>',
      });
      owner = await signUp(server, 'Mia Mail');
      colleague = await signUp(server, 'Cole Colleague');
      projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Mail Tower' })).json()
        .project.id;
    });
    afterAll(async () => {
      await server?.stop();
      await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
    });

    const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

    it('sends "processing finished" to the uploader when the model is processed', async () => {
      const res = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/bimfiles`,
        'wall.ifc',
        simpleWall as Buffer,
      );
      expect(res.statusCode, res.body).toBe(201);
      const mail = await eventually(async () => mailsTo(owner.email)[0]);
      expect(mail.raw).toMatch(/^Subject: Processing finished: wall\.ifc v1/m);
      expect(mail.raw).toMatch(/^From: Plumbline Test <robot@plumbline\.test>/m);
      expect(mail.raw).toContain('Mail Tower');
      // The outbox row is marked sent after the SMTP server has taken the mail: wait for that write.
      const sent = await eventually(async () => {
        const rows = await server.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.toAddress, owner.email));
        return rows.find((r) => r.subject.startsWith('Processing finished') && r.status === 'sent');
      });
      expect(sent.status).toBe('sent');
    });

    it('tells a new member they were added', async () => {
      const added = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
        email: colleague.email,
        role: 'Editor',
      });
      expect(added.statusCode, added.body).toBe(201);
      // The colleague's first mail was the link that verified the address.
      const mail = await eventually(async () =>
        mailsTo(colleague.email).find((m) => /^Subject: You were added/m.test(m.raw)),
      );
      expect(mail.raw).toMatch(/^Subject: You were added to Mail Tower/m);
    });

    it('sends nothing once the user turns notifications off', async () => {
      const off = await call(server, owner, 'PATCH', '/api/v1/profile', {
        preferences: { emailNotifications: false },
      });
      expect(off.statusCode).toBe(200);
      const before = mailsTo(owner.email).length;
      const res = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/bimfiles`,
        'wall.ifc',
        simpleWall as Buffer,
      );
      expect(res.statusCode, res.body).toBe(201);
      const fileId = res.json().bim_file.id;
      await eventually(async () => {
        const status = (
          await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${fileId}/status`)
        ).json();
        return status.status === 'completed' && status.version_tag === 'v2';
      });
      // The processing job has finished, and with it the only place this mail could be queued.
      const queued = await server.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, owner.email));
      expect(queued).toHaveLength(before);
      expect(mailsTo(owner.email)).toHaveLength(before);
    });

    it('lets only an installation admin read the outbox', async () => {
      expect((await call(server, colleague, 'GET', '/api/v1/admin/outbox')).statusCode).toBe(403);
      // The installation's first account is its admin.
      const [first] = await server.database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, owner.userId));
      expect(first?.role).toBe('admin');
      const outbox = await call(server, owner, 'GET', '/api/v1/admin/outbox');
      expect(outbox.statusCode, outbox.body).toBe(200);
      expect(
        outbox
          .json()
          .mails.map((m: { kind: string }) => m.kind)
          .sort(),
      ).toEqual(['account.verify', 'member.added', 'processing.completed']);
    });
  });
}
