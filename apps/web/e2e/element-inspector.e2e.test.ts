import { existsSync, readFileSync } from 'node:fs';
import { checkModel, parseIds } from '@plumbline/ids';
import { elementReasons, idsWords } from '@plumbline/ids/report/words';
import { passedById } from '@plumbline/ids/testing/element-outcomes';
import { readIfc } from '@plumbline/ifc';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProjectViaApi, signUpViaApi, uploadViaApi, waitForCompletedViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import {
  browserPagePerTest,
  downloadedBytes,
  expectVisible,
  screenshot,
  uniqueEmail,
} from './harness/browser';
import { sharedProjectWithModel } from './harness/project-with-model';
import { askAssistant, waitForViewerReady } from './harness/viewer';
import { until } from './harness/wait';

const baseUrl = e2eBaseUrl();
const SHARED = new URL('../../../../shared/', import.meta.url).pathname;
const SIMPLE_WALL = `${SHARED}ifc-samples/SimpleWall.ifc`;
const haveSamples = existsSync(SIMPLE_WALL);
if (!haveSamples) console.warn(`element inspector e2e skipped: ${SIMPLE_WALL} is missing`);

/** Every wall and door of SimpleWall.ifc fails the second requirement; slabs (none) make a spec not applicable. */
const RULES = `<?xml version="1.0" encoding="UTF-8"?>
<ids:ids xmlns:ids="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">
  <ids:info><ids:title>Inspector checks</ids:title></ids:info>
  <ids:specifications>
    ${['IFCWALLSTANDARDCASE', 'IFCDOOR', 'IFCSLAB']
      .map(
        (entity) => `<ids:specification ifcVersion="IFC2X3 IFC4" name="${entity} is approved">
      <ids:applicability minOccurs="0" maxOccurs="unbounded">
        <ids:entity><ids:name><ids:simpleValue>${entity}</ids:simpleValue></ids:name></ids:entity>
      </ids:applicability>
      <ids:requirements>
        <ids:property><ids:propertySet><ids:simpleValue>Pset_ProductRequirements</ids:simpleValue></ids:propertySet><ids:baseName><ids:simpleValue>Name</ids:simpleValue></ids:baseName></ids:property>
        <ids:property><ids:propertySet><ids:simpleValue>Plumbline_Checks</ids:simpleValue></ids:propertySet><ids:baseName><ids:simpleValue>ApprovedBy</ids:simpleValue></ids:baseName></ids:property>
      </ids:requirements>
    </ids:specification>`,
      )
      .join('\n    ')}
  </ids:specifications>
</ids:ids>`;

let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Clicks the 3D view at a grid of points, as a person looking for an element would, until one is
 * picked. After each click it waits for the viewer's answer (its count of answered clicks goes up:
 * an element, or nothing there), then reads whether the inspector opened.
 */
async function pickAnElement(viewer: Locator, inspector: Locator): Promise<void> {
  const canvas = viewer.locator('canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the 3D viewer has no size');
  const answered = async () => Number((await viewer.getAttribute('data-viewer-picks')) ?? 0);
  const fractions = [0.5, 0.4, 0.6, 0.3, 0.7];
  for (const fy of fractions) {
    for (const fx of fractions) {
      const before = await answered();
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      await until('the viewer to answer the click', async () => (await answered()) > before);
      const announced = (await viewer.getByRole('status').first().textContent()) ?? '';
      if (announced.startsWith('Selected element')) {
        await expectVisible(inspector);
        return;
      }
    }
  }
  throw new Error('no click in the 3D view picked an element');
}

/** Opens the version in the Metadata Explorer with its viewer, and picks an element there. */
async function inspectAPickedElement(ids: { projectId: string; fileId: string; versionId: string }) {
  await page.goto(
    `/dashboard?tab=metadata&project=${ids.projectId}&file=${ids.fileId}&version=${ids.versionId}`,
  );
  const toggle = page.getByRole('switch', { name: '3D Viewer & AI Assistant' });
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  const viewer = page.getByRole('region', { name: '3D BIM viewer' });
  await waitForViewerReady(viewer);
  const inspector = page.getByRole('complementary', { name: 'Element Inspector' });
  await pickAnElement(viewer, inspector);
  return inspector;
}

