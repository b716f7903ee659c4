import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSecretsInLogs } from './support/log-secrets';

// The end-of-run check over every test server's log (global-setup.ts) must see what it looks for.
describe('the secrets check of the test logs', () => {
  it('names each line holding a hash, the password, a token or a cookie, and passes clean lines', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plumbline-log-check-'));
    try {
      writeFileSync(
        join(dir, 'a.log'),
        [
          '{"msg":"request completed","req":{"url":"/api/v1/auth/login"}}',
          '{"msg":"oops","hash":"$argon2id$v=19$m=19456,t=2,p=1$abc$def"}',
          '{"msg":"oops","headers":{"authorization":"Bearer abcdefghijklmnopqrstuvwx"}}',
          '{"msg":"oops","cookie":"plumbline_session=abcdefghijklmnopqrstuvwx"}',
          '{"msg":"mail","text":"https://x/verify-email#token=abcdefghijklmnopqrstuvwx"}',
          '{"msg":"oops","body":{"password":"correct horse battery"}}',
          '{"msg":"fine","authorization":"[redacted]"}',
        ].join('\n'),
      );
      const { found, logFiles, logBytes } = findSecretsInLogs(dir);
      expect(logFiles).toBe(1);
      expect(logBytes).toBeGreaterThan(0);
      expect(found).toEqual([
        'a.log:2: password hash',
        'a.log:3: bearer token',
        'a.log:4: session cookie',
        'a.log:5: verification link token',
        'a.log:6: test password',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
