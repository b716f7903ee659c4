// Verification links (decision 0158): a random token in the mail, only its SHA-256 in the database,
// usable once within VERIFICATION_LIFETIME_MS. The token travels in the URL's fragment (#token=…), so it
// never reaches a server log or a Referer header; the page posts it to /auth/verify-email.
import { generateSessionToken, hashSessionToken } from '../../platform/auth/tokens';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import { mailLocale, queueMail, verificationMail } from '../notifications';
import * as repo from './repo';

export const VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Writes a new link for the account's current address and queues its mail, in the caller's transaction. */
export async function sendVerificationLink(
  tx: Database,
  jobs: JobSender,
  user: { id: string; email: string },
  appUrl: string,
  at: Date,
): Promise<void> {
  const token = generateSessionToken();
  await repo.insertVerification(tx, {
    userId: user.id,
    email: user.email,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(at.getTime() + VERIFICATION_LIFETIME_MS),
    at,
  });
  const link = `${appUrl}/verify-email#token=${token}`;
  const locale = await mailLocale(tx, { userId: user.id });
  const mail = verificationMail(locale, { link, hours: VERIFICATION_LIFETIME_MS / 3_600_000 });
  await queueMail(tx, jobs, { userId: user.id, to: user.email, ...mail }, at);
}
