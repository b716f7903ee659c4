import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals a hook's URL and signing secret for the database with AES-256-GCM under a key derived from
 * the server secret (as ACC tokens are, decision 0154): a copied or altered row does not open.
 */
export function createStringSeal(serverSecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'plumbline', 'webhook secret encryption v1', 32) as ArrayBuffer,
  );
  return {
    seal(text: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || !body) throw new Error('sealed value: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export type StringSeal = ReturnType<typeof createStringSeal>;
