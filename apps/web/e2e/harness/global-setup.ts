import type { TestProject } from 'vitest/node';
import { OPERATOR } from './operator';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server for the whole end-to-end run; tests read its address with inject('baseUrl'). */
export default async function setup(project: TestProject) {
  const server = await startServer();
  // The installation's operator signs up first (its account is verified at once, as the first one is);
  // every account the tests make then verifies through its mailed link.
  const operator = await fetch(`${server.baseUrl}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  if (operator.status !== 202) throw new Error(`operator sign-up failed: ${operator.status}`);
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
  };
}
