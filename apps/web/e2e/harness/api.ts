import type { APIRequestContext } from 'playwright-core';

/**
 * Set-up shortcuts through the HTTP API (in the browser context, so the session cookie lands there too).
 * Tests use them only to arrange state; what is being tested is always done through the page.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  account: { email: string; password: string; fullName: string },
): Promise<{ id: string }> {
  const response = await request.post('/api/v1/auth/signup', { data: account });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).user;
}

export async function createProjectViaApi(
  request: APIRequestContext,
  body: { name: string; description?: string },
): Promise<{ id: string; name: string }> {
  const response = await request.post('/api/v1/projects', { data: body });
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
