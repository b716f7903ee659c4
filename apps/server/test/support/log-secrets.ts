import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_PASSWORD } from './test-password';

/**
 * What must never appear in a log line (README "Security"): an argon2 hash, the password every test
 * account uses, a bearer token, a session cookie, a verification link's token, an API token's secret.
 */
const SECRET_PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['password hash', /\$argon2(id|i|d)\$/],
  ['test password', new RegExp(TEST_PASSWORD)],
  ['bearer token', /Bearer [A-Za-z0-9_-]{16,}/],
  ['session cookie', /plumbline_session=[A-Za-z0-9_-]{16,}/],
  ['verification link token', /#token=[A-Za-z0-9_-]{16,}/],
  ['API token', /plb_(pat|prj)_[A-Za-z0-9_-]{16,}/],
];

/**
 * Every line of every log in `dir` that holds a secret, how many log files there were (one per test
 * server started) and how many bytes were read.
 */
export function findSecretsInLogs(dir: string): { found: string[]; logFiles: number; logBytes: number } {
  const found: string[] = [];
  let logBytes = 0;
  const names = readdirSync(dir);
  for (const name of names) {
    const text = readFileSync(join(dir, name), 'utf8');
    logBytes += text.length;
    text.split('\n').forEach((line, index) => {
      for (const [what, pattern] of SECRET_PATTERNS) {
        if (pattern.test(line)) found.push(`${name}:${index + 1}: ${what}`);
      }
    });
  }
  return { found, logFiles: names.length, logBytes };
}
