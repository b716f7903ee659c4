import { and, desc, eq } from 'drizzle-orm';
import type { PlumblineServer } from '../../src/app';
import { emailOutbox } from '../../src/schema';

/** The mails the server queued to `address` (newest first), as its outbox holds them. */
export async function mailsTo(server: PlumblineServer, address: string, kind?: string) {
  return server.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), kind ? eq(emailOutbox.kind, kind) : undefined))
    .orderBy(desc(emailOutbox.createdAt));
}

/** The token of the newest verification link mailed to `address`, as a person would copy it; null if none. */
export async function verificationTokenFor(server: PlumblineServer, address: string): Promise<string | null> {
  const [mail] = await mailsTo(server, address, 'account.verify');
  return mail?.bodyText.match(/\/verify-email#token=([A-Za-z0-9_-]+)/)?.[1] ?? null;
}
