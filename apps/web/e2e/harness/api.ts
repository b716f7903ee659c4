import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { verificationLinkFor } from './mail';
import { until, WAIT_MS } from './wait';

/** How long one set-up request may take: a guard against a hang, as every wait (harness/wait.ts). */
export const SET_UP_TIMEOUT_MS = WAIT_MS;

/**
 * Set-up shortcuts through the HTTP API (in the browser context, so the session cookie lands there too).
 * Tests use them only to arrange state; what is being tested is always done through the page.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  account: { email: string; password: string; fullName: string },
): Promise<{ id: string }> {
  const response = await request.post('/api/v1/auth/signup', { data: account, timeout: SET_UP_TIMEOUT_MS });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const user = await signInViaApi(request, account);
  // An installation's first account is verified at once; any other opens the link mailed to it.
  if (!user.emailVerified) await verifyViaMail(request, account.email);
  return user;
}

export async function signInViaApi(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<{ id: string; emailVerified: boolean }> {
  const response = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
    timeout: SET_UP_TIMEOUT_MS,
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).user;
}

/** Opens the verification link the server mailed to `email` (read from the caught mail), as its owner would. */
export async function verifyViaMail(request: APIRequestContext, email: string): Promise<void> {
  const link = await verificationLinkFor(email);
  if (!link) throw new Error(`no verification mail reached ${email}`);
  const token = link.slice(link.indexOf('#token=') + '#token='.length);
  const response = await request.post('/api/v1/auth/verify-email', {
    data: { token },
    timeout: SET_UP_TIMEOUT_MS,
  });
  if (!response.ok()) throw new Error(`verification failed: ${response.status()} ${await response.text()}`);
}

export async function createProjectViaApi(
  request: APIRequestContext,
  body: { name: string; description?: string },
): Promise<{ id: string; name: string }> {
  const response = await request.post('/api/v1/projects', { data: body, timeout: SET_UP_TIMEOUT_MS });
  if (!response.ok())
    throw new Error(`project creation failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).project;
}

export async function addMemberViaApi(
  request: APIRequestContext,
  projectId: string,
  member: { email: string; role: 'Admin' | 'Editor' | 'Viewer' },
): Promise<void> {
  const response = await request.post(`/api/v1/projects/${projectId}/members`, { data: member });
  if (!response.ok())
    throw new Error(`adding a member failed: ${response.status()} ${await response.text()}`);
}

/** Sends a file to an upload route (multipart, as the browser's upload does); resolves with the answer's JSON. */
export async function uploadViaApi(
  request: APIRequestContext,
  url: string,
  file: { name: string; buffer: Buffer; mimeType?: string },
  // biome-ignore lint/suspicious/noExplicitAny: each upload route answers its own shape; tests read what they need
): Promise<any> {
  const { name, buffer, mimeType = 'application/octet-stream' } = file;
  // Set-up, not the subject: an upload may wait on a loaded server longer than a page step would.
  const response = await request.post(url, {
    multipart: { file: { name, mimeType, buffer } },
    timeout: SET_UP_TIMEOUT_MS,
  });
  if (!response.ok())
    throw new Error(`upload of ${name} failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Polls a file's status until its latest version completed; a failed version throws. */
export async function waitForCompletedViaApi(
  request: APIRequestContext,
  projectId: string,
  fileId: string,
): Promise<void> {
  await until(
    `file ${fileId} processed`,
    async () => {
      const status = await (
        await request.get(`/api/v1/projects/${projectId}/bimfiles/${fileId}/status`, {
          timeout: SET_UP_TIMEOUT_MS,
        })
      ).json();
      if (status.status === 'failed') throw new Error(`processing: ${JSON.stringify(status)}`);
      return status.status === 'completed';
    },
    500,
  );
}

/** A file on disk as `uploadViaApi` sends it, under its own name. */
export function fileOnDisk(path: string, mimeType = 'application/octet-stream') {
  return { name: basename(path), buffer: readFileSync(path), mimeType };
}
