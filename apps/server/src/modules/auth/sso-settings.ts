import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { installationSettings } from '../../schema';
import { type AuditRecorder, canonicalJson } from '../audit';

const KEY = 'sign_in';

/** What the audit trail compares: the sign-in settings, with a fingerprint of the secret, never the secret. */
export function signInSettings(config: Pick<Config, 'sso' | 'passwordSignIn'>): Record<string, unknown> {
  const { sso } = config;
  return {
    passwordSignIn: config.passwordSignIn,
    sso: sso
      ? {
          issuer: sso.issuer,
          clientId: sso.clientId,
          clientSecretSha256: createHash('sha256').update(sso.clientSecret).digest('hex').slice(0, 16),
          allowedDomains: sso.allowedDomains,
          buttonLabel: sso.buttonLabel,
          redirectUri: sso.redirectUri,
        }
      : null,
  };
}

/**
 * The sign-in settings come from the environment (decision 0267), so a change shows at start: when
 * they differ from the last start's, `sso.settings_changed` goes into the audit trail with the before
 * and after (the first start of an installation without single sign-on records nothing). The row is
 * locked, so API servers starting together record a change once.
 */
export async function recordSignInSettings(
  db: Database,
  audit: AuditRecorder,
  clock: Clock,
  config: Pick<Config, 'sso' | 'passwordSignIn'>,
): Promise<boolean> {
  const after = signInSettings(config);
  return db.transaction(async (tx) => {
    await tx
      .insert(installationSettings)
      .values({ key: KEY, value: sql`'null'::jsonb`, updatedAt: clock.now() })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(installationSettings)
      .where(eq(installationSettings.key, KEY))
      .for('update');
    const before = (row?.value ?? null) as Record<string, unknown> | null;
    if (canonicalJson(before) === canonicalJson(after)) return false;
    await tx
      .update(installationSettings)
      .set({ value: after, updatedAt: clock.now() })
      .where(eq(installationSettings.key, KEY));
    const untouchedDefault = before === null && after.sso === null && after.passwordSignIn === true;
    if (untouchedDefault) return false;
    await audit.record(
      {
        actorId: null,
        projectId: null,
        action: 'sso.settings_changed',
        targetType: 'installation',
        targetId: null,
        details: { source: 'environment', before, after },
      },
      tx,
    );
    return true;
  });
}
