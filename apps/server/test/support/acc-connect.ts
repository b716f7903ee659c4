import { expect } from 'vitest';
import type { PlumblineServer } from '../../src/app';
import type { ApsStandin } from './aps-standin';
import { call, type Session } from './server';

/**
 * The Autodesk sign-in as a browser goes through it: our redirect to Autodesk's authorize page (the
 * stand-in's), its Allow, and Autodesk's redirect back to our callback. `tamper` runs before Allow.
 */
export async function connectAcc(
  server: PlumblineServer,
  session: Session,
  standin: ApsStandin,
  callbackUrl: string,
  sessionId: string,
  tamper?: () => Promise<void>,
) {
  const start = await call(
    server,
    session,
    'GET',
    `/api/v1/acc/initiate_company_auth?session_id=${sessionId}`,
  );
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(standin.url);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')).toBe('data:read viewables:read');
  await tamper?.();
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const consent = await fetch(`${standin.url}/authentication/v2/consent${authorize.search}`, {
    redirect: 'manual',
  });
  const back = new URL(consent.headers.get('location') as string);
  expect(`${back.origin}${back.pathname}`).toBe(callbackUrl);
  return call(server, session, 'GET', `/api/v1/acc/callback${back.search}`);
}
