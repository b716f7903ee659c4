import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { createServer, type PlumblineServer } from '../../src/app';
import { ManualClock } from '../../src/platform/clock';
import { loadConfig } from '../../src/platform/config';
import { createLogger } from '../../src/platform/logger';
import type { TestBackend } from './backends';
import { verificationTokenFor } from './mail';
import { migrationsFolder } from './paths';

export interface TestServer extends PlumblineServer {
  clock: ManualClock;
  stop(): Promise<void>;
}

/** A file of its own in the run's log directory. */
function runLog(): pino.DestinationStream {
  return pino.destination({ dest: join(inject('testLogDir'), `${randomUUID()}.log`), sync: true });
}

/** A real server (database, migrations, queue with in-process workers) for app.inject tests. */
export async function startTestServer(
  backend: TestBackend,
  env: Record<string, string> = {},
  options: {
    logs?: { write(line: string): void };
    /**
     * Whether processing queues the 3D conversion at once, as a real server does (default false: the
     * conversion is seconds of CPU per model that only the viewer's tests look at, decision 0422).
     */
    fragments?: boolean;
  } = {},
): Promise<TestServer> {
  const { target, drop } = await backend.create();
  const dataDir = mkdtempSync(join(tmpdir(), 'plumbline-test-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      ...env,
    },
    { defaultWebDistDir: join(dataDir, 'no-web-build') },
  );
  const clock = new ManualClock(new Date());
  const server = await createServer({
    config,
    // Every test server logs at info into the run's log directory, which global-setup.ts checks for
    // secrets at the end (a test that captures its own log passes `options.logs`).
    logger: createLogger(config.logLevel, options.logs ?? runLog()),
    migrationsFolder,
    clock,
    database: target,
    fragmentsAfterProcessing: options.fragments ?? false,
  });
  return {
    ...server,
    clock,
    async stop() {
      try {
        await server.close();
      } finally {
        await drop();
      }
    },
  };
}

/**
 * The usual set-up of a test file: one server for the enclosing describe block, started before its
 * tests (handed to `use`, which keeps it in the block's `let server`) and stopped after them, after
 * the block's own afterAll hooks (vitest runs those in reverse order of registration).
 */
export function testServerForBlock(
  backend: TestBackend,
  use: (server: TestServer) => void,
  env: Record<string, string> = {},
  options: { fragments?: boolean } = {},
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(backend, env, options);
    use(server);
  });
  afterAll(async () => server?.stop());
}

/**
 * testServerForBlock, then accounts signed up one after another in the order named (the installation's
 * first account is its admin); `use` gets the server and the accounts before the block's own
 * beforeAll runs.
 */
export function serverWithAccountsForBlock<const Names extends readonly string[]>(
  backend: TestBackend,
  names: Names,
  use: (server: TestServer, accounts: { [I in keyof Names]: Session }) => void,
  env: Record<string, string> = {},
): void {
  let server: TestServer | undefined;
  testServerForBlock(
    backend,
    (started) => {
      server = started;
    },
    env,
  );
  beforeAll(async () => {
    if (!server) throw new Error('the test server did not start');
    const accounts: Session[] = [];
    for (const name of names) accounts.push(await signUp(server, name));
    use(server, accounts as { [I in keyof Names]: Session });
  });
}

export interface Session {
  token: string;
  userId: string;
  email: string;
}

let counter = 0;

export { TEST_PASSWORD } from './test-password';

import { TEST_PASSWORD } from './test-password';

/** A unique e-mail for an account named `name`. */
export function uniqueEmail(name = 'User'): string {
  counter += 1;
  return `${name.toLowerCase().replace(/\W+/g, '.')}.${counter}.${Date.now()}@example.com`;
}

/**
 * A fresh, verified, signed-in account with a unique e-mail: signs up, opens the verification link the
 * server mailed (read from the outbox, as its owner would from the inbox) and signs in.
 */
export async function signUp(
  server: PlumblineServer,
  name = 'User',
  email = uniqueEmail(name),
): Promise<Session> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email, password: TEST_PASSWORD, fullName: name },
    // Each account from its own address, so the per-address sign-up budget never interferes.
    remoteAddress: `10.9.${Math.floor(counter / 250)}.${counter % 250}`,
  });
  if (response.statusCode !== 202) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  // The installation's first account is verified at once and gets no link.
  const token = await verificationTokenFor(server, email);
  if (token) {
    const verified = await call(server, null, 'POST', '/api/v1/auth/verify-email', { token });
    if (verified.statusCode !== 200)
      throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  }
  return signIn(server, email);
}

/** Signs in with the test password. */
export async function signIn(server: PlumblineServer, email: string): Promise<Session> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: `10.8.${Math.floor(counter / 250)}.${counter % 250}`,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id, email };
}

/**
 * Moves the test clock on, then signs `sessions` in again (their sessions would expire over months),
 * updating their tokens in place.
 */
export async function advanceAndSignIn(server: TestServer, ms: number, sessions: Session[]): Promise<void> {
  server.clock.advance(ms);
  for (const session of sessions) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: session.email, password: TEST_PASSWORD },
      remoteAddress: '10.200.0.1',
    });
    if (response.statusCode !== 200)
      throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    session.token = (response.json() as { token: string }).token;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as `session` (or anonymously). `payload` strings are sent raw as JSON. */
export function call(
  server: PlumblineServer,
  session: Session | null,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return server.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
}

/**
 * Polls until `check` returns a value (jobs run asynchronously). It has no deadline of its own: work
 * takes what the machine gives it, and the test's (generous) timeout is what stops a hung test, so a
 * busy machine gives the same verdict as a quiet one (decision 0205).
 */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>): Promise<T> {
  // A test that timed out stops here rather than polling on beside the next one.
  let ended = false;
  try {
    onTestFinished(() => {
      ended = true;
    });
  } catch {
    // Called from a hook, not a test: the hook's timeout ends the wait.
  }
  for (;;) {
    if (ended) throw new Error('the test ended before the condition held');
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