/** A signed-in user's project with the rules and SimpleWall.ifc processed. */
async function arrange(projectName: string) {
  const ifc = readFileSync(SIMPLE_WALL);
  await signUpViaApi(context.request, {
    email: uniqueEmail('inspector'),
    password: 'inspector-2026-pass',
    fullName: 'Ines Inspector',
  });
  const project = await createProjectViaApi(context.request, { name: projectName });
  const filesUrl = `/api/v1/projects/${project.id}/bimfiles`;
  await uploadViaApi(context.request, `/api/v1/projects/${project.id}/idsfiles`, {
    name: 'checks.ids',
    buffer: Buffer.from(RULES),
  });
  const uploaded = await uploadViaApi(context.request, filesUrl, { name: 'SimpleWall.ifc', buffer: ifc });
  const fileId: string = uploaded.bim_file.id;
  const versionId: string = uploaded.version.id;
  await waitForCompletedViaApi(context.request, project.id, fileId);

  return { ifc, projectId: project.id, filesUrl, fileId, versionId };
}

/**
 * The same set-up, made once for the two tests that only read it (each signs in to it in its own
 * browser context); the test that uploads a second version arranges its own.
 */
const inspectedWalls = sharedProjectWithModel(baseUrl, {
  signUp: { prefix: 'inspector', fullName: 'Ines Inspector' },
  name: 'Inspected Walls',
  ids: { name: 'checks.ids', xml: RULES },
  ifc: { path: SIMPLE_WALL, name: 'SimpleWall.ifc' },
  fragments: false,
});
async function arrangeShared() {
  const { projectId, fileId, versionId } = await inspectedWalls(context.request);
  const ifc = readFileSync(SIMPLE_WALL);
  return { ifc, projectId, filesUrl: `/api/v1/projects/${projectId}/bimfiles`, fileId, versionId };
}

