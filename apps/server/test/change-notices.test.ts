/**
 * Issue 30 item 6: when a version's comparison is stored, people are told. Members get a mail through
 * the outbox and SMTP (a loopback SMTP server receives it) as their own setting asks; each project
 * webhook gets a signed delivery (loopback receivers check the signature with node:crypto, not with
 * the server's code), a receiver answering 500 gets it again after the configured backoff and the
 * delivery log shows both attempts, and the Slack format has the shape Slack documents for incoming
 * webhooks (api.slack.com/messaging/webhooks, Block Kit reference), written out here.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateIfc } from '@plumbline/ifc-gen';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { comparisonStoredHandler } from '../src/jobs/comparison-stored';
import { type ComparisonStoredPayload, comparisonStoredJob } from '../src/modules/history';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

const PUBLIC_URL = 'https://plumbline.example.com';
const demoIds = readFileSync(new URL('../src/modules/demo/demo.ids', import.meta.url));

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback receiver answering with `statuses` in turn (the last one repeats). */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, received, url: `http://127.0.0.1:${port}/hooks/a-credential-path-0123` };
}

async function smtpReceiver() {
  const mails: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      stream.on('end', () => {
        // The text as its reader sees it: quoted-printable soft breaks and escapes undone.
        const text = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, mails, port: (server.server.address() as AddressInfo).port };
}

/** The receiver's own check: HMAC-SHA256 of `${timestamp}.${body}` with the secret it was shown. */
function signatureValid(secret: string, r: Received): boolean {
  const timestamp = r.headers['x-plumbline-timestamp'];
  const signature = String(r.headers['x-plumbline-signature'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  return (
    signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  );
}

/** Slack's incoming webhook: `text` plus Block Kit blocks, each checked against the documented fields. */
function slackShapeErrors(body: Record<string, unknown>): string[] {
  const errors: string[] = [];
  const textObject = (o: unknown, where: string, types: string[], max: number) => {
    const t = o as { type?: unknown; text?: unknown };
    if (!t || !types.includes(String(t.type))) errors.push(`${where}: type must be ${types.join('|')}`);
    if (typeof t?.text !== 'string' || t.text.length === 0 || t.text.length > max)
      errors.push(`${where}: text must be 1..${max} characters`);
  };
  const allowedTop = new Set(['text', 'blocks', 'thread_ts', 'mrkdwn', 'attachments']);
  for (const key of Object.keys(body))
    if (!allowedTop.has(key)) errors.push(`unknown top-level field ${key}`);
  if (typeof body.text !== 'string' || body.text.length === 0) errors.push('text must be a non-empty string');
  const blocks = body.blocks as Array<Record<string, unknown>>;
  if (!Array.isArray(blocks) || blocks.length === 0 || blocks.length > 50) errors.push('blocks: 1..50');
  for (const [i, block] of (blocks ?? []).entries()) {
    const where = `blocks[${i}]`;
    if (block.type === 'section') textObject(block.text, `${where}.text`, ['mrkdwn', 'plain_text'], 3000);
    else if (block.type === 'context') {
      const elements = block.elements as unknown[];
      if (!Array.isArray(elements) || elements.length === 0 || elements.length > 10)
        errors.push(`${where}.elements: 1..10`);
      for (const [j, e] of (elements ?? []).entries())
        textObject(e, `${where}.elements[${j}]`, ['mrkdwn', 'plain_text'], 3000);
    } else if (block.type === 'actions') {
      const elements = block.elements as Array<Record<string, unknown>>;
      if (!Array.isArray(elements) || elements.length === 0 || elements.length > 25)
        errors.push(`${where}.elements: 1..25`);
      for (const [j, e] of (elements ?? []).entries()) {
        if (e.type !== 'button') errors.push(`${where}.elements[${j}]: a button`);
        textObject(e.text, `${where}.elements[${j}].text`, ['plain_text'], 75);
        if (typeof e.url !== 'string' || e.url.length > 3000 || !/^https?:\/\//.test(e.url))
          errors.push(`${where}.elements[${j}].url`);
      }
    } else errors.push(`${where}: unexpected block type ${String(block.type)}`);
  }
  return errors;
}

const [backend] = testBackends();
if (!backend) throw new Error('no test backend');

// Each test waits on queued jobs (retries after a backoff): a longer guard against hangs on a busy machine.
describe('people are told when a version is compared (issue 30 item 6)', { timeout: 180_000 }, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
  let owner: Session;
  let editor: Session;
  let viewer: Session;
  let projectId: string;
  let fileId: string;
  let versions: { v1: string; v2: string };
  const logs: string[] = [];
  const hooks: Record<string, { id: string; secret: string; rx: Awaited<ReturnType<typeof receiver>> }> = {};

  beforeAll(async () => {
    smtp = await smtpReceiver();
    const logFile = join(inject('testLogDir'), `${randomUUID()}.log`);
    server = await startTestServer(
      backend,
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        PUBLIC_URL,
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
        WEBHOOK_RETRY_DELAY_SECONDS: '1',
        WEBHOOK_RETRY_LIMIT: '2',
      },
      {
        logs: {
          write(line) {
            logs.push(line);
            appendFileSync(logFile, line);
          },
        },
      },
    );
    owner = await signUp(server, 'Olga Owner');
    editor = await signUp(server, 'Ed Editor');
    viewer = await signUp(server, 'Vic Viewer');
    projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Harbour Tower' })).json()
      .project.id;
    for (const [who, role] of [
      [editor, 'Editor'],
      [viewer, 'Viewer'],
    ] as const) {
      const added = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
        email: who.email,
        role,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    // The editor wants regressions only, the viewer nothing; the owner keeps the default (every version).
    const set = (who: Session, changes: string) =>
      call(server, who, 'PUT', `/api/v1/profile/project-mail/${projectId}`, { changes });
    expect((await set(editor, 'regressions')).statusCode).toBe(200);
    expect((await set(viewer, 'none')).statusCode).toBe(200);
    for (const [name, format, statuses] of [
      ['plain', 'json', [200]],
      ['flaky', 'json', [500, 200]],
      ['slack', 'slack', [200]],
    ] as const) {
      const rx = await receiver([...statuses]);
      const res = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/webhooks`, {
        name,
        url: rx.url,
        format,
      });
      expect(res.statusCode, res.body).toBe(201);
      hooks[name] = { id: res.json().webhook.id, secret: res.json().secret, rx };
    }
    const dir = mkdtempSync(join(tmpdir(), 'plumbline-notices-'));
    await generateIfc({ targetBytes: 60_000, seed: 7, out: join(dir, 'ARC.ifc') });
    const model = readFileSync(join(dir, 'ARC.ifc'));
    expect(
      (await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'rules.ids', demoIds))
        .statusCode,
    ).toBe(201);
    const ids: string[] = [];
    for (const tag of ['v1', 'v2']) {
      const res = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, 'ARC.ifc', model);
      expect(res.statusCode, res.body).toBe(201);
      fileId = res.json().bim_file.id;
      ids.push(res.json().version.id);
      await eventually(async () => {
        const s = (
          await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${fileId}/status`)
        ).json();
        return s.status === 'completed' && s.version_tag === tag;
      });
    }
    versions = { v1: ids[0] as string, v2: ids[1] as string };
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    for (const hook of Object.values(hooks)) await new Promise((resolve) => hook.rx.server.close(resolve));
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  const compared = (rx: Received[]) =>
    rx
      .filter((r) => r.headers['x-plumbline-event'] === 'version.compared')
      .map((r) => ({ r, body: JSON.parse(r.body) }));

  it('a processed v2 is announced to the webhooks with the counts, signed with the hook secret', async () => {
    const plain = hooks.plain as (typeof hooks)[string];
    const first = await eventually(async () => compared(plain.rx.received)[0]);
    expect(signatureValid(plain.secret, first.r)).toBe(true);
    // Any other secret fails the same check: the check can fail.
    expect(signatureValid(`${plain.secret}x`, first.r)).toBe(false);
    expect(first.body).toMatchObject({
      event: 'version.compared',
      project: { id: projectId, name: 'Harbour Tower' },
      file: { id: fileId, name: 'ARC.ifc' },
      version: { id: versions.v2, tag: 'v2' },
      previous_version: { id: versions.v1, tag: 'v1' },
      cause: 'processed',
      // The same model twice: nothing changed.
      counts: { new: 0, resolved: 0, removed: 0 },
      links: {
        changes: `${PUBLIC_URL}/projects/${projectId}/files/${fileId}/changes?from=${versions.v1}&to=${versions.v2}`,
      },
    });
    expect(first.body.message.text).toBe('Harbour Tower ARC v2: 0 new failures, 0 resolved');
  });

  it('mails the members who asked for it, and sends the webhooks, the "12 new, 40 resolved" comparison', async () => {
    const payload: ComparisonStoredPayload = {
      projectId,
      fileId,
      fromVersionId: versions.v1,
      toVersionId: versions.v2,
      cause: 'recompared',
      counts: { new: 12, resolved: 40, removed: 3, persisting: 7 },
      elements: { matchedByGlobalId: 100, matchedByContent: 2, added: 1, removed: 3 },
    };
    const jobId = await server.queue.send(comparisonStoredJob, payload);
    const subject = 'Harbour Tower ARC v2: 12 new failures, 40 resolved';
    const mailTo = (who: Session) =>
      smtp.mails.find((m) => m.to.includes(who.email) && m.raw.includes(`Subject: ${subject}`));
    const [ownerMail, editorMail] = await eventually(async () => {
      const found = [mailTo(owner), mailTo(editor)];
      return found.every(Boolean) && found;
    });
    expect(ownerMail?.raw).toContain(`${PUBLIC_URL}/projects/${projectId}/files/${fileId}/changes?from=`);
    expect(editorMail?.raw).toMatch(/12 new failures/);
    // Regressions only: the editor had no mail for the first, unchanged comparison; the owner had one.
    const unchanged = 'Harbour Tower ARC v2: 0 new failures, 0 resolved';
    expect(smtp.mails.some((m) => m.to.includes(owner.email) && m.raw.includes(unchanged))).toBe(true);
    expect(smtp.mails.some((m) => m.to.includes(editor.email) && m.raw.includes(unchanged))).toBe(false);
    expect(smtp.mails.some((m) => m.to.includes(viewer.email) && m.raw.includes('Harbour Tower ARC'))).toBe(
      false,
    );

    const plain = hooks.plain as (typeof hooks)[string];
    const event = await eventually(async () =>
      compared(plain.rx.received).find((e) => e.body.counts.new === 12),
    );
    expect(signatureValid(plain.secret, event.r)).toBe(true);
    expect(event.body).toMatchObject({
      id: jobId,
      cause: 'recompared',
      counts: { new: 12, resolved: 40, removed: 3, persisting: 7 },
      elements: { matched_by_global_id: 100, matched_by_content: 2, added: 1, removed: 3 },
      message: {
        id: 'changes.summary',
        params: { project: 'Harbour Tower', file: 'ARC', version: 'v2', new: 12, resolved: 40 },
        text: subject,
      },
    });

    // The job run again with the same id (a retry after its commit) tells nobody twice.
    const before = { hooks: plain.rx.received.length, mails: smtp.mails.length };
    // Only what is read before the claim refuses is given.
    const deps = {
      db: server.database.db,
      clock: server.clock,
      logger: { info() {} },
      jobs: server.queue,
      appUrl: PUBLIC_URL,
    } as unknown as Parameters<typeof comparisonStoredHandler.handle>[0];
    await comparisonStoredHandler.handle(deps, payload, { id: jobId, retryCount: 1 });
    const log = await call(
      server,
      owner,
      'GET',
      `/api/v1/projects/${projectId}/webhooks/${plain.id}/deliveries`,
    );
    expect(
      log.json().deliveries.filter((d: { event: string }) => d.event === 'version.compared'),
    ).toHaveLength(2);
    expect(plain.rx.received.length).toBe(before.hooks);
    expect(smtp.mails.length).toBe(before.mails);
  });

  it('a receiver answering 500 gets the delivery again after the backoff; the log shows both attempts', async () => {
    const flaky = hooks.flaky as (typeof hooks)[string];
    // The receiver's first answer was 500: the delivery it was given to must have been retried.
    const delivered = await eventually(async () => {
      const res = await call(
        server,
        owner,
        'GET',
        `/api/v1/projects/${projectId}/webhooks/${flaky.id}/deliveries`,
      );
      const deliveries = res.json().deliveries as Array<{
        status: string;
        attempts: Array<{ status_code: number | null }>;
      }>;
      const retried = deliveries.find((d) => d.attempts[0]?.status_code === 500);
      return retried?.status === 'delivered' && retried;
    });
    expect(delivered.attempts).toMatchObject([
      { attempt: 1, status_code: 500, ok: false },
      { attempt: 2, status_code: 200, ok: true, error: null },
    ]);
    // Both requests carried the same delivery, each signed validly (with its own timestamp).
    const firstId = flaky.rx.received[0]?.headers['x-plumbline-delivery'];
    const [one, two] = flaky.rx.received.filter((r) => r.headers['x-plumbline-delivery'] === firstId);
    expect(two).toBeDefined();
    expect(one?.headers['x-plumbline-delivery']).toBe(two?.headers['x-plumbline-delivery']);
    expect(one?.body).toBe(two?.body);
    expect(
      signatureValid(flaky.secret, one as Received) && signatureValid(flaky.secret, two as Received),
    ).toBe(true);
  });

  it('a Slack-format hook gets a body in the shape of Slack incoming webhooks', async () => {
    const slack = hooks.slack as (typeof hooks)[string];
    const received = await eventually(async () =>
      slack.rx.received.find((r) => r.body.includes('12 new failures')),
    );
    const body = JSON.parse(received.body);
    expect(slackShapeErrors(body)).toEqual([]);
    expect(body.text).toBe('Harbour Tower ARC v2: 12 new failures, 40 resolved');
    const button = body.blocks.find((b: { type: string }) => b.type === 'actions').elements[0];
    expect(button.url).toBe(
      `${PUBLIC_URL}/projects/${projectId}/files/${fileId}/changes?from=${versions.v1}&to=${versions.v2}`,
    );
    // The checker can fail: a body without blocks and with an unknown field is refused.
    expect(slackShapeErrors({ text: 'x', color: 'red' })).not.toEqual([]);
  });

  it('re-sends a delivery on request, as a further attempt in its log', async () => {
    const plain = hooks.plain as (typeof hooks)[string];
    const ping = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/webhooks/${plain.id}/ping`);
    expect(ping.statusCode, ping.body).toBe(202);
    const id = ping.json().delivery.id as string;
    const path = `/api/v1/projects/${projectId}/webhooks/${plain.id}/deliveries`;
    const logOf = async () =>
      (
        (await call(server, owner, 'GET', path)).json().deliveries as Array<{
          id: string;
          status: string;
          attempts: unknown[];
        }>
      ).find((d) => d.id === id);
    await eventually(async () => (await logOf())?.status === 'delivered');
    const again = await call(server, owner, 'POST', `${path}/${id}/resend`);
    expect(again.statusCode, again.body).toBe(202);
    const done = await eventually(async () => {
      const d = await logOf();
      return d?.status === 'delivered' && d.attempts.length === 2 && d;
    });
    expect(done.attempts).toMatchObject([
      { attempt: 1, ok: true },
      { attempt: 2, ok: true },
    ]);
    expect(plain.rx.received.filter((r) => r.headers['x-plumbline-delivery'] === id)).toHaveLength(2);
  });

  it('shows the secret once, the URL by host only, to Admins only; never logs either', async () => {
    const list = await call(server, owner, 'GET', `/api/v1/projects/${projectId}/webhooks`);
    expect(list.statusCode).toBe(200);
    const text = list.body;
    for (const hook of Object.values(hooks)) {
      expect(text).not.toContain(hook.secret);
      expect(text).not.toContain('a-credential-path');
    }
    expect(list.json().webhooks.map((w: { url_host: string }) => w.url_host)).toEqual(
      Object.values(hooks).map((h) => new URL(h.rx.url).host),
    );
    expect((await call(server, editor, 'GET', `/api/v1/projects/${projectId}/webhooks`)).statusCode).toBe(
      403,
    );
    const all = logs.join('');
    expect(all).toContain('webhook delivery attempted');
    for (const hook of Object.values(hooks)) expect(all).not.toContain(hook.secret);
    expect(all).not.toContain('a-credential-path');
  });
});
