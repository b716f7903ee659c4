import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivativeUrn, pkcePair } from './aps-client';
import { createTokenSeal } from './token-seal';

const tokens = { accessToken: 'access-abc', refreshToken: 'refresh-def', expiresAt: 1_800_000_000_000 };

describe('token seal', () => {
  it('opens what it sealed, with a fresh IV each time, and hides the tokens', () => {
    const seal = createTokenSeal('a-server-secret-that-is-long-enough-000');
    const a = seal.seal(tokens);
    const b = seal.seal(tokens);
    expect(a).not.toBe(b);
    expect(a).not.toContain('access-abc');
    expect(Buffer.from(a.split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain('refresh-def');
    expect(seal.open(a)).toEqual(tokens);
  });

  it('refuses a sealed value that was altered or sealed with another secret', () => {
    const seal = createTokenSeal('a-server-secret-that-is-long-enough-000');
    const sealed = seal.seal(tokens);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const altered = [parts[0], parts[1], parts[2], body.toString('base64url')].join('.');
    expect(() => seal.open(altered)).toThrow();
    expect(() => createTokenSeal('another-secret-that-is-long-enough-111').open(sealed)).toThrow();
    expect(() => seal.open('v0.x.y.z')).toThrow('unknown format');
  });
});

describe('PKCE and Model Derivative urns', () => {
  it('derives the S256 challenge from the verifier as RFC 7636 says', () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  });

  it('makes the urn as the unpadded URL-safe base64 of the version id', () => {
    const id = 'urn:adsk.wipprod:fs.file:vf.abc?version=2';
    const urn = derivativeUrn(id);
    expect(urn).not.toMatch(/[=+/]/);
    expect(Buffer.from(urn, 'base64').toString('utf8')).toBe(id);
  });
});
