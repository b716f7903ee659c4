import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectVisible, uniqueEmail } from './harness/browser';
import { sharedProjectWithModel } from './harness/project-with-model';
import { SIMPLE_WALL_IFC, wallsNamedIds } from './harness/samples';
import { pageSettler } from './harness/settle';
import { waitForViewerReady } from './harness/viewer';

// Issue 16 (security headers and request origin): every page runs under the Content Security Policy
// with no violation reported, the 3D viewer's WebAssembly and workers included; writes riding on the
// session cookie from another site are refused.

const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** Collects the page's CSP violations (the browser's own event, and its console report). */
async function watchViolations(target: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  target.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  await target.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      // Where it happened, so a failure names the page and the script.
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} on ${location.pathname}${location.search} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => [
    ...reported,
    ...((await target.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[]),
  ];
}

/** The checked model whose dashboard and 3D viewer are visited, made while the public pages are. */
const cspHouse = sharedProjectWithModel(baseUrl, {
  signUp: { prefix: 'csp', fullName: 'Cy Sp' },
  name: 'CSP House',
  ids: { name: 'walls.ids', xml: wallsNamedIds('IFCWALL') },
  ifc: { path: SIMPLE_WALL_IFC },
});

describe('Content Security Policy', () => {
  it('is sent with the pages, and no page, the 3D viewer included, breaks it', async () => {
    // Made through a request context of its own: this page stays signed out for the public pages.
    cspHouse.start();
    const violations = await watchViolations(page);
    const home = await page.goto('/');
    const csp = home?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(home?.headers()['x-content-type-options']).toBe('nosniff');
    expect(home?.headers()['referrer-policy']).toBe('same-origin');

    for (const path of ['/login', '/signup', '/help/acc-integration', '/demo', '/api/docs']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    const { selection } = await cspHouse(context.request);
    // Every tab, from the tab strip as a person moves (each area's code arrives as it opens).
    const settle = pageSettler(page);
    await page.goto(`/dashboard?tab=overview&${selection}`);
    for (const tab of [
      'overview',
      'dashboard',
      'metadata',
      'projects',
      'reports',
      'schema',
      'team',
      'subscriptions',
      'settings',
    ]) {
      const trigger = page.locator(`[role="tab"][data-tab-id="${tab}"]`);
      if ((await trigger.getAttribute('aria-selected')) !== 'true') await trigger.click();
      await expectVisible(page.locator(`[role="tab"][data-tab-id="${tab}"][aria-selected="true"]`));
      await settle();
    }
    // The 3D viewer: three.js, the fragments worker and its WebAssembly.
    await page.locator('[role="tab"][data-tab-id="metadata"]').click();
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    await waitForViewerReady(page.getByRole('region', { name: 'IDS compliance 3D viewer' }));
    await expectVisible(page.getByRole('region', { name: 'IDS compliance 3D viewer' }));
    expect(await violations()).toEqual([]);
  });
});

describe('request origin', () => {
  it('refuses a write with the session cookie from another site, and takes the same write from the app', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('origin'),
      password: 'origin-checked-2026',
      fullName: 'Or Igin',
    });
    const body = { name: 'Cross-site project', description: '' };
    const forged = await context.request.post('/api/v1/projects', {
      data: body,
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).error.message).toBe('This request came from another site and was refused.');
    const originOnly = await context.request.post('/api/v1/projects', {
      data: body,
      headers: { origin: 'http://evil.example' },
    });
    expect(originOnly.status()).toBe(403);

    // A real cross-site form in the browser: a page of another site posting to the API.
    await context.route('http://evil.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" enctype="text/plain" action="${baseUrl}/api/v1/projects">
          <input name='{"name":"x","description":"' value='"}'><button>Send</button></form>`,
      }),
    );
    await page.goto('http://evil.test/');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${baseUrl}/api/v1/projects`),
      page.getByRole('button', { name: 'Send' }).click(),
    ]);
    // Refused: the session cookie does not travel cross-site (SameSite), and the origin rule stands behind it.
    expect([401, 403]).toContain(response.status());
    const projects = (await (await context.request.get('/api/v1/projects')).json()).projects as {
      name: string;
    }[];
    expect(projects.map((p) => p.name)).not.toContain('x');
    expect(projects.map((p) => p.name)).not.toContain('Cross-site project');

    // From the app itself the same write goes through.
    await page.goto('/dashboard');
    const status = await page.evaluate(async (payload) => {
      const response = await fetch('/api/v1/projects', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return response.status;
    }, body);
    expect(status).toBe(201);
  });
});