describe.skipIf(!haveSamples)('element inspector', () => {
  it('opens from the 3D viewer with properties, location, validation reasons and a JSON export', async () => {
    const { ifc, projectId, filesUrl, fileId, versionId } = await arrangeShared();

    const inspector = await inspectAPickedElement({ projectId, fileId, versionId });

    // Which element was picked decides every expectation, computed by the engine on the same files.
    const idText = await inspector
      .getByText('Viewer DB ID')
      .locator('xpath=following-sibling::dd')
      .textContent();
    const viewerDbId = Number(idText);
    const model = readIfc(new Uint8Array(ifc));
    const report = checkModel(model, parseIds(RULES));
    const entityName = model.classOf(viewerDbId) ?? '';
    const globalId = model.globalId(viewerDbId) ?? '';
    model.dispose();
    await expectVisible(inspector.getByText(globalId, { exact: true }));
    const api = await (
      await context.request.get(`${filesUrl}/${fileId}/elements/${viewerDbId}?versionId=${versionId}`)
    ).json();

    // Properties: grouped by set ('Set:Name' keys), the first two groups open, the rest closed.
    const sets = [...new Set(Object.keys(api.element.properties_data).map((key) => key.split(':')[0]))];
    if (sets.length === 0)
      await expectVisible(inspector.getByText('No properties available for this element'));
    for (const [index, set] of sets.slice(0, 3).entries()) {
      const trigger = inspector.getByRole('button', {
        name: new RegExp(`^${escapeRegExp(set as string)}\\b`),
      });
      await expectVisible(trigger);
      expect(await trigger.first().getAttribute('aria-expanded')).toBe(index < 2 ? 'true' : 'false');
    }
    await screenshot(page, 'element-inspector-properties');

    // Location.
    await inspector.getByRole('tab', { name: 'Location' }).click();
    await expectVisible(inspector.getByText('IFC Entity Type'));
    await expectVisible(inspector.getByText('Persistent GUID'));
    const entityType = inspector
      .getByText('IFC Entity Type', { exact: true })
      .locator('xpath=following-sibling::dd');
    expect(((await entityType.textContent()) ?? '').toUpperCase()).toBe(entityName);

    // Validation: the engine's verdict and reason for this element.
    await inspector.getByRole('tab', { name: 'Validation' }).click();
    const applicable = report.specifications.filter((s) => passedById(s).has(viewerDbId));
    if (applicable.length === 0) {
      await expectVisible(inspector.getByText('Not Applicable').first());
    } else {
      const spec = applicable[0];
      const result = spec?.failingElements.find((e) => e.id === viewerDbId);
      const reason = spec && result ? elementReasons(idsWords(), spec, result)[0] : undefined;
      expect(reason, 'every wall and door lacks Plumbline_Checks.ApprovedBy').toBeDefined();
      await expectVisible(inspector.getByText('Non-Compliant').first());
      await inspector
        .getByRole('table', { name: 'Specifications' })
        .getByRole('button', { name: spec?.name })
        .click();
      const card = inspector.getByRole('region', { name: `Compliance detail: ${spec?.name}` });
      await card.getByRole('tab', { name: /^Requirements/ }).click();
      await expectVisible(
        card.getByRole('list', { name: 'Reasons' }).getByText(reason as string, { exact: true }),
      );
      await expectVisible(card.getByRole('tab', { name: `Applicability (${spec?.applicability.length})` }));
    }
    await screenshot(page, 'element-inspector-validation');

    // Export: the element exactly as the API gives it.
    const download = page.waitForEvent('download');
    await inspector.getByRole('button', { name: 'Export element as JSON' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^element-.+\.json$/);
    const exported = JSON.parse((await downloadedBytes(file)).toString('utf8'));
    expect(exported).toEqual(api.element);
    expect(exported.viewer_db_id).toBe(viewerDbId);

    await inspector.getByRole('button', { name: 'Close inspector' }).click();
    await expect.poll(() => inspector.isVisible()).toBe(false);
    // The chat it stood in for is back.
    await expectVisible(page.getByRole('region', { name: 'AI Assistant' }));
  });

  it('closes when another version is chosen: viewer ids belong to one version', async () => {
    const { ifc, projectId, filesUrl, fileId, versionId } = await arrange('Versioned Walls');
    // A second version of the same file (one more line end: another checksum, the same model).
    await uploadViaApi(context.request, filesUrl, {
      name: 'SimpleWall.ifc',
      buffer: Buffer.concat([ifc, Buffer.from('\n')]),
    });
    await waitForCompletedViaApi(context.request, projectId, fileId);

    const inspector = await inspectAPickedElement({ projectId, fileId, versionId });

    // The inspector sits in the chat's column beside the viewer: the pickers above stay in reach.
    expect(await page.getByRole('region', { name: 'AI Assistant' }).isVisible()).toBe(false);
    await page.getByRole('combobox', { name: 'Version' }).click();
    await page.getByRole('option', { name: /^v2\b/ }).click();
    await expect.poll(() => inspector.isVisible()).toBe(false);
    await page.waitForURL((url) => url.searchParams.get('version') !== versionId);
    await expectVisible(page.getByRole('region', { name: 'AI Assistant' }));

    // A conversation belongs to its version and survives a switch: away, the chat says where it
    // is; back, it is there again.
    const chat = page.getByRole('region', { name: 'AI Assistant' });
    await askAssistant(chat, 'How many walls are there?');
    await expectVisible(chat.getByRole('article', { name: 'Assistant message' }).last());
    await page.getByRole('combobox', { name: 'Version' }).click();
    await page.getByRole('option', { name: /^v1\b/ }).click();
    await page.waitForURL((url) => url.searchParams.get('version') === versionId);
    await expectVisible(chat.getByText(/Your conversation about v2 is kept/));
    expect(await chat.getByText('How many walls are there?').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Version' }).click();
    await page.getByRole('option', { name: /^v2\b/ }).click();
    await expectVisible(chat.getByText('How many walls are there?'));
    await expectVisible(chat.getByRole('article', { name: 'Assistant message' }).last());
  });

  it('opens from a failed row of the IDS Compliance view and shows the reason the engine gave', async () => {
    const { ifc, projectId, fileId, versionId } = await arrangeShared();
    const model = readIfc(new Uint8Array(ifc));
    const report = checkModel(model, parseIds(RULES));
    model.dispose();

    await page.goto(`/dashboard?tab=metadata&project=${projectId}&file=${fileId}&version=${versionId}`);
    await page.getByRole('tab', { name: 'IDS Compliance' }).click();
    const results = page.getByRole('table', { name: 'Compliance results' });
    const inspect = results.getByRole('button', { name: /^Inspect element #\d+$/ }).first();
    await expectVisible(inspect);
    const viewerDbId = Number(((await inspect.getAttribute('aria-label')) ?? '').replace(/\D/g, ''));
    await inspect.click();

    const inspector = page.getByRole('complementary', { name: 'Element Inspector' });
    await expectVisible(inspector.getByText(String(viewerDbId), { exact: true }));
    // The inspector docks beside the view: every results column stays in sight, none under it.
    const inspectorBox = await inspector.boundingBox();
    const viewport = page.viewportSize();
    for (const column of ['Element', 'Status', 'Specification', 'Name', 'IFC Class', 'GlobalId']) {
      const header = results.getByRole('columnheader', { name: column, exact: true });
      await header.scrollIntoViewIfNeeded();
      const box = await header.boundingBox();
      const right = (box?.x ?? 0) + (box?.width ?? 0);
      expect(right, `${column} ends before the inspector`).toBeLessThanOrEqual((inspectorBox?.x ?? 0) + 1);
      expect(right, `${column} is in the window`).toBeLessThanOrEqual(viewport?.width ?? 0);
    }
    // ...and without scrolling the table sideways: it fits its column.
    const overflow = await results.evaluate(
      (table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0),
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'ids-compliance-inspector-docked');
    await inspector.getByRole('tab', { name: 'Validation' }).click();
    const failing = report.specifications.find((s) =>
      s.failingElements.some((e) => e.id === viewerDbId && e.failures.length > 0),
    );
    const applicable = report.specifications.filter((s) => passedById(s).has(viewerDbId));
    const summary = `${applicable.filter((s) => passedById(s).get(viewerDbId)).length} of ${applicable.length} applicable`;
    await expectVisible(inspector.getByText(new RegExp(`^${summary}`)));
    expect(failing, 'the first result row is a wall or a door, which all lack ApprovedBy').toBeDefined();
    if (failing) {
      const element = failing.failingElements.find((e) => e.id === viewerDbId);
      const reason = element ? (elementReasons(idsWords(), failing, element)[0] as string) : '';
      await inspector
        .getByRole('table', { name: 'Specifications' })
        .getByRole('button', { name: failing.name })
        .click();
      const card = inspector.getByRole('region', { name: `Compliance detail: ${failing.name}` });
      await card.getByRole('tab', { name: /^Requirements/ }).click();
      await expectVisible(card.getByRole('list', { name: 'Reasons' }).getByText(reason, { exact: true }));
    }
    // A specification this element is outside of says so, with its entity facet decided.
    const outside = report.specifications.find((s) => !passedById(s).has(viewerDbId));
    expect(outside, 'no element is a slab').toBeDefined();
    if (outside) {
      await inspector
        .getByRole('table', { name: 'Specifications' })
        .getByRole('button', { name: outside.name })
        .click();
      const card = inspector.getByRole('region', { name: `Compliance detail: ${outside.name}` });
      await expectVisible(card.getByText('Not Applicable').first());
      await expectVisible(card.getByText('No match'));
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => inspector.isVisible()).toBe(false);
  });
});
