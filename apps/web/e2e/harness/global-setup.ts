import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './chromium';
import { OPERATOR } from './operator';
import { type RunningServer, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per file that may run at once (`maxWorkers`); a file takes its own with e2eBaseUrl(). */
    baseUrls: string[];
    /** The first of them: for a file that still reads inject('baseUrl') (it then shares that server). */
    baseUrl: string;
    /** One Chromium per worker slot, beside its server; a file connects with launchBrowser(). */
    browserEndpoints: string[];
  }
}

/**
 * One server per worker slot (decision 0205): files run `maxWorkers` at a time, and the files running at
 * once never share a server, a database or a job queue (harness/base-url.ts picks the slot's server).
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, Number(process.env.E2E_SERVERS ?? project.config.maxWorkers ?? 1));
  const started = await Promise.allSettled(Array.from({ length: count }, () => startWithOperator()));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  // A Chromium per slot too: starting one costs each file a second or more of both cores on a busy
  // machine; the files of a slot run one after another and each makes its own contexts in it.
  const launched = await Promise.allSettled(servers.map(() => launchChromiumServer()));
  const browsers = launched.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all([
      ...browsers.map((browser) => browser.close()),
      ...servers.map((server) => server.stop()),
    ]);
  };
  const failed = [...started, ...launched].find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  project.provide('baseUrl', servers[0]?.baseUrl as string);
  project.provide(
    'browserEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );
  return stopAll;
}

/** A server whose operator (the installation's first account, verified at once) has signed up. */
async function startWithOperator(): Promise<RunningServer> {
  const server = await startServer();
  // Every account the tests make after the operator verifies through its mailed link.
  const operator = await fetch(`${server.baseUrl}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  if (operator.status !== 202) {
    await server.stop();
    throw new Error(`operator sign-up failed: ${operator.status}`);
  }
  return server;
}
