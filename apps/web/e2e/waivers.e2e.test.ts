import { type BrowserContext, type Page, request as playwright } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { addMemberViaApi, signInViaApi, signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { projectWithModelViaApi } from './harness/project-with-model';
import { FZK_HOUSE_IFC, haveSamples, VIEWER_COLOURS_IDS } from './harness/samples';
import { settledPixelCounts, waitForViewerReady } from './harness/viewer';

// Issue 32 item 1 in Chromium: an Editor requests a waiver from the element inspector; a project
// Admin approves it in the Waivers view, where their own request cannot be approved; the 3D viewer's
// legend shows Waived with its shield and the count.
const baseUrl = e2eBaseUrl();
const haveHouse = haveSamples('waivers', FZK_HOUSE_IFC);
const WALLS = 'Walls carry the reference name';

let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

const adminApi = playwright.newContext({ baseURL: baseUrl });
afterAll(async () => {
  await (await adminApi).dispose();
});

describe.skipIf(!haveHouse)('waivers', () => {
  it('an Editor requests from the inspector, an Admin approves in the Waivers view, the viewer shows Waived', async () => {
    const admin = await adminApi;
    const checked = await projectWithModelViaApi(admin, {
      signUp: { prefix: 'waiver-admin', fullName: 'Ada Admin' },
      name: 'Waived House',
      ids: { name: 'colours.ids', xml: VIEWER_COLOURS_IDS },
      ifc: { path: FZK_HOUSE_IFC },
    });
    const editor = {
      email: uniqueEmail('waiver-editor'),
      password: 'waiver-editor-2026-x',
      fullName: 'Ed Editor',
    };
    await signUpViaApi(context.request, editor);
    await addMemberViaApi(admin, checked.projectId, { email: editor.email, role: 'Editor' });

    // The Editor: IDS Compliance view, a failing wall in the results, its Validation tab.
    await page.goto(`/dashboard?tab=metadata&${checked.selection}`);
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    const view = page.getByTestId('ids-compliance-view');
    // Only the walls' specification's failures: the results' order alone need not put a wall first.
    await view.getByRole('combobox', { name: 'Specification' }).click();
    await page.getByRole('option', { name: WALLS, exact: true }).click();
    await view.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed', exact: true }).click();
    const inspect = view.getByRole('button', { name: /^Inspect element #\d+$/ }).first();
    await expectVisible(inspect);
    const label = (await inspect.getAttribute('aria-label')) ?? '';
    const viewerDbId = Number(label.replace(/\D+/g, ''));
    await inspect.click();
    const inspector = page.getByRole('complementary', { name: 'Element Inspector' });
    await expectVisible(inspector);
    await inspector.getByRole('tab', { name: 'Validation' }).click();
    const card = inspector.getByRole('region', { name: `Compliance detail: ${WALLS}` });
    await card.getByRole('button', { expanded: false }).first().click();
    await card.getByRole('button', { name: 'Request waiver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a waiver' });
    await dialog.getByLabel('Reason').fill('The reference name is agreed on the wall type with the client');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expectVisible(page.getByText('Waiver requested. A project Admin will decide it.'));
    await screenshot(page, 'waiver-requested');

    // The Admin asks for one of their own, for another wall, through the API.
    const listed = await (await admin.get(`/api/v1/projects/${checked.projectId}/waivers`)).json();
    const editors = listed.waivers[0];
    expect(listed.waivers).toHaveLength(1);
    expect(editors).toMatchObject({
      state: 'requested',
      scope: 'element',
      requested_by: { email: editor.email },
    });
    const specs = await (
      await admin.get(`/api/v1/projects/${checked.projectId}/ids/specifications?fileId=${checked.fileId}`)
    ).json();
    const wallSpec = specs.specifications.find((s: { name: string }) => s.name === WALLS);
    const results = await (
      await admin.get(
        `/api/v1/projects/${checked.projectId}/bimfiles/${checked.fileId}/compliance/results?status=failed&specificationId=${wallSpec.id}&limit=50`,
      )
    ).json();
    const other = results.results.find((r: { viewer_db_id: number }) => r.viewer_db_id !== viewerDbId);
    const own = await admin.post(`/api/v1/projects/${checked.projectId}/waivers`, {
      data: {
        file_id: checked.fileId,
        specification_id: wallSpec.id,
        scope: 'element',
        element_id: other.viewer_db_id,
        reason: 'Admin’s own request',
        expires_on: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(own.status()).toBe(201);
    const ownId = (await own.json()).waiver.id as string;

    // The Admin in the page: the Waivers view of the File Inspector's Compliance tab.
    await context.clearCookies();
    if (!checked.account) throw new Error('the admin account was not made');
    await signInViaApi(context.request, checked.account);
    await page.goto(`/dashboard?tab=dashboard&${checked.selection}`);
    const compliance = page.getByTestId('compliance-tab');
    await compliance.getByRole('tab', { name: 'Waivers' }).click();
    const waivers = page.getByTestId('waivers-view');
    const ownRow = waivers.locator(`[data-waiver-id="${ownId}"]`);
    const editorRow = waivers.locator(`[data-waiver-id="${editors.id}"]`);
    await expectVisible(editorRow.getByRole('button', { name: 'Approve' }));
    // Their own request: Approve is off, and the server refuses it too.
    expect(await ownRow.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(
      (
        await admin.post(`/api/v1/projects/${checked.projectId}/waivers/${ownId}/approve`, { data: {} })
      ).status(),
    ).toBe(403);
    await editorRow.getByRole('button', { name: 'Approve' }).click();
    await expectVisible(page.getByText('Waiver approved.'));
    await expectVisible(editorRow.getByText('Approved'));
    await screenshot(page, 'waivers-view');

    // The 3D viewer's legend: Waived, with its shield, one element.
    await page.goto(`/dashboard?tab=metadata&${checked.selection}`);
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    const viewer = page.getByRole('region', { name: 'IDS compliance 3D viewer' });
    await waitForViewerReady(viewer);
    const legend = viewer.getByRole('list', { name: 'Compliance colour legend' });
    const waived = legend.locator('li[data-status="waived"]');
    await expectVisible(waived.getByText('Waived'));
    await expectVisible(waived.locator('[data-status-icon="waived"]'));
    await expectVisible(waived.locator('[data-count]', { hasText: /^1$/ }));
    // The 3D view itself draws the waived wall in Waived's colour (issue 32: its own colour in the viewer).
    const drawn = await settledPixelCounts(viewer, (counts) => counts.magenta > 0);
    expect(drawn.magenta).toBeGreaterThan(0);
    await screenshot(viewer, 'viewer-waived-legend');

    // The element inspector of the waived wall: its card's badge says Waived, with the shield.
    await view.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Waived' }).click();
    const waivedInspect = view.getByRole('button', { name: `Inspect element #${viewerDbId}` });
    await expectVisible(waivedInspect);
    await waivedInspect.click();
    const adminInspector = page.getByRole('complementary', { name: 'Element Inspector' });
    await expectVisible(adminInspector);
    await adminInspector.getByRole('tab', { name: 'Validation' }).click();
    const waivedCard = adminInspector.getByRole('region', { name: `Compliance detail: ${WALLS}` });
    const badge = waivedCard.locator('[data-element-status="waived"]');
    await expectVisible(badge.getByText('Waived'));
    await expectVisible(badge.locator('[data-status-icon="waived"]'));
    await screenshot(adminInspector, 'inspector-waived-badge');
  });
});
