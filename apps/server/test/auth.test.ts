import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purgeExpiredSessionsJob } from '../src/jobs/purge-expired-sessions';
import { hashSessionToken } from '../src/platform/auth/tokens';
import { authFailures, sessions, users } from '../src/schema';
import { testBackends } from './support/backends';
import { call, eventually, signUp, type TestServer, testServerForBlock } from './support/server';

const DAY = 24 * 60 * 60 * 1000;

for (const backend of testBackends()) {
  describe(`auth (${backend.name})`, () => {
    let server: TestServer;
    testServerForBlock(
      backend,
      (started) => {
        server = started;
      },
      {
        AUTH_RATE_LIMIT_PER_ACCOUNT: '4',
        AUTH_RATE_LIMIT_PER_IP: '8',
      },
    );

    const post = (
      url: string,
      payload: unknown,
      remoteAddress: string,
      headers: Record<string, string> = {},
    ) => server.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers });

    it('signs up with a lower-cased e-mail without signing in; signing in answers the session and sets the cookie', async () => {
      const response = await post(
        '/api/v1/auth/signup',
        {
          email: '  Grace.Hopper@Example.COM ',
          password: 'correct horse battery',
          fullName: ' Grace Hopper ',
        },
        '10.1.0.1',
      );
      expect(response.statusCode).toBe(202);
      expect(Object.keys(response.json())).toEqual(['message']);
      expect(response.cookies.find((c) => c.name === 'plumbline_session')).toBeUndefined();
      const signedIn = await post(
        '/api/v1/auth/login',
        { email: 'grace.hopper@example.com', password: 'correct horse battery' },
        '10.1.0.1',
      );
      expect(signedIn.statusCode).toBe(200);
      const body = signedIn.json();
      expect(body.user).toMatchObject({ email: 'grace.hopper@example.com', fullName: 'Grace Hopper' });
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookie = signedIn.cookies.find((c) => c.name === 'plumbline_session');
      expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      // Its script-readable twin says only that a session may exist (decision 0176): no token in it.
      const hint = signedIn.cookies.find((c) => c.name === 'plumbline_signed_in');
      expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
      expect(hint?.httpOnly).toBeFalsy();
      expect(hint?.expires?.getTime()).toBe(cookie?.expires?.getTime());
      // The database holds only the token's hash.
      const [stored] = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, body.user.id));
      expect(stored?.tokenHash).toBe(hashSessionToken(body.token));
      expect(stored?.tokenHash).not.toContain(body.token);
      const [user] = await server.database.db.select().from(users).where(eq(users.id, body.user.id));
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('answers a second sign-up with the same e-mail (any case) as a new one and keeps the one account', async () => {
      const response = await post(
        '/api/v1/auth/signup',
        { email: 'GRACE.hopper@example.com', password: 'another password', fullName: 'Impostor' },
        '10.1.0.2',
      );
      expect(response.statusCode).toBe(202);
      const rows = await server.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'grace.hopper@example.com'));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.fullName).toBe('Grace Hopper');
    });

    it('validates sign-up input with clear messages and creates nothing', async () => {
      const before = (await server.database.db.select().from(users)).length;
      const cases: Array<[unknown, string, string]> = [
        [
          { email: 'not-an-email', password: 'correct horse', fullName: 'A' },
          'email',
          'Please enter a valid email address',
        ],
        [
          { email: 'a@example.com', password: 'short', fullName: 'A' },
          'password',
          'Password must be at least 12 characters',
        ],
        [
          { email: 'a@example.com', password: 'correct horse', fullName: '   ' },
          'fullName',
          'Full name is required',
        ],
        [
          { email: 'a@example.com', password: 'correct horse', fullName: 'x'.repeat(256) },
          'fullName',
          'Full name is too long',
        ],
        [
          { email: 'a@example.com', password: 12345678, fullName: 'A' },
          'password',
          'Invalid input: expected string, received number',
        ],
      ];
      for (const [payload, field, message] of cases) {
        const response = await post('/api/v1/auth/signup', payload, '10.1.0.3');
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'validation_failed',
          message,
          fields: { [field]: message },
        });
      }
      const malformed = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@example.com",',
        remoteAddress: '10.1.0.3',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toEqual({
        code: 'malformed_json',
        message: 'Malformed JSON body',
        messageId: 'error.malformed_json',
      });
      expect((await server.database.db.select().from(users)).length).toBe(before);
    });

    it('signs in with the right password; a wrong password or unknown account gets the same generic 401', async () => {
      const ok = await post(
        '/api/v1/auth/login',
        { email: 'Grace.Hopper@example.com', password: 'correct horse battery' },
        '10.1.1.1',
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.email).toBe('grace.hopper@example.com');
      const wrong = await post(
        '/api/v1/auth/login',
        { email: 'grace.hopper@example.com', password: 'wrong password' },
        '10.1.1.1',
      );
      const unknown = await post(
        '/api/v1/auth/login',
        { email: 'nobody@example.com', password: 'wrong password' },
        '10.1.1.1',
      );
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toEqual({
          code: 'invalid_credentials',
          message: 'Invalid email or password',
          messageId: 'error.invalid_credentials',
        });
      }
    });

    it('accepts the session as a bearer token and as the cookie', async () => {
      const session = await signUp(server, 'Cookie Monster');
      const byBearer = await call(server, session, 'GET', '/api/v1/auth/me');
      expect(byBearer.statusCode).toBe(200);
      expect(byBearer.json().user.id).toBe(session.userId);
      const byCookie = await server.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        cookies: { plumbline_session: session.token },
      });
      expect(byCookie.statusCode).toBe(200);
      expect(byCookie.json().user.id).toBe(session.userId);
    });

    it('answers 401 with the standard message without a session or with a bad one', async () => {
      const expected = {
        error: {
          code: 'unauthenticated',
          message: 'Authentication required. Please log in again.',
          messageId: 'error.unauthenticated',
        },
      };
      for (const headers of [
        {},
        { authorization: 'Bearer nonsense' },
        { authorization: `Bearer ${'a'.repeat(43)}` },
        { authorization: 'Basic abc' },
      ]) {
        const response = await server.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(expected);
      }
    });

    it('logout revokes the session and clears the cookie', async () => {
      const session = await signUp(server, 'Leaving Soon');
      const out = await call(server, session, 'POST', '/api/v1/auth/logout');
      expect(out.statusCode).toBe(204);
      const cleared = out.cookies.find((c) => c.name === 'plumbline_session');
      expect(cleared?.value).toBe('');
      expect(out.cookies.find((c) => c.name === 'plumbline_signed_in')?.value).toBe('');
      expect((await call(server, session, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
      const left = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, session.userId));
      expect(left).toHaveLength(0);
    });

    it('sessions expire after 30 days without use and slide forward while used', async () => {
      const idle = await signUp(server, 'Idle User');
      const active = await signUp(server, 'Active User');
      server.clock.advance(20 * DAY);
      const renewed = await server.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        cookies: { plumbline_session: active.token },
      });
      expect(renewed.statusCode).toBe(200);
      // Renewal re-issues the cookie with the new expiry.
      const cookie = renewed.cookies.find((c) => c.name === 'plumbline_session');
      expect(cookie?.expires?.getTime()).toBeGreaterThan(server.clock.now().getTime() + 29 * DAY);
      server.clock.advance(11 * DAY);
      expect((await call(server, idle, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
      expect((await call(server, active, 'GET', '/api/v1/auth/me')).statusCode).toBe(200);
      server.clock.advance(31 * DAY);
      expect((await call(server, active, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);

      // The hourly purge job removes the expired rows.
      await server.queue.send(purgeExpiredSessionsJob, {});
      await eventually(async () => {
        const left = await server.database.db.select().from(sessions).where(eq(sessions.userId, idle.userId));
        return left.length === 0;
      });
      const expiredToo = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, active.userId));
      expect(expiredToo).toHaveLength(0);
    });

    it('refuses a common password, or one made of the name or e-mail, with the reason on the field', async () => {
      for (const [password, reason] of [
        ['password1234', 'This is too close to a commonly used password.'],
        ['ronaldweaselly', 'The password must not contain your name or e-mail address.'],
      ] as const) {
        const response = await post(
          '/api/v1/auth/signup',
          { email: `ronald.weaselly.${password.length}@example.com`, password, fullName: 'Ronald Weaselly' },
          '10.5.0.1',
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'weak_password', fields: { password: reason } });
      }
    });

    it('slows an address guessing an account with doubling waits, and never locks the owner out', async () => {
      const session = await signUp(server, 'Target Account');
      const guess = (address: string, password = 'guess') =>
        post('/api/v1/auth/login', { email: session.email, password }, address);
      // Four free failures from one address (AUTH_RATE_LIMIT_PER_ACCOUNT=4), then a wait that doubles.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) statuses.push((await guess('10.2.0.1')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      const waits: number[] = [];
      for (let round = 0; round < 3; round++) {
        const refused = await guess('10.2.0.1');
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error).toMatchObject({ code: 'too_many_attempts' });
        const wait = Number(refused.headers['retry-after']);
        waits.push(wait);
        server.clock.advance(wait * 1000);
        expect((await guess('10.2.0.1')).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4]);
      // Even the right password waits there; the failures are in the database, not this process.
      expect((await guess('10.2.0.1', 'correct horse battery')).statusCode).toBe(429);
      const rows = await server.database.db
        .select()
        .from(authFailures)
        .where(eq(authFailures.key, `pair:${session.email}|10.2.0.1`));
      expect(rows[0]?.failures).toBe(7);
      // The owner, from an address that has not failed, signs in at once.
      expect((await guess('10.2.9.9', 'correct horse battery')).statusCode).toBe(200);
    });

    it('slows every address that failed for an account attacked from many, not a fresh one', async () => {
      const session = await signUp(server, 'Spread Attack');
      // 40 failures (10 × the per-account allowance) from 40 addresses, one each.
      for (let n = 0; n < 40; n++) {
        const response = await post(
          '/api/v1/auth/login',
          { email: session.email, password: 'guess' },
          `10.4.${n}.1`,
        );
        expect(response.statusCode).toBe(401);
      }
      const again = await post('/api/v1/auth/login', { email: session.email, password: 'guess' }, '10.4.0.1');
      expect(again.statusCode).toBe(429);
      const owner = await post(
        '/api/v1/auth/login',
        { email: session.email, password: 'correct horse battery' },
        '10.4.200.1',
      );
      expect(owner.statusCode).toBe(200);
    });

    it('rate-limits per client address and ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await post(
          '/api/v1/auth/login',
          { email: `someone.${attempt}@example.com`, password: 'guess' },
          '10.3.0.1',
          { 'x-forwarded-for': `203.0.113.${attempt}` },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(8)).toEqual([429, 429]);
      // Another address is unaffected.
      const other = await post(
        '/api/v1/auth/login',
        { email: 'someone@example.com', password: 'guess' },
        '10.3.0.2',
      );
      expect(other.statusCode).toBe(401);
    });
  });
}
