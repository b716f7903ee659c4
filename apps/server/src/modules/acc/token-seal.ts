import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** What a connection holds: Autodesk's tokens and when the access token expires (epoch ms). */
export const apsTokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expiresAt: z.number(),
});
export type ApsTokens = z.infer<typeof apsTokensSchema>;

const VERSION = 'v1';

/**
 * Seals Autodesk tokens for the database with AES-256-GCM (decision 0154): a key derived from the
 * server secret with HKDF, a fresh 96-bit IV per write, the tag checked on read. A row copied to
 * another installation, or altered, does not open.
 */
export function createTokenSeal(serverSecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'plumbline', 'acc token encryption v1', 32) as ArrayBuffer,
  );
  return {
    seal(tokens: ApsTokens): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed: string): ApsTokens {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || !body) throw new Error('sealed tokens: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return apsTokensSchema.parse(JSON.parse(text));
    },
  };
}

export type TokenSeal = ReturnType<typeof createTokenSeal>;
