import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { until } from './wait';

/** This checkout's root (this file is apps/web/e2e/harness/mail.ts); server.ts imports this module. */
const checkout = resolve(import.meta.dirname, '../../../..');

/**
 * Where every end-to-end server's mail lands, one JSON file per message: the servers deliver to a
 * loopback SMTP catcher (startMailCatcher) as they would to a real mail server, and the tests read the
 * mailbox from here, in whichever process they run. One directory per checkout.
 */
export const MAIL_DIR =
  process.env.E2E_MAIL_DIR ??
  join(tmpdir(), `plumbline-e2e-mail-${createHash('sha256').update(checkout).digest('hex').slice(0, 12)}`);

let received = 0;

/** A loopback SMTP server that writes each message into MAIL_DIR; resolves with its port and a stop. */
export async function startMailCatcher(): Promise<{ port: number; stop: () => Promise<void> }> {
  mkdirSync(MAIL_DIR, { recursive: true });
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
        received += 1;
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const name = `${Date.now()}-${process.pid}-${received}.json`;
        writeFileSync(join(MAIL_DIR, name), JSON.stringify({ to, raw }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A message's text as a person reads it: headers dropped, quoted-printable decoded (its bytes UTF-8). */
function bodyText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  // Quoted-printable is ASCII on the wire: each decoded character is one byte of the UTF-8 text
  // ("=C3=A4" is "ä"). A body sent unencoded already holds its characters.
  return [...bytes].some((char) => char.charCodeAt(0) > 0xff)
    ? bytes
    : Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The texts of the mails delivered to `address`, oldest first. */
export function mailsTo(address: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(MAIL_DIR).sort();
  } catch {
    return [];
  }
  const texts: string[] = [];
  for (const name of names) {
    let mail: { to: string[]; raw: string };
    try {
      mail = JSON.parse(readFileSync(join(MAIL_DIR, name), 'utf8')) as { to: string[]; raw: string };
    } catch {
      // The mail job is still writing this file: it is read on the next look.
      continue;
    }
    if (mail.to.includes(address.toLowerCase())) texts.push(bodyText(mail.raw));
  }
  return texts;
}

/**
 * The path of the newest verification link mailed to `address` (`/verify-email#token=…`), waiting for
 * the mail job to deliver it (as long as the test runs: harness/wait.ts).
 */
export async function verificationLinkFor(address: string): Promise<string> {
  return until(`a verification mail to ${address}`, () => {
    const links = mailsTo(address).flatMap(
      (text) => text.match(/\/verify-email#token=[A-Za-z0-9_-]+/g) ?? [],
    );
    return links.at(-1);
  });
}
